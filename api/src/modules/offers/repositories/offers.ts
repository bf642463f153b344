import { sql, type SQL } from 'drizzle-orm';
import type { Offer, OfferSide, OfferStepAction } from '@phonehaat/shared-api';
import type { Db, Tx } from '../../../db/client.ts';
import { notificationEvents } from '../../notifications/index.ts';
import type { NotificationEvent } from '../../notifications/index.ts';
import { rows } from '../../../db/rows.ts';

const iso = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

export const KEPT_FOR_ANOTHER = 'This phone is kept for another buyer who agreed a price with the seller';

/**
 * The one rule of who a listing is kept for (issue 47): an offer its seller accepted, while its reservation has not run
 * out (none once a sale is under way). `offer` is the offers table's alias in the query, if it has one.
 */
export const reservationLasts = (offer?: 'o') => {
  const column = (name: string) => (offer ? `${offer}.${name}` : name);
  return sql.raw(`${column('status')} = 'accepted' AND (${column('reserved_until')} IS NULL OR ${column('reserved_until')} > now())`);
};

/** An offer as kept, with what its answers need from its listing (locked by the caller where it changes). */
export interface OfferRow {
  id: string;
  productId: string;
  buyerId: string;
  amount: number;
  round: number;
  turn: OfferSide;
  status: Offer['status'];
  expired: boolean;
}

/** Who a listing is kept for, at what price: its accepted offer, while its reservation lasts (issue 47). */
export interface Reservation {
  offerId: string;
  buyerId: string;
  amount: number;
  /** When the reservation ends (ISO); null once a sale is under way (paid, or a parcel sent). */
  until: string | null;
}

export function createOffersRepository(db: Db) {
  const view = (where: SQL, yourSide: SQL) => sql`
    SELECT o.id AS "_id", o.product_id AS "productId", p.name AS "productName", p.img, p.resale_price AS "askingPrice",
      bu.name AS "buyerName", se.name AS "sellerName", o.amount, o.round, o.status, o.turn, ${yourSide} AS "yourSide",
      ${iso('o.expires_at')} AS "expiresAt", ${iso('o.reserved_until')} AS "reservedUntil", ${iso('o.created_at')} AS "createdAt",
      (SELECT json_agg(json_build_object('by', s.by_side, 'action', s.action, 'amount', s.amount, 'note', s.note, 'at', ${iso('s.created_at')}) ORDER BY s.id)
        FROM offer_steps s WHERE s.offer_id = o.id) AS steps
    FROM offers o JOIN products p ON p.id = o.product_id JOIN users bu ON bu.id = o.buyer_id JOIN users se ON se.id = p.seller_id
    WHERE ${where}
    ORDER BY o.updated_at DESC, o.id DESC
    LIMIT 100`;

  return {
    /** The caller's offers: made as a buyer, received as a seller, or on one listing (of theirs, or their own offer). */
    async list(userId: string, filter: { as?: OfferSide; productId?: string }): Promise<Offer[]> {
      const side = sql`CASE WHEN o.buyer_id = ${userId} THEN 'buyer' ELSE 'seller' END`;
      const mine =
        filter.as === 'buyer' ? sql`o.buyer_id = ${userId}` : filter.as === 'seller' ? sql`p.seller_id = ${userId}` : sql`(o.buyer_id = ${userId} OR p.seller_id = ${userId})`;
      const where = filter.productId ? sql`${mine} AND o.product_id = ${filter.productId}` : mine;
      return rows<Offer>(db, view(where, side));
    },

    /** One offer its buyer or its listing's seller reads (nobody else: not found). */
    async one(userId: string, id: string): Promise<Offer | undefined> {
      const [offer] = await rows<Offer>(db, view(sql`o.id = ${id} AND (o.buyer_id = ${userId} OR p.seller_id = ${userId})`, sql`CASE WHEN o.buyer_id = ${userId} THEN 'buyer' ELSE 'seller' END`));
      return offer;
    },

    /** The offer, locked (after its product: every change takes them in that order). */
    async lock(tx: Tx, id: string): Promise<OfferRow | undefined> {
      const [row] = await rows<OfferRow>(
        tx,
        sql`SELECT id, product_id AS "productId", buyer_id AS "buyerId", amount, round, turn, status, expires_at <= now() AS expired
            FROM offers WHERE id = ${id} FOR UPDATE`,
      );
      return row;
    },

    async productOf(id: string): Promise<string | undefined> {
      const [row] = await rows<{ productId: string }>(db, sql`SELECT product_id AS "productId" FROM offers WHERE id = ${id}`);
      return row?.productId;
    },

    /** Who the listing is kept for now (an accepted offer whose reservation has not run out). */
    async reservation(productId: string, tx: Db | Tx = db): Promise<Reservation | undefined> {
      const [row] = await rows<Reservation>(
        tx,
        sql`SELECT id AS "offerId", buyer_id AS "buyerId", amount, ${iso('reserved_until')} AS until FROM offers
            WHERE product_id = ${productId} AND ${reservationLasts()}`,
      );
      return row;
    },

    /**
     * A listing was sold (or reserved by a delivery fee paid first) to `buyerId`, in the sale's transaction: every
     * other live offer on it is declined, each a step and a notification; the buyer's own accepted offer is done.
     */
    async closeOnSale(tx: Tx, listing: { id: string; name: string; sellerId: string }, buyerId: string): Promise<NotificationEvent[]> {
      await tx.execute(sql`UPDATE offers SET reserved_until = NULL, updated_at = now() WHERE product_id = ${listing.id} AND buyer_id = ${buyerId} AND status = 'accepted'`);
      const closed = await rows<{ id: string; buyerId: string; amount: number }>(
        tx,
        sql`UPDATE offers SET status = 'declined', updated_at = now() WHERE product_id = ${listing.id} AND buyer_id <> ${buyerId} AND status IN ('open', 'accepted')
            RETURNING id, buyer_id AS "buyerId", amount`,
      );
      const events: NotificationEvent[] = [];
      for (const offer of closed) {
        await tx.execute(sql`INSERT INTO offer_steps (offer_id, by_side, action, amount) VALUES (${offer.id}, 'phonehaat', 'sold-elsewhere', ${offer.amount})`);
        events.push(notificationEvents.offer(`${offer.id}:sold`, listing, offer.buyerId, 'buyer', 'sold-elsewhere', offer.amount, ''));
      }
      return events;
    },

    async step(tx: Tx, offerId: string, by: 'buyer' | 'seller' | 'phonehaat', action: OfferStepAction, amount: number | null, note = ''): Promise<void> {
      await tx.execute(sql`INSERT INTO offer_steps (offer_id, by_side, action, amount, note) VALUES (${offerId}, ${by}, ${action}, ${amount}, ${note})`);
    },
  };
}
export type OffersRepository = ReturnType<typeof createOffersRepository>;
