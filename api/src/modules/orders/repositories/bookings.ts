import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Booking, Dispute, HandoverCheck, ListingBooking, NeirRecord, OwnReview, PaidWith, ParcelStatus, SellerContact } from '@phonehaat/shared-api';
import { REVIEW_EDIT_DAYS } from '@phonehaat/shared-api/limits';
import type { Db, Tx } from '../../../db/client.ts';
import { bookings, payments, products, users } from '../../../db/schema.ts';
import { priceFor } from '../../offers/index.ts';
import { reservationLasts } from '../../offers/index.ts';
import { rows } from '../../../db/rows.ts';

const iso = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** A booking's dispute as its buyer sees it, photos as hashes (made URLs by the caller). */
/** NEIR at the handover (issue 68): each side's step, as recorded. */
export const neirOf = (bookingId: SQL) =>
  sql<NeirRecord>`json_build_object(
      'seller', (SELECT json_build_object('at', ${iso('n.created_at')}) FROM neir_steps n WHERE n.booking_id = ${bookingId} AND n.side = 'seller'),
      'buyer', (SELECT json_build_object('at', ${iso('n.created_at')}, 'imeiLast4', n.imei_last4, 'imeiMatches', n.imei_matches) FROM neir_steps n WHERE n.booking_id = ${bookingId} AND n.side = 'buyer'))`;

/**
 * Where a disputed cash sale's refund goes (issue 69), for the dispute `d`: the wallet its buyer named, else bKash on the
 * number the parcel was delivered to; null for a sale paid by card or wallet (refunded the way it came).
 */
export const refundToOf = sql`(SELECT json_build_object('method', coalesce(d.refund_method, 'bkash'),
      'number', coalesce(d.refund_number, b.delivery_address->>'phone'), 'chosenByBuyer', d.refund_method IS NOT NULL,
      'confirmedAt', ${iso('d.refund_confirmed_at')}, 'failedAt', ${iso('d.refund_failed_at')})
    FROM payments p JOIN bookings b ON b.id = p.booking_id WHERE p.booking_id = d.booking_id AND p.method = 'cash')`;

export const disputeOf = (bookingId: SQL) =>
  sql<(Omit<Dispute, 'photos'> & { photos: string[] }) | null>`(SELECT json_build_object('_id', d.id, 'reason', d.reason, 'note', d.note,
      'status', d.status, 'decisionReason', d.decision_reason, 'createdAt', ${iso('d.created_at')}, 'decidedAt', ${iso('d.decided_at')},
      'photos', coalesce((SELECT json_agg(ph.hash ORDER BY ph.created_at, ph.id) FROM photos ph WHERE ph.dispute_id = d.id), '[]'::json),
      'refundTo', ${refundToOf})
    FROM disputes d WHERE d.booking_id = ${bookingId})`;

const bookingColumns = {
  id: bookings.id,
  productId: bookings.productId,
  buyerId: bookings.buyerId,
  name: products.name,
  img: products.img,
  // The price this booking is paid at: an accepted offer's (issue 47), else the listing's.
  resalePrice: sql<number>`coalesce(${bookings.agreedPrice}, ${products.resalePrice})`,
  agreed: sql<boolean>`(${bookings.agreedPrice} IS NOT NULL)`,
  productStatus: products.status,
  productDeletedAt: products.deletedAt,
  /** Kept for another buyer whose offer its seller accepted (issue 47): not payable by this one meanwhile. */
  keptForOther: sql<boolean>`EXISTS (SELECT 1 FROM offers o WHERE o.product_id = bookings.product_id AND o.buyer_id <> bookings.buyer_id AND ${reservationLasts('o')})`,
  removalReason: products.removalReason,
  cancelledAt: bookings.cancelledAt,
  refunded: sql<boolean>`EXISTS (SELECT 1 FROM refunds r WHERE r.booking_id = bookings.id)`,
  userName: users.name,
  email: users.email,
  phone: bookings.phone,
  meetingLocation: bookings.meetingLocation,
  // The seller's verified number (01XXXXXXXXX, kept as +880…), else the listing's typed one, unverified (issue 46).
  seller: sql<SellerContact>`(SELECT json_build_object('name', s.name, 'phoneVerified', s.phone_verified_at IS NOT NULL,
      'phone', CASE WHEN s.phone_verified_at IS NOT NULL THEN substr(s.phone, 4) ELSE products.phone END)
    FROM users s WHERE s.id = products.seller_id)`,
  paid: bookings.paid,
  paymentIntentId: bookings.paymentIntentId,
  // The sale's transaction, or the delivery fee's paid first (cash on delivery, issue 45).
  transactionId: sql<string | null>`coalesce(${payments.transactionId}, (SELECT f.transaction_id FROM delivery_fee_payments f WHERE f.booking_id = bookings.id))`,
  heldAt: bookings.heldAt,
  releasedAt: bookings.releasedAt,
  refundedAt: bookings.refundedAt,
  handoverCode: bookings.handoverCode,
  dispute: disputeOf(sql`bookings.id`),
  paymentMethod: sql<PaidWith | null>`${payments.method}`,
  courier: sql<boolean>`${bookings.delivery} = 'courier'`,
  cashOnDelivery: bookings.cashOnDelivery,
  deliveryFee: bookings.deliveryFee,
  feeFirst: bookings.feeFirst,
  feePaid: sql<boolean>`${bookings.feePaidAt} IS NOT NULL`,
  parcelStatus: sql<ParcelStatus | null>`(SELECT pa.status FROM parcels pa WHERE pa.booking_id = bookings.id)`,
  createdAt: bookings.createdAt,
  /** The buyer's review of this purchase, with until when they may change it (a removed one is gone for them too). */
  review: sql<OwnReview | null>`(SELECT json_build_object('_id', r.id, 'stars', r.stars, 'comment', r.comment,
      'editableUntil', to_char((r.created_at + ${REVIEW_EDIT_DAYS} * interval '1 day') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
    FROM reviews r WHERE r.booking_id = bookings.id AND r.removed_at IS NULL)`,
  // The phone's own check (issue 68): whether it was checked, the buyer's newest handover check, and NEIR's steps.
  phoneTested: sql<boolean>`EXISTS (SELECT 1 FROM device_reports r WHERE r.product_id = bookings.product_id AND r.purpose = 'listing')`,
  handoverCheck: sql<HandoverCheck | null>`(SELECT json_build_object('checkedAt', ${iso('r.created_at')}, 'comparison', r.comparison)
    FROM device_reports r WHERE r.booking_id = bookings.id AND r.purpose = 'handover' ORDER BY r.created_at DESC LIMIT 1)`,
  neir: neirOf(sql`bookings.id`),
};

export interface BookingRecord extends Booking {
  buyerId: string;
  paymentIntentId: string | null;
}

/** `releaseAt`: when a sale held since then is released by itself (the escrow's setting); `photoUrl`: a photo's URL. */
export function createBookingsRepository(db: Db, releaseAt: (heldAt: Date) => Date, photoUrl: (hash: string) => string) {
  const query = () =>
    db
      .select(bookingColumns)
      .from(bookings)
      .innerJoin(products, eq(products.id, bookings.productId))
      .innerJoin(users, eq(users.id, bookings.buyerId))
      .leftJoin(payments, eq(payments.bookingId, bookings.id));

  type Row = Awaited<ReturnType<ReturnType<typeof query>['execute']>>[number];
  const stateOf = (row: Row): Booking['state'] => {
    // A parcel that came back: nothing charged, or (paid online) refunded.
    if (row.parcelStatus === 'returned' && (row.cashOnDelivery || row.refundedAt)) return 'returned';
    if (row.refundedAt) return 'refunded';
    if (row.paid) return 'paid';
    // Paid at the door: the phone is off sale for this buyer while it travels, back on sale if refused there.
    if (row.cashOnDelivery && !row.cancelledAt && row.removalReason === null && (row.parcelStatus !== null || row.feePaid || (row.productStatus === 'available' && !row.productDeletedAt))) return 'cash-on-delivery';
    if (row.refunded) return 'refunded';
    if (row.cancelledAt || row.removalReason !== null) return 'removed';
    if (row.productStatus === 'sold') return 'sold-to-other';
    if (row.productDeletedAt) return 'withdrawn';
    return 'waiting';
  };
  const toRecord = (row: Row): BookingRecord => {
    const { id, productStatus, productDeletedAt, keptForOther, removalReason: _reason, cancelledAt: _cancelled, refunded: _refunded, createdAt, heldAt, releasedAt, refundedAt, handoverCode, dispute, courier, cashOnDelivery, deliveryFee, feeFirst, feePaid, parcelStatus, ...rest } = row;
    return {
      _id: id,
      ...rest,
      delivery: courier ? { cashOnDelivery, status: parcelStatus, deliveryFee: deliveryFee ?? 0, feeFirst, feePaid } : null,
      held:
        row.paid && heldAt && handoverCode
          ? {
              handoverCode: releasedAt || refundedAt ? null : handoverCode,
              releaseAt: releaseAt(heldAt).toISOString(),
              releasedAt: releasedAt?.toISOString() ?? null,
              refundedAt: refundedAt?.toISOString() ?? null,
              dispute: dispute && { ...dispute, photos: dispute.photos.map(photoUrl) },
            }
          : null,
      available: productStatus === 'available' && productDeletedAt === null && !keptForOther,
      state: stateOf(row),
      createdAt: createdAt.toISOString(),
    };
  };

  return {
    /** With `alongside` (the seller's notification) in the same transaction. */
    async create<T>(
      input: { productId: string; buyerId: string; phone: string; meetingLocation: string } & Partial<Pick<typeof bookings.$inferInsert, 'delivery' | 'deliveryAddress' | 'cashOnDelivery' | 'deliveryFee' | 'feeFirst'>>,
      alongside: (tx: Tx, bookingId: string, price: { price: number; agreed: boolean }) => Promise<T>,
    ): Promise<{ id: string; alongside: T }> {
      return db.transaction(async (tx) => {
        // Read with the listing's row held (an acceptance locks it): a buyer whose offer was accepted books at its price,
        // and nobody else books a phone kept for them.
        const [listing] = await rows<{ price: number }>(tx, sql`SELECT resale_price AS price FROM products WHERE id = ${input.productId} FOR SHARE`);
        const [kept] = await rows<{ buyerId: string; amount: number }>(tx, sql`SELECT buyer_id AS "buyerId", amount FROM offers WHERE product_id = ${input.productId} AND ${reservationLasts()}`);
        // The one rule of a kept phone and its price (offers/price.ts), decided here under the lock.
        const price = priceFor({ resalePrice: listing?.price ?? 0 }, kept, input.buyerId);
        const [row] = await tx.insert(bookings).values({ ...input, agreedPrice: price.agreed ? price.price : null }).returning({ id: bookings.id });
        if (!row) throw new Error('insert returned no row');
        // The price this booking is at, as recorded: what its seller is told it was booked for.
        return { id: row.id, alongside: await alongside(tx, row.id, price) };
      });
    },

    /** Who holds an unpaid booking of a listing (other than `except`): told when it is sold or removed. */
    async unpaidBookers(tx: Db | Tx, productId: string, except?: string): Promise<string[]> {
      const found = await tx
        .select({ buyerId: bookings.buyerId })
        .from(bookings)
        .where(and(eq(bookings.productId, productId), eq(bookings.paid, false), except ? sql`${bookings.buyerId} <> ${except}` : undefined));
      return [...new Set(found.map((row) => row.buyerId))];
    },

    async listByBuyer(buyerId: string): Promise<BookingRecord[]> {
      const rows = await query().where(eq(bookings.buyerId, buyerId)).orderBy(desc(bookings.createdAt), desc(bookings.id));
      return rows.map(toRecord);
    },

    async findById(id: string): Promise<BookingRecord | undefined> {
      const [row] = await query().where(eq(bookings.id, id));
      return row && toRecord(row);
    },

    /** Who booked a listing, oldest first, with what was paid and when (for its seller and admins). */
    async listForProduct(productId: string): Promise<ListingBooking[]> {
      const found = await db
        .select({
          booking: bookings,
          buyerName: users.name,
          buyerEmail: users.email,
          amount: payments.amount,
          listingPrice: products.resalePrice,
          paidAt: payments.createdAt,
          disputed: sql<boolean>`EXISTS (SELECT 1 FROM disputes d WHERE d.booking_id = ${bookings.id} AND d.status IN ('open', 'refunding'))`,
          parcelStatus: sql<ParcelStatus | null>`(SELECT pa.status FROM parcels pa WHERE pa.booking_id = ${bookings.id})`,
          neir: neirOf(sql`bookings.id`),
        })
        .from(bookings)
        .innerJoin(users, eq(users.id, bookings.buyerId))
        .innerJoin(products, eq(products.id, bookings.productId))
        .leftJoin(payments, eq(payments.bookingId, bookings.id))
        .where(eq(bookings.productId, productId))
        .orderBy(bookings.createdAt, bookings.id);
      return found.map(({ booking, buyerName, buyerEmail, amount, listingPrice, paidAt, disputed, parcelStatus, neir }) => ({
        _id: booking.id,
        neir,
        buyerId: booking.buyerId,
        buyerName,
        buyerEmail,
        phone: booking.phone,
        meetingLocation: booking.meetingLocation,
        // What this booking is at (issue 65): the price the seller agreed with this buyer, else the asking price.
        price: booking.agreedPrice ?? listingPrice,
        agreed: booking.agreedPrice !== null,
        delivery:
          booking.delivery === 'courier'
            ? { cashOnDelivery: booking.cashOnDelivery, status: parcelStatus, deliveryFee: booking.deliveryFee ?? 0, feeFirst: booking.feeFirst, feePaid: booking.feePaidAt !== null }
            : null,
        createdAt: booking.createdAt.toISOString(),
        paid: booking.paid,
        // Payments are kept in the currency's minor unit (poisha), as Stripe counts them.
        amount: amount === null ? null : Math.round(amount / 100),
        paidAt: paidAt?.toISOString() ?? null,
        cancelled: booking.cancelledAt !== null,
        sale:
          amount === null || !booking.paid
            ? null
            : {
                fee: (booking.fee ?? 0) / 100,
                receives: (amount - (booking.fee ?? 0)) / 100,
                releaseAt: booking.heldAt && booking.releaseReason !== 'before-escrow' ? releaseAt(booking.heldAt).toISOString() : null,
                releasedAt: booking.releasedAt?.toISOString() ?? null,
                disputed,
                refundedAt: booking.refundedAt?.toISOString() ?? null,
              },
      }));
    },

    /** Whether a buyer has booked a listing (its seller may then write to them first). */
    async hasBooked(productId: string, buyerId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: bookings.id })
        .from(bookings)
        .where(and(eq(bookings.productId, productId), eq(bookings.buyerId, buyerId)))
        .limit(1);
      return row !== undefined;
    },

    /** Remembers the PaymentIntent made for this booking, unless one is already recorded. */
    async attachPaymentIntent(id: string, paymentIntentId: string): Promise<void> {
      await db
        .update(bookings)
        .set({ paymentIntentId })
        .where(and(eq(bookings.id, id), isNull(bookings.paymentIntentId)));
    },
  };
}
export type BookingsRepository = ReturnType<typeof createBookingsRepository>;
