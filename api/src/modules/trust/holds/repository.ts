import { sql } from 'drizzle-orm';
import type { SenderHold } from '@phonehaat/shared-api';
import type { Db, Tx } from '../../../db/client.ts';
import { rows } from '../../../db/rows.ts';

interface HoldRow {
  user_id: string;
  name: string;
  email: string | null;
  removed: boolean;
  held_at: Date | string;
  held_by_name: string | null;
  flagged_people: number;
  waiting: number;
}

/** Senders held for review (issue 70, migration 0041): one open hold a person, until an admin releases it. */
export function createHoldsRepository(db: Db) {
  return {
    /** Whether the person is held now. */
    async isHeld(userId: string, tx: Db | Tx = db): Promise<boolean> {
      const [row] = await rows<{ held: boolean }>(tx, sql`SELECT EXISTS (SELECT 1 FROM sender_holds WHERE user_id = ${userId} AND released_at IS NULL) AS held`);
      return Boolean(row?.held);
    },

    /** Of a set of people, those held now. */
    async heldAmong(userIds: string[]): Promise<Set<string>> {
      if (userIds.length === 0) return new Set();
      const found = await rows<{ user_id: string }>(
        db,
        sql`SELECT user_id FROM sender_holds WHERE released_at IS NULL AND user_id = ANY(string_to_array(${userIds.join(',')}, ',')::uuid[])`,
      );
      return new Set(found.map((row) => row.user_id));
    },

    /**
     * The different people a sender's flagged messages reached in the last day, not counting those before their last
     * release (an admin who released them judged those already).
     */
    async flaggedPeople(senderId: string, tx: Db | Tx = db): Promise<number> {
      const [row] = await rows<{ people: number }>(
        tx,
        sql`SELECT count(DISTINCT CASE WHEN t.buyer_id = m.sender_id THEN t.seller_id ELSE t.buyer_id END)::int AS people
          FROM messages m JOIN threads t ON t.id = m.thread_id
          WHERE m.sender_id = ${senderId} AND m.warnings <> '{}' AND m.created_at > now() - interval '1 day'
            AND m.created_at > coalesce((SELECT max(released_at) FROM sender_holds WHERE user_id = ${senderId}), '-infinity')`,
      );
      return Number(row?.people ?? 0);
    },

    /** Holds a person (by the rules when `heldBy` is null); false when they were held already. */
    async hold(tx: Tx, input: { userId: string; heldBy: string | null; flaggedPeople: number }): Promise<boolean> {
      const inserted = await rows<{ id: string }>(
        tx,
        sql`INSERT INTO sender_holds (user_id, held_by, flagged_people) VALUES (${input.userId}, ${input.heldBy}, ${input.flaggedPeople})
          ON CONFLICT (user_id) WHERE released_at IS NULL DO NOTHING RETURNING id::text AS id`,
      );
      return inserted.length > 0;
    },

    /** Ends a person's open hold; false when there was none. */
    async release(tx: Tx, userId: string, releasedBy: string): Promise<boolean> {
      const released = await rows<{ id: string }>(
        tx,
        sql`UPDATE sender_holds SET released_at = now(), released_by = ${releasedBy} WHERE user_id = ${userId} AND released_at IS NULL RETURNING id::text AS id`,
      );
      return released.length > 0;
    },

    /** The open holds, oldest first, each with its person and how many of their messages wait. */
    async list(): Promise<SenderHold[]> {
      const found = await rows<HoldRow>(
        db,
        sql`SELECT h.user_id, u.name, u.email, (u.deleted_at IS NOT NULL) AS removed, h.held_at, a.name AS held_by_name, h.flagged_people,
            (SELECT count(*)::int FROM messages m WHERE m.sender_id = h.user_id AND m.held) AS waiting
          FROM sender_holds h JOIN users u ON u.id = h.user_id LEFT JOIN users a ON a.id = h.held_by
          WHERE h.released_at IS NULL ORDER BY h.held_at, h.id LIMIT 200`,
      );
      return found.map((row) => ({
        user: { _id: row.user_id, name: row.name, email: row.email, removed: Boolean(row.removed) },
        heldAt: new Date(row.held_at).toISOString(),
        heldBy: row.held_by_name === null ? { kind: 'rules' as const } : { kind: 'admin' as const, name: row.held_by_name },
        flaggedPeople: Number(row.flagged_people),
        waiting: Number(row.waiting),
      }));
    },
  };
}
export type HoldsRepository = ReturnType<typeof createHoldsRepository>;
