import { sql } from 'drizzle-orm';
import type { Review, ReviewBody, SellerProfile } from '@phonehaat/shared-api';
import { REVIEW_EDIT_DAYS } from '@phonehaat/shared-api/limits';
import type { Db, Tx } from '../../../db/client.ts';
import { isUniqueViolation } from '../../../errors.ts';
import { rows } from '../../../db/rows.ts';

/** Why a review cannot be written, changed or answered; the routes answer each with its own 4xx. */
export class ReviewRefusal extends Error {
  readonly reason: 'not-found' | 'not-yours' | 'not-paid' | 'already' | 'too-late' | 'replied';
  constructor(reason: 'not-found' | 'not-yours' | 'not-paid' | 'already' | 'too-late' | 'replied') {
    super(reason);
    this.reason = reason;
  }
}

type Stored = { id: string; stars: number; comment: string; buyer_name: string; product_name: string; created_at: string | Date; updated_at: string | Date; reply: string | null; replied_at: string | Date | null };
const iso = (value: string | Date) => new Date(value).toISOString();
/** "Tanvir Ahmed" → "Tanvir A.": enough to be a person, not enough to find them. */
const shortName = (name: string) => {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  const last = rest.at(-1);
  return last ? `${first} ${[...last][0]!.toUpperCase()}.` : first;
};
const toReview = (row: Stored): Review => ({
  _id: row.id,
  stars: Number(row.stars),
  comment: row.comment,
  buyerName: shortName(row.buyer_name),
  productName: row.product_name,
  createdAt: iso(row.created_at),
  editedAt: iso(row.updated_at) === iso(row.created_at) ? null : iso(row.updated_at),
  reply: row.reply,
  repliedAt: row.replied_at ? iso(row.replied_at) : null,
});
const reviewColumns = sql`r.id, r.stars, r.comment, b.name AS buyer_name, p.name AS product_name, r.created_at, r.updated_at, r.reply, r.replied_at`;

/** Reviews of sellers by buyers who paid (issue 28); every rule is checked here, in the statement that writes. */
export function createReviewsRepository(db: Db) {
  /** Why an update found nothing: no such review (or removed), someone else's, or the rule it broke. */
  async function refusalFor(id: string, owner: 'buyer_id' | 'seller_id', userId: string, rule: ReviewRefusal['reason']): Promise<ReviewRefusal> {
    const [found] = await rows<{ owner: string }>(db, sql`SELECT ${sql.raw(owner)} AS owner FROM reviews WHERE id = ${id} AND removed_at IS NULL`);
    if (!found) return new ReviewRefusal('not-found');
    return new ReviewRefusal(found.owner === userId ? rule : 'not-yours');
  }

  return {
    /** The buyer of a paid, not refunded booking rates its seller, once; returns the review's id. */
    async create(bookingId: string, buyerId: string, { stars, comment = '' }: ReviewBody): Promise<string> {
      const [booking] = await rows<{ buyer_id: string; seller_id: string; product_id: string; paid: boolean; refunded: boolean }>(
        db,
        sql`SELECT bk.buyer_id, p.seller_id, p.id AS product_id, bk.paid, EXISTS (SELECT 1 FROM refunds r WHERE r.booking_id = bk.id) AS refunded
            FROM bookings bk JOIN products p ON p.id = bk.product_id WHERE bk.id = ${bookingId}`,
      );
      if (!booking) throw new ReviewRefusal('not-found');
      if (booking.buyer_id !== buyerId || booking.seller_id === buyerId) throw new ReviewRefusal('not-yours');
      if (!booking.paid || booking.refunded) throw new ReviewRefusal('not-paid');
      const [row] = await rows<{ id: string }>(
        db,
        sql`INSERT INTO reviews (booking_id, seller_id, buyer_id, product_id, stars, comment)
            VALUES (${bookingId}, ${booking.seller_id}, ${buyerId}, ${booking.product_id}, ${stars}, ${comment}) RETURNING id`,
      ).catch((error: unknown) => {
        throw isUniqueViolation(error) ? new ReviewRefusal('already') : error;
      });
      return row!.id;
    },

    /** Its buyer changes a review within REVIEW_EDIT_DAYS of writing it. */
    async update(id: string, buyerId: string, { stars, comment = '' }: ReviewBody): Promise<void> {
      const changed = await rows(
        db,
        sql`UPDATE reviews SET stars = ${stars}, comment = ${comment}, updated_at = now()
            WHERE id = ${id} AND buyer_id = ${buyerId} AND removed_at IS NULL AND created_at > now() - ${REVIEW_EDIT_DAYS} * interval '1 day' RETURNING id`,
      );
      if (changed.length === 0) throw await refusalFor(id, 'buyer_id', buyerId, 'too-late');
    },

    /** The reviewed seller answers, once. */
    async reply(id: string, sellerId: string, reply: string): Promise<void> {
      const changed = await rows(
        db,
        sql`UPDATE reviews SET reply = ${reply}, replied_at = now() WHERE id = ${id} AND seller_id = ${sellerId} AND removed_at IS NULL AND reply IS NULL RETURNING id`,
      );
      if (changed.length === 0) throw await refusalFor(id, 'seller_id', sellerId, 'replied');
    },

    /** An admin hides a review (out of the average too); the row stays. Its label for the log, or undefined. */
    async remove(tx: Tx, id: string, reason: string): Promise<string | undefined> {
      const [row] = await rows<{ label: string }>(
        tx,
        sql`UPDATE reviews r SET removed_at = now(), removed_reason = ${reason} FROM users s
            WHERE r.id = ${id} AND r.removed_at IS NULL AND s.id = r.seller_id
            RETURNING r.stars || '★ for ' || s.name || coalesce(': ' || nullif(left(r.comment, 60), ''), '') AS label`,
      );
      return row?.label;
    },

    /** A seller's reviews, newest first. */
    async page(sellerId: string, page: number, limit: number): Promise<{ reviews: Review[]; total: number }> {
      const [found, [counted]] = await Promise.all([
        rows<Stored>(
          db,
          sql`SELECT ${reviewColumns} FROM reviews r JOIN users b ON b.id = r.buyer_id JOIN products p ON p.id = r.product_id
              WHERE r.seller_id = ${sellerId} AND r.removed_at IS NULL
              ORDER BY r.created_at DESC, r.id DESC LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
        ),
        rows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM reviews WHERE seller_id = ${sellerId} AND removed_at IS NULL`),
      ]);
      return { reviews: found.map(toReview), total: Number(counted?.total ?? 0) };
    },

    /** A seller as buyers see them; undefined for someone who is not a seller (or was removed). */
    async profile(sellerId: string): Promise<SellerProfile | undefined> {
      const [row] = await rows<{ id: string; name: string; verified: boolean; phone_verified: boolean; created_at: string | Date; sold: number; rating_sum: number; rating_count: number }>(
        db,
        sql`SELECT u.id, u.name, u.verified, u.phone_verified_at IS NOT NULL AS phone_verified, u.created_at, u.rating_sum, u.rating_count,
              (SELECT count(*)::int FROM products p WHERE p.seller_id = u.id AND p.status = 'sold') AS sold
            FROM users u WHERE u.id = ${sellerId} AND u.role = 'Seller' AND u.deleted_at IS NULL`,
      );
      if (!row) return undefined;
      const count = Number(row.rating_count);
      return {
        _id: row.id,
        name: row.name,
        verified: row.verified,
        phoneVerified: row.phone_verified,
        memberSince: iso(row.created_at),
        phonesSold: Number(row.sold),
        rating: count ? Math.round((Number(row.rating_sum) / count) * 10) / 10 : null,
        reviewCount: count,
      };
    },
  };
}
export type ReviewsRepository = ReturnType<typeof createReviewsRepository>;
