import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { EMAIL_KINDS, type EmailKind, type Notification, type NotificationKind, type NotificationParams } from '@phonehaat/shared-api';
import type { Db, Tx } from '../../../db/client.ts';
import { emailOutbox, emailPreferences, notifications, pushSubscriptions } from '../../../db/schema.ts';
import { isPushed } from '../push/words.ts';
import { rows } from '../../../db/rows.ts';

/** Something that happened to one person: one notification, once per `eventKey`. */
export interface NotificationEvent {
  userId: string;
  kind: NotificationKind;
  params: NotificationParams;
  link: string;
  /** What makes the event itself (e.g. `booked:<bookingId>`): repeating the event adds nothing. */
  eventKey: string;
}

/**
 * One event that tells many people at once, each notification made by the database from a row of a query (see
 * recordEach): `params` is what they share, `eventKey` holds `{key}` for each row's own key.
 */
export type SharedEvent = Omit<NotificationEvent, 'userId'>;

/** A notification recorded, named by its id: its stream reads it (many at once are announced so). */
export interface Told {
  userId: string;
  id: string;
}

/** What a transaction recorded: announced live and queued for e-mail after the commit. */
export interface Recorded {
  notifications: { userId: string; notification: Notification }[];
  outboxIds: number[];
  /** Recorded by the database for many at once (recordEach): announced by id. */
  told?: Told[];
}

type NotificationRow = typeof notifications.$inferSelect;
export const toNotification = (row: NotificationRow): Notification => ({
  _id: String(row.id),
  kind: row.kind as NotificationKind,
  params: row.params as NotificationParams,
  link: row.link,
  createdAt: row.createdAt.toISOString(),
  read: row.readAt !== null,
});

/** Kinds e-mailed one by one as they happen; a saved search's new phones go in the daily digest instead. */
const isEmailedAtOnce = (kind: string): kind is EmailKind => kind !== 'saved-search' && (EMAIL_KINDS as readonly string[]).includes(kind);

export function createNotificationsRepository(db: Db) {
  /** The kinds each of these people turned off. */
  async function emailsOff(tx: Db | Tx, userIds: string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const off = await tx
      .select({ userId: emailPreferences.userId, kind: emailPreferences.kind })
      .from(emailPreferences)
      .where(and(inArray(emailPreferences.userId, userIds), eq(emailPreferences.enabled, false)));
    return new Set(off.map((row) => `${row.userId}:${row.kind}`));
  }

  /** The outbox rows of those just recorded that are e-mailed at once, to whom has not turned their kind off. */
  async function withOutbox(tx: Tx, inserted: NotificationRow[]): Promise<Recorded> {
    const off = await emailsOff(tx, [...new Set(inserted.filter((row) => isEmailedAtOnce(row.kind)).map((row) => row.userId))]);
    const toEmail = inserted.filter((row) => isEmailedAtOnce(row.kind) && !off.has(`${row.userId}:${row.kind}`));
    const outbox = toEmail.length
      ? await tx
          .insert(emailOutbox)
          .values(toEmail.map((row) => ({ userId: row.userId, kind: row.kind, notificationId: row.id })))
          .returning({ id: emailOutbox.id })
      : [];
    const pushes = await withPushes(tx, inserted.filter((row) => isPushed(row.kind)));
    return {
      notifications: inserted.map((row) => ({ userId: row.userId, notification: toNotification(row) })),
      outboxIds: [...outbox.map((row) => row.id), ...pushes],
    };
  }

  /** A push for each of these to each device of its person (decision 041), in the same transaction. */
  async function withPushes(tx: Tx, pushed: NotificationRow[]): Promise<number[]> {
    const userIds = [...new Set(pushed.map((row) => row.userId))];
    if (userIds.length === 0) return [];
    const devices = await tx.select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId }).from(pushSubscriptions).where(inArray(pushSubscriptions.userId, userIds));
    const values = pushed.flatMap((row) =>
      devices.filter((device) => device.userId === row.userId).map((device) => ({ userId: row.userId, kind: row.kind, notificationId: row.id, channel: 'push' as const, pushSubscriptionId: device.id })),
    );
    if (values.length === 0) return [];
    const inserted = await tx.insert(emailOutbox).values(values).returning({ id: emailOutbox.id });
    return inserted.map((row) => row.id);
  }

  return {
    /** In the caller's transaction: the notifications, and an outbox row for each one to be e-mailed. */
    async record(tx: Tx, events: NotificationEvent[]): Promise<Recorded> {
      if (events.length === 0) return { notifications: [], outboxIds: [] };
      const inserted = await tx
        .insert(notifications)
        .values(events.map(({ userId, kind, params, link, eventKey }) => ({ userId, kind, params, link, eventKey })))
        .onConflictDoNothing()
        .returning();
      return withOutbox(tx, inserted);
    },

    /**
     * As `record`, for an event that tells many (a new listing, hundreds of saved searches' owners) of something not
     * e-mailed at once, made in one statement: `source` is a query (after `ctes`, a WITH list without its WITH)
     * answering `user_id`, `key` and `params` (each row's own, over the event's). Answers only their ids: hundreds of
     * whole notifications read back would hold up this process for nothing (most people are not looking).
     */
    async recordEach(tx: Tx, event: SharedEvent, ctes: SQL, source: SQL): Promise<Recorded> {
      if (isEmailedAtOnce(event.kind) || isPushed(event.kind)) throw new Error(`recordEach does not e-mail or push: ${event.kind} is sent at once`);
      const told = await rows<Told>(
        tx,
        sql`WITH ${ctes}, source AS (${source})
            INSERT INTO notifications (user_id, kind, params, link, event_key)
            SELECT user_id, ${event.kind}, ${JSON.stringify(event.params)}::jsonb || params, ${event.link}, replace(${event.eventKey}, '{key}', key) FROM source
            ON CONFLICT DO NOTHING
            RETURNING id::text, user_id AS "userId"`,
      );
      return { notifications: [], outboxIds: [], told };
    },

    /** These notifications, each with its person (a stream reading those it was told of by id). */
    async byIds(ids: string[]): Promise<{ userId: string; notification: Notification }[]> {
      if (ids.length === 0) return [];
      const found = await db.select().from(notifications).where(inArray(notifications.id, ids.map(Number))).orderBy(notifications.id);
      return found.map((row) => ({ userId: row.userId, notification: toNotification(row) }));
    },

    /** E-mails that are not one notification (a digest), in the caller's transaction, to whom has not turned the kind off. */
    async queueEmails(tx: Tx, emails: { userId: string; kind: EmailKind; payload: Record<string, unknown> }[]): Promise<number[]> {
      const off = await emailsOff(tx, [...new Set(emails.map((email) => email.userId))]);
      const wanted = emails.filter((email) => !off.has(`${email.userId}:${email.kind}`));
      if (wanted.length === 0) return [];
      const inserted = await tx.insert(emailOutbox).values(wanted).returning({ id: emailOutbox.id });
      return inserted.map((row) => row.id);
    },

    /** Newest first; `before` pages back. One more than asked tells whether there are more. */
    async list(userId: string, before: string | undefined, limit: number): Promise<{ items: Notification[]; hasMore: boolean }> {
      const found = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), before ? sql`${notifications.id} < ${before}::bigint` : undefined))
        .orderBy(desc(notifications.id))
        .limit(limit + 1);
      return { items: found.slice(0, limit).map(toNotification), hasMore: found.length > limit };
    },

    /** Whether the person has an unread notification leading there (one per conversation is enough). */
    async hasUnread(userId: string, link: string): Promise<boolean> {
      const [found] = await db
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.link, link), isNull(notifications.readAt)))
        .limit(1);
      return found !== undefined;
    },

    async unreadCount(userId: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
      return row?.count ?? 0;
    },

    /** Marks these (or all) of the person's unread notifications read; answers how many changed. */
    async markRead(userId: string, ids?: string[]): Promise<number> {
      const changed = await db
        .update(notifications)
        .set({ readAt: new Date() })
        .where(
          and(
            eq(notifications.userId, userId),
            isNull(notifications.readAt),
            ids ? inArray(notifications.id, ids.map(Number)) : undefined,
          ),
        )
        .returning({ id: notifications.id });
      return changed.length;
    },

    /** Marks read the person's unread notifications that lead there. */
    async markReadAt(userId: string, link: string): Promise<void> {
      await db
        .update(notifications)
        .set({ readAt: new Date() })
        .where(and(eq(notifications.userId, userId), eq(notifications.link, link), isNull(notifications.readAt)));
    },

    /** Every kind of e-mail, on unless turned off. */
    async emailSettings(userId: string): Promise<Record<EmailKind, boolean>> {
      const off = await emailsOff(db, [userId]);
      return Object.fromEntries(EMAIL_KINDS.map((kind) => [kind, !off.has(`${userId}:${kind}`)])) as Record<EmailKind, boolean>;
    },

    async setEmail(userId: string, settings: Partial<Record<EmailKind, boolean>>): Promise<void> {
      const values = Object.entries(settings).map(([kind, enabled]) => ({ userId, kind, enabled: Boolean(enabled), updatedAt: new Date() }));
      if (values.length === 0) return;
      await db
        .insert(emailPreferences)
        .values(values)
        .onConflictDoUpdate({
          target: [emailPreferences.userId, emailPreferences.kind],
          set: { enabled: sql`excluded.enabled`, updatedAt: sql`excluded.updated_at` },
        });
    },
  };
}
export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
