import { sql } from 'drizzle-orm';
import type { Message } from '@phonehaat/shared-api';
import type { Db, Tx } from '../../../db/client.ts';
import { rows } from '../../../db/rows.ts';
import { toMessage, type MessageRow } from './threads.ts';

/**
 * Messages of a sender held for review (issue 70): whether they wrote in a thread before (a held sender's conversation
 * is new to them until then), and delivering what waited once they are released.
 */
export function createHeldMessages(db: Db) {
  return {
    /** Whether a person has a delivered message in a thread (a held sender's conversation is new to them until then). */
    async hasWritten(threadId: string, senderId: string): Promise<boolean> {
      const [row] = await rows<{ written: boolean }>(
        db,
        sql`SELECT EXISTS (SELECT 1 FROM messages WHERE thread_id = ${threadId} AND sender_id = ${senderId} AND NOT held) AS written`,
      );
      return Boolean(row?.written);
    },

    /**
     * Delivers a released sender's waiting messages (issue 70): each thread's order, unread counts and last message
     * move to them, in the caller's transaction. Answers them with their threads' two people, for the live stream.
     */
    async releaseHeld(tx: Tx, senderId: string): Promise<{ message: Message; to: [string, string]; productId: string }[]> {
      const released = await rows<MessageRow & { buyer_id: string; seller_id: string; product_id: string }>(
        tx,
        sql`WITH freed AS (UPDATE messages SET held = false WHERE sender_id = ${senderId} AND held
              RETURNING id, thread_id, client_id, sender_id, body, created_at, removed_at, offer, warnings)
            SELECT f.id::text AS id, f.thread_id, f.client_id, f.sender_id, CASE WHEN f.removed_at IS NULL THEN f.body ELSE '' END AS body,
              f.created_at, (f.removed_at IS NOT NULL) AS removed, f.offer, f.warnings, false AS held, t.buyer_id, t.seller_id, t.product_id
            FROM freed f JOIN threads t ON t.id = f.thread_id ORDER BY f.id`,
      );
      await tx.execute(
        sql`UPDATE threads t SET
              last_message_id = greatest(coalesce(t.last_message_id, 0), m.id),
              last_message_at = CASE WHEN m.id > coalesce(t.last_message_id, 0) THEN m.created_at ELSE t.last_message_at END,
              last_buyer_msg = CASE WHEN m.sender_id = t.buyer_id THEN greatest(t.last_buyer_msg, m.id) ELSE t.last_buyer_msg END,
              buyer_seen = CASE WHEN m.sender_id = t.buyer_id THEN greatest(t.buyer_seen, m.id) ELSE t.buyer_seen END,
              last_seller_msg = CASE WHEN m.sender_id = t.seller_id THEN greatest(t.last_seller_msg, m.id) ELSE t.last_seller_msg END,
              seller_seen = CASE WHEN m.sender_id = t.seller_id THEN greatest(t.seller_seen, m.id) ELSE t.seller_seen END
            FROM (SELECT DISTINCT ON (thread_id) thread_id, id, created_at, sender_id FROM messages
                  WHERE id = ANY(string_to_array(${released.map((row) => row.id).join(',')}, ',')::bigint[]) ORDER BY thread_id, id DESC) m
            WHERE t.id = m.thread_id`,
      );
      return released.map((row) => ({ message: toMessage(row), to: [row.buyer_id, row.seller_id], productId: row.product_id }));
    }
  };
}
export type HeldMessagesRepository = ReturnType<typeof createHeldMessages>;
