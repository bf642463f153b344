import { sql } from 'drizzle-orm';
import type { Message, MessageOffer, ScamKind, Thread, ThreadClosed } from '@phonehaat/shared-api';
import type { Db, Tx } from '../../../db/client.ts';
import { rows } from '../../../db/rows.ts';

/** A thread's parties and state, for the checks every read and send makes. */
export interface ThreadParties {
  id: string;
  productId: string;
  buyerId: string;
  sellerId: string;
  /** The listing was sold, or removed (by its seller or PhoneHaat): readable, but closed to new messages. */
  listing: 'on-sale' | 'sold' | 'removed';
  /** Its buyer booked its phone (issue 70: another app is then no step off PhoneHaat's protection). */
  booked: boolean;
}

/** A message stored before with the same client id, in another thread: a client id is the sender's, once. */
export class ClientIdReusedError extends Error {}

export interface MessageRow {
  id: string;
  thread_id: string;
  client_id: string;
  sender_id: string;
  body: string;
  created_at: Date | string;
  removed: boolean;
  offer: MessageOffer | null;
  warnings: ScamKind[] | null;
  held: boolean | null;
}
const iso = (value: Date | string) => new Date(value).toISOString();
export const toMessage = (row: MessageRow): Message => ({
  _id: String(row.id),
  threadId: row.thread_id,
  clientId: row.client_id,
  senderId: row.sender_id,
  body: row.removed ? '' : row.body,
  createdAt: iso(row.created_at),
  removed: Boolean(row.removed),
  offer: row.offer ?? null,
  warnings: row.removed ? [] : (row.warnings ?? []),
  held: Boolean(row.held),
});
// A message PhoneHaat removed keeps its place, not its text.
const messageColumns = sql`m.id::text AS id, m.thread_id, m.client_id, m.sender_id,
  CASE WHEN m.removed_at IS NULL THEN m.body ELSE '' END AS body, m.created_at, (m.removed_at IS NOT NULL) AS removed, m.offer, m.warnings, m.held`;
/** What a person may read: a held message (issue 70) only its sender, until released. */
const readableBy = (userId: string) => sql`(NOT m.held OR m.sender_id = ${userId})`;

interface ThreadRow extends MessageRow {
  thread: string;
  thread_created_at: Date | string;
  role: 'buyer' | 'seller';
  product_id: string;
  name: string;
  img: string;
  resale_price: number;
  status: 'available' | 'sold';
  listing_removed: boolean;
  other_id: string;
  other_name: string;
  unread: number;
  seen_by_other: string;
  blocked_by_me: boolean;
  blocked_by_other: boolean;
}

function closedOf(row: Pick<ThreadRow, 'listing_removed' | 'status' | 'blocked_by_me' | 'blocked_by_other'>): ThreadClosed | null {
  if (row.listing_removed) return 'removed';
  if (row.status === 'sold') return 'sold';
  if (row.blocked_by_me) return 'blocked-by-me';
  if (row.blocked_by_other) return 'blocked-by-other';
  return null;
}

/** Conversations: threads, their messages, who has seen what, and blocks. */
export function createThreadsRepository(db: Db) {
  /** The caller's threads (or one of them) as the inbox shows them. */
  async function summaries(userId: string, only?: string): Promise<Thread[]> {
    const found = await rows<ThreadRow>(
      db,
      sql`SELECT t.id AS thread, t.created_at AS thread_created_at,
          CASE WHEN t.buyer_id = ${userId} THEN 'buyer' ELSE 'seller' END AS role,
          p.id AS product_id, p.name, p.img, p.resale_price, p.status, (p.deleted_at IS NOT NULL) AS listing_removed,
          o.id AS other_id, o.name AS other_name,
          (SELECT count(*)::int FROM messages u WHERE u.thread_id = t.id AND u.sender_id <> ${userId} AND NOT u.held
             AND u.id > CASE WHEN t.buyer_id = ${userId} THEN t.buyer_seen ELSE t.seller_seen END) AS unread,
          (CASE WHEN t.buyer_id = ${userId} THEN t.seller_seen ELSE t.buyer_seen END)::text AS seen_by_other,
          EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = ${userId} AND b.blocked_id = o.id) AS blocked_by_me,
          EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = o.id AND b.blocked_id = ${userId}) AS blocked_by_other,
          ${messageColumns}
        FROM threads t
        JOIN products p ON p.id = t.product_id
        JOIN users o ON o.id = CASE WHEN t.buyer_id = ${userId} THEN t.seller_id ELSE t.buyer_id END
        LEFT JOIN messages m ON m.id = t.last_message_id
        WHERE (t.buyer_id = ${userId} OR t.seller_id = ${userId}) ${only ? sql`AND t.id = ${only}` : sql``}
        ORDER BY coalesce(t.last_message_at, t.created_at) DESC, t.id
        LIMIT 200`,
    );
    return found.map((row) => ({
      _id: row.thread,
      role: row.role,
      listing: { _id: row.product_id, name: row.name, img: row.img, resalePrice: Number(row.resale_price) },
      other: { _id: row.other_id, name: row.other_name },
      lastMessage: row.id ? toMessage(row) : null,
      unread: Number(row.unread),
      seenByOther: row.seen_by_other === '0' ? null : row.seen_by_other,
      closed: closedOf(row),
      createdAt: iso(row.thread_created_at),
    }));
  }

  /** The thread about a listing with a buyer, if there is one. */
  async function existing(productId: string, buyerId: string): Promise<string | undefined> {
    const [row] = await rows<{ id: string }>(db, sql`SELECT id FROM threads WHERE product_id = ${productId} AND buyer_id = ${buyerId}`);
    return row?.id;
  }

  return {
    summaries,
    existing,

    /** The thread about a listing between a buyer and its seller, made on first ask. */
    async open(productId: string, buyerId: string, sellerId: string): Promise<{ id: string; created: boolean }> {
      const [inserted] = await rows<{ id: string }>(
        db,
        sql`INSERT INTO threads (product_id, buyer_id, seller_id) VALUES (${productId}, ${buyerId}, ${sellerId})
          ON CONFLICT ON CONSTRAINT threads_one_per_listing_and_buyer DO NOTHING RETURNING id`,
      );
      if (inserted) return { id: inserted.id, created: true };
      const id = await existing(productId, buyerId);
      if (!id) throw new Error('thread vanished between insert and select');
      return { id, created: false };
    },

    async parties(threadId: string): Promise<ThreadParties | undefined> {
      const [row] = await rows<{ id: string; product_id: string; buyer_id: string; seller_id: string; status: string; removed: boolean; booked: boolean }>(
        db,
        sql`SELECT t.id, t.product_id, t.buyer_id, t.seller_id, p.status, (p.deleted_at IS NOT NULL) AS removed,
            EXISTS (SELECT 1 FROM bookings b WHERE b.product_id = t.product_id AND b.buyer_id = t.buyer_id) AS booked
          FROM threads t JOIN products p ON p.id = t.product_id WHERE t.id = ${threadId}`,
      );
      if (!row) return undefined;
      const listing = row.removed ? 'removed' : row.status === 'sold' ? 'sold' : 'on-sale';
      return { id: row.id, productId: row.product_id, buyerId: row.buyer_id, sellerId: row.seller_id, listing, booked: Boolean(row.booked) };
    },

    /** A thread's messages as a person reads them, oldest first: the newest `limit`, or those before a message (paging back). */
    async messages(threadId: string, readerId: string, limit: number, before?: string): Promise<{ messages: Message[]; hasOlder: boolean }> {
      const found = await rows<MessageRow>(
        db,
        sql`SELECT ${messageColumns} FROM messages m
          WHERE m.thread_id = ${threadId} AND ${readableBy(readerId)} ${before ? sql`AND m.id < ${before}::bigint` : sql``}
          ORDER BY m.id DESC LIMIT ${limit + 1}`,
      );
      return { messages: found.slice(0, limit).reverse().map(toMessage), hasOlder: found.length > limit };
    },

    /**
     * Stores a message once per client id: a retried send answers the message stored the first time (created false).
     * The thread's order and the sender's "seen" move with it, in the same transaction; a held message (issue 70) moves
     * neither until it is released.
     */
    async send(input: { threadId: string; senderId: string; side: 'buyer' | 'seller'; clientId: string; body: string; warnings: ScamKind[]; held: boolean }): Promise<{ message: Message; created: boolean }> {
      return db.transaction(async (tx) => {
        const [inserted] = await rows<MessageRow>(
          tx,
          sql`INSERT INTO messages (thread_id, sender_id, client_id, body, warnings, held)
            VALUES (${input.threadId}, ${input.senderId}, ${input.clientId}, ${input.body}, string_to_array(${input.warnings.join(',')}, ','), ${input.held})
            ON CONFLICT ON CONSTRAINT messages_once_per_client_id DO NOTHING
            RETURNING id::text AS id, thread_id, client_id, sender_id, body, created_at, false AS removed, offer, warnings, held`,
        );
        if (!inserted) {
          const [earlier] = await rows<MessageRow>(
            tx,
            sql`SELECT ${messageColumns} FROM messages m WHERE m.sender_id = ${input.senderId} AND m.client_id = ${input.clientId}`,
          );
          if (!earlier || earlier.thread_id !== input.threadId) throw new ClientIdReusedError();
          return { message: toMessage(earlier), created: false };
        }
        if (input.held) return { message: toMessage(inserted), created: true };
        const mine = input.side === 'buyer' ? sql`last_buyer_msg = ${inserted.id}::bigint, buyer_seen = ${inserted.id}::bigint` : sql`last_seller_msg = ${inserted.id}::bigint, seller_seen = ${inserted.id}::bigint`;
        await tx.execute(
          sql`UPDATE threads SET last_message_id = ${inserted.id}::bigint, last_message_at = ${iso(inserted.created_at)}::timestamptz, ${mine}
            WHERE id = ${input.threadId}`,
        );
        return { message: toMessage(inserted), created: true };
      });
    },

    /**
     * A negotiation's step as a line of the pair's conversation about the listing (issue 47), in the step's
     * transaction: the conversation is opened if it was not; a side's step counts as that side's message (unread by
     * the other), PhoneHaat's (an expiry) as nobody's.
     */
    async offerLine(tx: Tx, input: { productId: string; buyerId: string; sellerId: string; offer: MessageOffer }): Promise<Message> {
      await tx.execute(sql`INSERT INTO threads (product_id, buyer_id, seller_id) VALUES (${input.productId}, ${input.buyerId}, ${input.sellerId})
        ON CONFLICT ON CONSTRAINT threads_one_per_listing_and_buyer DO NOTHING`);
      const [thread] = await rows<{ id: string }>(tx, sql`SELECT id FROM threads WHERE product_id = ${input.productId} AND buyer_id = ${input.buyerId}`);
      if (!thread) throw new Error('thread vanished between insert and select');
      const side = input.offer.by;
      const [inserted] = await rows<MessageRow>(
        tx,
        sql`INSERT INTO messages (thread_id, sender_id, client_id, body, offer)
          VALUES (${thread.id}, ${side === 'seller' ? input.sellerId : input.buyerId}, gen_random_uuid(), '', ${JSON.stringify(input.offer)}::jsonb)
          RETURNING id::text AS id, thread_id, client_id, sender_id, body, created_at, false AS removed, offer, warnings, held`,
      );
      if (!inserted) throw new Error('insert returned no row');
      const mine =
        side === 'buyer'
          ? sql`, last_buyer_msg = ${inserted.id}::bigint, buyer_seen = ${inserted.id}::bigint`
          : side === 'seller'
            ? sql`, last_seller_msg = ${inserted.id}::bigint, seller_seen = ${inserted.id}::bigint`
            : sql``;
      await tx.execute(sql`UPDATE threads SET last_message_id = ${inserted.id}::bigint, last_message_at = ${iso(inserted.created_at)}::timestamptz ${mine} WHERE id = ${thread.id}`);
      return toMessage(inserted);
    },

    /** The caller has seen the thread up to a message (never moves back, never past the newest). Answers the mark now kept. */
    async markSeen(threadId: string, side: 'buyer' | 'seller', upTo: string): Promise<string> {
      const column = side === 'buyer' ? sql.raw('buyer_seen') : sql.raw('seller_seen');
      const [row] = await rows<{ seen: string }>(
        db,
        sql`UPDATE threads SET ${column} = greatest(${column}, least(${upTo}::bigint, coalesce(last_message_id, 0)))
          WHERE id = ${threadId} RETURNING ${column}::text AS seen`,
      );
      return row?.seen ?? '0';
    },

    /** Conversations with messages the person has not seen (the navbar's count). */
    async unreadThreads(userId: string): Promise<number> {
      const [row] = await rows<{ count: number }>(
        db,
        sql`SELECT count(*)::int AS count FROM threads t
          WHERE (t.buyer_id = ${userId} AND t.last_seller_msg > t.buyer_seen) OR (t.seller_id = ${userId} AND t.last_buyer_msg > t.seller_seen)`,
      );
      return Number(row?.count ?? 0);
    },

    /** A message, with the two people of its thread (the stream's fan-out). */
    async messageWithParties(id: string): Promise<{ message: Message; buyerId: string; sellerId: string } | undefined> {
      const [row] = await rows<MessageRow & { buyer_id: string; seller_id: string }>(
        db,
        sql`SELECT ${messageColumns}, t.buyer_id, t.seller_id FROM messages m JOIN threads t ON t.id = m.thread_id WHERE m.id = ${id}::bigint`,
      );
      return row && { message: toMessage(row), buyerId: row.buyer_id, sellerId: row.seller_id };
    },

    /**
     * What a stream that was dropped may have missed: the person's messages after the last one it had. Ids are handed out
     * before commit, so one stored a moment earlier can carry a smaller id than one already seen: messages from a few
     * seconds before that one are sent again too, and the browser keeps each id once.
     */
    async since(userId: string, after: string, limit = 500): Promise<Message[]> {
      const found = await rows<MessageRow>(
        db,
        sql`SELECT ${messageColumns} FROM messages m JOIN threads t ON t.id = m.thread_id
          WHERE (t.buyer_id = ${userId} OR t.seller_id = ${userId}) AND ${readableBy(userId)}
            AND (m.id > ${after}::bigint OR m.created_at >= (SELECT created_at - interval '5 seconds' FROM messages WHERE id = ${after}::bigint))
          ORDER BY m.id LIMIT ${limit}`,
      );
      return found.map(toMessage);
    },

    /** Whether either of two people blocked the other. */
    async blockBetween(userId: string, otherId: string): Promise<'blocked-by-me' | 'blocked-by-other' | null> {
      const found = await rows<{ blocker_id: string }>(
        db,
        sql`SELECT blocker_id FROM blocks WHERE (blocker_id = ${userId} AND blocked_id = ${otherId}) OR (blocker_id = ${otherId} AND blocked_id = ${userId})`,
      );
      if (found.some((row) => row.blocker_id === userId)) return 'blocked-by-me';
      return found.length > 0 ? 'blocked-by-other' : null;
    },

    /** A message with its thread's people and listing (a report of it; its removal). */
    async messageInThread(id: string): Promise<{ message: Message; thread: { id: string; productId: string; buyerId: string; sellerId: string }; senderName: string } | undefined> {
      const [row] = await rows<MessageRow & { product_id: string; buyer_id: string; seller_id: string; sender_name: string }>(
        db,
        sql`SELECT ${messageColumns}, t.product_id, t.buyer_id, t.seller_id, u.name AS sender_name
          FROM messages m JOIN threads t ON t.id = m.thread_id JOIN users u ON u.id = m.sender_id WHERE m.id = ${id}::bigint`,
      );
      return (
        row && {
          message: toMessage(row),
          thread: { id: row.thread_id, productId: row.product_id, buyerId: row.buyer_id, sellerId: row.seller_id },
          senderName: row.sender_name,
        }
      );
    },

    /** Hides a message's text (PhoneHaat, after a report); false when it was removed already. */
    async removeMessage(tx: Tx, id: string): Promise<boolean> {
      const removed = await rows<{ id: string }>(tx, sql`UPDATE messages SET removed_at = now() WHERE id = ${id}::bigint AND removed_at IS NULL RETURNING id::text AS id`);
      return removed.length > 0;
    },

    async block(blockerId: string, blockedId: string): Promise<void> {
      await db.execute(sql`INSERT INTO blocks (blocker_id, blocked_id) VALUES (${blockerId}, ${blockedId}) ON CONFLICT DO NOTHING`);
    },

    async unblock(blockerId: string, blockedId: string): Promise<void> {
      await db.execute(sql`DELETE FROM blocks WHERE blocker_id = ${blockerId} AND blocked_id = ${blockedId}`);
    },
  };
}
export type ThreadsRepository = ReturnType<typeof createThreadsRepository>;
