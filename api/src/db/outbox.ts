import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { rows } from './rows.ts';

export type Channel = 'email' | 'push';

/** One e-mail (or push) to send, claimed by this worker until `leaseUntil`. */
export interface ClaimedEmail {
  id: number;
  channel: Channel;
  /** The device a push goes to (migration 0037). */
  device: { id: string; endpoint: string; keys: { p256dh: string; auth: string } } | null;
  kind: string;
  idempotencyKey: string;
  payload: Record<string, unknown>;
  attempts: number;
  user: { id: string; name: string; email: string | null; language: 'en' | 'bn'; removed: boolean };
  notification: { kind: string; params: Record<string, unknown>; link: string } | null;
  /** Whether the person turned this kind off since it was written. */
  turnedOff: boolean;
}

interface ClaimRow {
  id: string;
  channel: Channel;
  device_id: string | null;
  endpoint: string | null;
  p256dh: string | null;
  auth: string | null;
  kind: string;
  idempotency_key: string;
  payload: Record<string, unknown>;
  attempts: number;
  user_id: string;
  name: string;
  email: string | null;
  language: 'en' | 'bn';
  removed: boolean;
  n_kind: string | null;
  n_params: Record<string, unknown> | null;
  n_link: string | null;
  turned_off: boolean;
}

/** The e-mail outbox (decision 022): each row is sent once, by whichever worker claims it. */
export function createOutboxRepository(db: Db) {
  return {
    /**
     * Claims a row that is pending, or whose claim ran out (its worker died mid-send): answers nothing when it was sent,
     * skipped, or is being sent by a live worker. The claim is one UPDATE, so two workers cannot both win it.
     */
    async claim(id: number, leaseSeconds: number, channels: readonly Channel[] = ['email', 'push']): Promise<ClaimedEmail | undefined> {
      if (channels.length === 0) return undefined;
      const [row] = await rows<ClaimRow>(
        db,
        sql`WITH claimed AS (
              UPDATE email_outbox SET status = 'sending', attempts = attempts + 1, lease_until = now() + make_interval(secs => ${leaseSeconds})
              WHERE id = ${id} AND channel IN ${channels} AND (status = 'pending' OR (status = 'sending' AND lease_until < now()))
              RETURNING *
            )
            SELECT c.id::text AS id, c.channel, s.id AS device_id, s.endpoint, s.p256dh, s.auth, c.kind, c.idempotency_key::text AS idempotency_key, c.payload, c.attempts,
                   u.id AS user_id, u.name, u.email, u.language, (u.deleted_at IS NOT NULL) AS removed,
                   n.kind AS n_kind, n.params AS n_params, n.link AS n_link,
                   EXISTS (SELECT 1 FROM email_preferences p WHERE p.user_id = c.user_id AND p.kind = c.kind AND NOT p.enabled) AS turned_off
            FROM claimed c JOIN users u ON u.id = c.user_id LEFT JOIN notifications n ON n.id = c.notification_id
              LEFT JOIN push_subscriptions s ON s.id = c.push_subscription_id`,
      );
      if (!row) return undefined;
      return {
        id: Number(row.id),
        channel: row.channel,
        device: row.device_id && row.endpoint ? { id: row.device_id, endpoint: row.endpoint, keys: { p256dh: row.p256dh ?? '', auth: row.auth ?? '' } } : null,
        kind: row.kind,
        idempotencyKey: row.idempotency_key,
        payload: row.payload,
        attempts: row.attempts,
        user: { id: row.user_id, name: row.name, email: row.email, language: row.language, removed: row.removed },
        notification: row.n_kind ? { kind: row.n_kind, params: row.n_params ?? {}, link: row.n_link ?? '/' } : null,
        turnedOff: row.turned_off,
      };
    },

    async markSent(id: number): Promise<void> {
      await db.execute(sql`UPDATE email_outbox SET status = 'sent', sent_at = now(), lease_until = NULL, last_error = NULL WHERE id = ${id}`);
    },

    /** Not to be sent (the person turned the kind off, or was removed): kept, marked, never sent. */
    async markSkipped(id: number, why: string): Promise<void> {
      await db.execute(sql`UPDATE email_outbox SET status = 'skipped', lease_until = NULL, last_error = ${why} WHERE id = ${id}`);
    },

    /** The send failed: back to pending for the queue's next try, with what went wrong. */
    async release(id: number, error: string): Promise<void> {
      await db.execute(sql`UPDATE email_outbox SET status = 'pending', lease_until = NULL, last_error = ${error.slice(0, 500)} WHERE id = ${id} AND status = 'sending'`);
    },

    /**
     * Rows the queue will not send by itself: claimed by a worker whose lease ran out (it died mid-send), or pending a
     * while with no job waiting for them (the process died between the commit and the enqueue, or the job ran out of
     * tries). A pending row whose job waits out its back-off is left to it.
     */
    async stranded(pendingForSeconds: number, queue: { schema: string; name: string }, channels: readonly Channel[] = ['email', 'push'], limit = 500): Promise<number[]> {
      if (channels.length === 0) return [];
      const found = await rows<{ id: string }>(
        db,
        sql`SELECT o.id::text AS id FROM email_outbox o
            WHERE o.channel IN ${channels}
              AND ((o.status = 'sending' AND o.lease_until < now())
                OR (o.status = 'pending' AND o.created_at < now() - make_interval(secs => ${pendingForSeconds})
                    AND NOT EXISTS (SELECT 1 FROM ${sql.identifier(queue.schema)}.job j
                                    WHERE j.name = ${queue.name} AND j.state IN ('created', 'retry', 'active') AND j.data->>'outboxId' = o.id::text)))
            ORDER BY o.created_at LIMIT ${limit}`,
      );
      return found.map((row) => Number(row.id));
    },
  };
}
export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
