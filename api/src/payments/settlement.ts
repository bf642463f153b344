import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { bookings, payments, products, refunds } from '../db/schema.js';
import { badRequest, conflict, notFound } from '../errors.js';
import type { GatewayIntent, PaymentGateway } from './gateway.js';
import { notificationEvents } from '../notifications/events.js';
import type { Notifier } from '../notifications/notifier.js';
import type { Recorded } from '../repositories/notifications.js';

export const CURRENCY = 'bdt' as const;
/** BDT has two decimals at Stripe: 1 Tk = 100 poisha. */
export const toMinorUnits = (taka: number) => taka * 100;

export type Settlement =
  | { outcome: 'recorded'; paymentId: string; transactionId: string }
  | { outcome: 'refunded'; refundId: string; reason: string };

/**
 * Turns a succeeded PaymentIntent into a sale, exactly once. Two buyers paying for the same phone
 * at once: the product row lock lets one win; the other's money goes back and the refund is recorded.
 * Repeating a call (a retry, the webhook after the page) returns the first outcome.
 */
export interface SettlementHooks {
  /** A phone was sold (the read caches must forget it). */
  onSold(): void;
  /** Each new outcome, once: a sale, or a refund of a phone sold already (metrics). */
  onSettled?(outcome: 'settled' | 'refunded'): void;
  /** Tells the buyer, the seller and the other bookers (issue 27), in the sale's transaction. */
  notifier: Pick<Notifier, 'record' | 'announce' | 'send'>;
  /** The other buyers holding an unpaid booking of the phone. */
  unpaidBookers(tx: Tx, productId: string, except: string): Promise<string[]>;
  /** Who watches the phone (but its buyer). */
  watchers(tx: Tx, productId: string, except: string): Promise<string[]>;
}

export function createSettlement(db: Db, gateway: PaymentGateway, { onSold, onSettled, notifier, unpaidBookers, watchers }: SettlementHooks) {
  async function decide(bookingId: string, intent: GatewayIntent) {
    return db.transaction(async (tx) => {
      const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId));
      if (!booking) throw notFound('Booking');
      // Lock the product first, then the booking: every settlement takes them in this order.
      const [product] = await tx.select().from(products).where(eq(products.id, booking.productId)).for('update');
      await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, bookingId)).for('update');
      if (!product) throw notFound('Product');

      const [recorded] = await tx.select().from(payments).where(eq(payments.transactionId, intent.id));
      if (recorded) {
        if (recorded.bookingId !== bookingId) throw badRequest('This payment belongs to another booking', 'transactionId');
        return { outcome: 'recorded' as const, paymentId: recorded.id };
      }
      const [refunded] = await tx.select().from(refunds).where(eq(refunds.paymentIntentId, intent.id));
      if (refunded) return { outcome: 'refunded' as const, refundId: refunded.refundId, reason: refunded.reason };

      let reason: string | undefined;
      if (booking.paid) reason = 'This booking was already paid; the second payment was refunded.';
      else if (product.status === 'sold' || product.deletedAt) reason = 'Sorry, this phone was sold to another buyer; your payment has been refunded.';
      else if (intent.amount !== toMinorUnits(product.resalePrice) || intent.currency !== CURRENCY)
        reason = 'The amount paid did not match the price; your payment has been refunded.';
      if (reason) return { outcome: 'refund' as const, reason, bookingId, listing: product, buyerId: booking.buyerId };

      const [payment] = await tx
        .insert(payments)
        .values({ bookingId, transactionId: intent.id, amount: intent.amount, currency: intent.currency })
        .returning({ id: payments.id });
      await tx.update(bookings).set({ paid: true, paymentIntentId: intent.id }).where(eq(bookings.id, bookingId));
      await tx
        .update(products)
        .set({ status: 'sold' })
        .where(and(eq(products.id, product.id), eq(products.status, 'available')));
      if (!payment) throw new Error('payment insert returned no row');
      const bookers = await unpaidBookers(tx, product.id, booking.buyerId);
      const told: Recorded = await notifier.record(tx, [
        ...notificationEvents.paid(bookingId, product, booking.buyerId, product.resalePrice),
        ...notificationEvents.soldElsewhere(product, bookers),
        // A watcher who also booked hears it once, as a booker.
        ...notificationEvents.watchedSold(product, (await watchers(tx, product.id, booking.buyerId)).filter((id) => !bookers.includes(id))),
      ]);
      return { outcome: 'sold' as const, paymentId: payment.id, told };
    });
  }

  return async function settle(bookingId: string, intent: GatewayIntent): Promise<Settlement> {
    if (intent.metadata.bookingId !== bookingId) throw badRequest('This payment does not belong to this booking', 'transactionId');
    if (intent.status !== 'succeeded') throw conflict(`The payment has not succeeded (status: ${intent.status})`);

    const decision = await decide(bookingId, intent);
    if (decision.outcome === 'sold') {
      onSold();
      await notifier.announce(decision.told);
      onSettled?.('settled');
      return { outcome: 'recorded', paymentId: decision.paymentId, transactionId: intent.id };
    }
    if (decision.outcome === 'recorded') return { outcome: 'recorded', paymentId: decision.paymentId, transactionId: intent.id };
    if (decision.outcome === 'refunded') return decision;

    // Outside the transaction: a slow processor must not hold the product lock. The idempotency key
    // makes a retried refund (after a crash or a timeout) the same refund.
    const refund = await gateway.refund(intent.id, `refund-${intent.id}`);
    await db
      .insert(refunds)
      .values({
        bookingId,
        paymentIntentId: intent.id,
        refundId: refund.id,
        amount: refund.amount,
        currency: refund.currency,
        reason: decision.reason,
      })
      .onConflictDoNothing()
      .returning({ id: refunds.id })
      .then((inserted) => inserted.length > 0 && onSettled?.('refunded'));
    await notifier.send([notificationEvents.refunded(intent.id, decision.buyerId, decision.listing, refund.amount / 100, decision.reason)]);
    return { outcome: 'refunded', refundId: refund.id, reason: decision.reason };
  };
}
export type Settle = ReturnType<typeof createSettlement>;
