// A parcel paid online that came back (refused at the door, or undeliverable): the buyer gets the money back through
// the provider that took it, once, and the phone is on sale again (issue 45).
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { paymentOf } from '../escrow/disputes.ts';
import { account, post } from '../escrow/ledger.ts';
import { notificationEvents } from '../../notifications/index.ts';
import type { Notifier } from '../../notifications/index.ts';
import type { Refunder } from '../../payments/index.ts';
import { rows } from '../../../db/rows.ts';
import { sweepBookings } from './sweep.ts';

export const RETURN_REASON = 'The parcel came back to the seller undelivered; your payment has been refunded.';

/** A held, prepaid courier sale whose parcel came back, not disputed (a dispute is PhoneHaat's to decide). */
const refundable = (bookingId: string) => sql`
  SELECT b.buyer_id AS "buyerId", p.id AS "productId", p.name, p.seller_id AS "sellerId"
  FROM bookings b JOIN products p ON p.id = b.product_id JOIN parcels pa ON pa.booking_id = b.id
  WHERE b.id = ${bookingId} AND b.paid AND NOT b.cash_on_delivery AND b.held_at IS NOT NULL AND b.released_at IS NULL
    AND b.refunded_at IS NULL AND pa.status = 'returned'
    AND NOT EXISTS (SELECT 1 FROM disputes d WHERE d.booking_id = b.id AND d.status IN ('open', 'refunding'))
  FOR UPDATE OF b`;

export function createReturnRefunds({ db, refund, notifier, onListingChanged, log }: { db: Db; refund: Refunder; notifier: Pick<Notifier, 'send'>; onListingChanged(): void; log: FastifyBaseLogger }) {
  /**
   * Refunds a returned prepaid parcel's buyer, once however often asked: the refund is asked of the provider with the
   * booking's own idempotency key (a retry after a crash is the same refund), then recorded with its ledger posting in
   * one transaction that finds it unrecorded. Whether it was refunded now.
   */
  async function refundReturned(bookingId: string): Promise<boolean> {
    const found = await db.transaction(async (tx) => {
      if (!(await rows(tx, refundable(bookingId))).length) return undefined;
      const [fee] = await rows<{ deliveryFee: number }>(tx, sql`SELECT delivery_fee AS "deliveryFee" FROM payments WHERE booking_id = ${bookingId}`);
      return { payment: await paymentOf(tx, bookingId), deliveryFee: fee?.deliveryFee ?? 0 };
    });
    if (!found) return false;
    const { payment, deliveryFee } = found;
    // Nothing is charged for a parcel that came back: the phone and the delivery fee paid with it.
    const given = await refund({ ...payment, amount: payment.amount + deliveryFee }, `parcel-return-${bookingId}`, RETURN_REASON);
    const recorded = await db.transaction(async (tx) => {
      const [sale] = await rows<{ buyerId: string; productId: string; name: string; sellerId: string }>(tx, refundable(bookingId));
      if (!sale) return undefined;
      await tx.execute(sql`INSERT INTO refunds (booking_id, provider_payment_id, refund_id, amount, currency, reason, method, status)
        VALUES (${bookingId}, ${payment.reference}, ${given.id}, ${given.amount}, ${given.currency}, ${RETURN_REASON}, ${payment.method}, ${given.state ?? 'refunded'})`);
      await tx.execute(sql`UPDATE bookings SET refunded_at = now() WHERE id = ${bookingId}`);
      // The held sale goes back; the delivery fee given back too is PhoneHaat's cost (the courier still charges it).
      await post(tx, 'refunded', bookingId, [
        [account.held, payment.amount],
        [account.courierCharges, given.amount - payment.amount],
        [account.provider(payment.method), -given.amount],
      ]);
      await tx.execute(sql`UPDATE products SET status = 'available' WHERE id = ${sale.productId} AND deleted_at IS NULL`);
      return sale;
    });
    if (!recorded) return false;
    onListingChanged();
    const listing = { id: recorded.productId, name: recorded.name, sellerId: recorded.sellerId };
    await notifier.send([notificationEvents.refunded(payment.reference, recorded.buyerId, listing, given.amount / 100, RETURN_REASON)]).catch((error: unknown) => log.warn({ err: error, bookingId }, 'could not tell the buyer of a return refund'));
    return true;
  }

  return {
    refundReturned,
    /** Returned prepaid parcels not refunded yet (the instance stopped in between, or the provider was down): now. */
    async sweep(limit = 50): Promise<number> {
      const due = sql`SELECT b.id AS "bookingId" FROM bookings b JOIN parcels pa ON pa.booking_id = b.id
        WHERE pa.status = 'returned' AND b.paid AND NOT b.cash_on_delivery AND b.released_at IS NULL AND b.refunded_at IS NULL LIMIT ${limit}`;
      return sweepBookings(db, due, refundReturned, log, 'refund a returned parcel');
    },
  };
}
export type ReturnRefunds = ReturnType<typeof createReturnRefunds>;
