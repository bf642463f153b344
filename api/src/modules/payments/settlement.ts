import { and, eq, sql } from 'drizzle-orm';
import type { Booking } from '@phonehaat/shared-api';
import { takaDueOnline } from '@phonehaat/shared-api/due';
import type { Db, Tx } from '../../db/client.ts';
import { bookings, payments, products, refunds } from '../../db/schema.ts';
import { conflict, invalid, notFound } from '../../domain-error.ts';
import type { Escrow } from '../orders/index.ts';
import { account, post } from '../orders/index.ts';
import type { ConfirmedPayment, RefundGiven } from './methods/types.ts';
import { notificationEvents } from '../notifications/index.ts';
import type { Notifier } from '../notifications/index.ts';
import type { Recorded } from '../notifications/index.ts';
import type { OffersRepository } from '../offers/index.ts';
import { rows } from '../../db/rows.ts';
import { CURRENCY, toMinorUnits } from '../../money.ts';


/** The delivery fee a booking is paid online with (poisha): a courier booking paid online carries it; cash or a meeting, none. */
export const poishaDeliveryFeeOnline = (booking: { delivery: string; cashOnDelivery: boolean; deliveryFee: number | null }) =>
  booking.delivery === 'courier' && !booking.cashOnDelivery ? toMinorUnits(booking.deliveryFee ?? 0) : 0;

/** What paying a booking online charges (poisha): the phone's price from the server's records, and its delivery fee. */
export const poishaDueOnline = (booking: Pick<Booking, 'resalePrice' | 'delivery'>) => toMinorUnits(takaDueOnline(booking));

/** Refuses paying online a booking that owes nothing online: paid, its fee paid first, or paid in cash at the door. */
export function assertPayableOnline(booking: Pick<Booking, 'paid' | 'delivery'>) {
  if (booking.paid) throw conflict('This booking is already paid');
  if (booking.delivery?.cashOnDelivery && booking.delivery.feeFirst && booking.delivery.feePaid) throw conflict(FEE_PAID_ALREADY);
  if (booking.delivery?.cashOnDelivery && !booking.delivery.feeFirst) throw conflict('This phone is paid in cash at the door: nothing is paid online');
}
const FEE_PAID_ALREADY = 'The delivery fee is paid already: the phone is paid in cash at the door';

/** Why a payment was given straight back: the phone went to someone else, or the amount was not the one asked. */
const SOLD_ELSEWHERE = 'Sorry, this phone was sold to another buyer; your payment has been refunded.';
const WRONG_AMOUNT = 'The amount paid did not match the price; your payment has been refunded.';
const KEPT_FOR_ANOTHER = 'Sorry, this phone is kept for a buyer who agreed a price with the seller; your payment has been refunded.';

export type Settlement =
  | { outcome: 'recorded'; paymentId: string; transactionId: string }
  | { outcome: 'refunded'; refundId: string; reason: string };

/** Gives a payment back through the provider that took it, once however often asked (its idempotency key or its record). */
export type Refunder = (payment: ConfirmedPayment, idempotencyKey: string, reason: string) => Promise<RefundGiven>;

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
  /** Holds the sale's money until the handover, with its ledger posting (issue 33), in the sale's transaction. */
  escrow: Pick<Escrow, 'hold' | 'paidAndRefunded'>;
  /** The ledger account a delivery fee paid online is owed to (the courier's). */
  deliveryFeesTo: string;
  /** Offers (issue 47): who the phone is kept for at an agreed price, and closing the others when it sells. */
  offers: Pick<OffersRepository, 'reservation' | 'closeOnSale'>;
}

/**
 * Turns a completed payment (a card's or a wallet's) into a sale, exactly once. Two buyers paying for the same phone
 * at once, or one buyer by card and by bKash: the product row lock lets one win; the other's money goes back through
 * its own provider and the refund is recorded. Repeating a call (a retry, the webhook after the page, the sweep after
 * the callback) returns the first outcome.
 */
export function createSettlement(db: Db, refund: Refunder, { onSold, onSettled, notifier, unpaidBookers, watchers, escrow, deliveryFeesTo, offers }: SettlementHooks) {
  /** The phone is kept for another buyer at a price they agreed with the seller (issue 47). */
  const keptForAnother = async (tx: Tx, productId: string, buyerId: string) => {
    const kept = await offers.reservation(productId, tx);
    return kept !== undefined && kept.buyerId !== buyerId;
  };

  async function decide(bookingId: string, intent: ConfirmedPayment) {
    return db.transaction(async (tx) => {
      const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId));
      if (!booking) throw notFound('Booking');
      // Lock the product first, then the booking: every settlement takes them in this order.
      const [product] = await tx.select().from(products).where(eq(products.id, booking.productId)).for('update');
      await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, bookingId)).for('update');
      if (!product) throw notFound('Product');

      const [recorded] = await tx.select().from(payments).where(eq(payments.transactionId, intent.transactionId));
      if (recorded) {
        if (recorded.bookingId !== bookingId) throw invalid('This payment belongs to another booking', 'transactionId');
        return { outcome: 'recorded' as const, paymentId: recorded.id };
      }
      const [refunded] = await tx.select().from(refunds).where(eq(refunds.providerPaymentId, intent.reference));
      if (refunded) return { outcome: 'refunded' as const, refundId: refunded.refundId, reason: refunded.reason };

      if (booking.cashOnDelivery && booking.feeFirst) return decideFee(tx, booking, product, intent);

      let reason: string | undefined;
      if (booking.paid) reason = 'This booking was already paid; the second payment was refunded.';
      else if (product.status === 'sold' || product.deletedAt) reason = SOLD_ELSEWHERE;
      if (!reason && (await keptForAnother(tx, product.id, booking.buyerId))) reason = KEPT_FOR_ANOTHER;
      const deliveryFee = poishaDeliveryFeeOnline(booking);
      // The price is the booking's agreed one (an accepted offer), else the listing's.
      const price = booking.agreedPrice ?? product.resalePrice;
      if (!reason && (intent.amount !== toMinorUnits(price) + deliveryFee || intent.currency !== CURRENCY))
        reason = WRONG_AMOUNT;
      if (reason) return { outcome: 'refund' as const, reason, bookingId, listing: product, buyerId: booking.buyerId };

      const [payment] = await tx
        .insert(payments)
        .values({ bookingId, transactionId: intent.transactionId, amount: intent.amount - deliveryFee, deliveryFee, currency: intent.currency, method: intent.method })
        .returning({ id: payments.id });
      await tx.update(bookings).set(intent.method === 'card' ? { paid: true, paymentIntentId: intent.reference } : { paid: true }).where(eq(bookings.id, bookingId));
      await tx
        .update(products)
        .set({ status: 'sold' })
        .where(and(eq(products.id, product.id), eq(products.status, 'available')));
      if (!payment) throw new Error('payment insert returned no row');
      await escrow.hold(tx, {
        bookingId,
        sellerId: product.sellerId,
        method: intent.method,
        amount: intent.amount - deliveryFee,
        ...(deliveryFee ? { deliveryFee: { amount: deliveryFee, owedTo: deliveryFeesTo } } : {}),
      });
      const bookers = await unpaidBookers(tx, product.id, booking.buyerId);
      const told: Recorded = await notifier.record(tx, [
        ...notificationEvents.paid(bookingId, product, booking.buyerId, price, intent.amount / 100),
        ...(await offers.closeOnSale(tx, product, booking.buyerId)),
        ...notificationEvents.soldElsewhere(product, bookers),
        // A watcher who also booked hears it once, as a booker.
        ...notificationEvents.watchedSold(product, (await watchers(tx, product.id, booking.buyerId)).filter((id) => !bookers.includes(id))),
      ]);
      return { outcome: 'sold' as const, paymentId: payment.id, told };
    });
  }

  type Locked = typeof bookings.$inferSelect;
  /**
   * A cash-on-delivery booking's delivery fee paid online first (issue 45), in `decide`'s locks: recorded once, the
   * phone reserved for its buyer (off sale, as a paid one is), the fee owed to the courier; or refunded, as a sale is.
   */
  async function decideFee(tx: Tx, booking: Locked, product: Product, intent: ConfirmedPayment) {
    const bookingId = booking.id;
    const [recorded] = await rows<{ id: string; bookingId: string }>(tx, sql`SELECT id, booking_id AS "bookingId" FROM delivery_fee_payments WHERE transaction_id = ${intent.transactionId}`);
    if (recorded) {
      if (recorded.bookingId !== bookingId) throw invalid('This payment belongs to another booking', 'transactionId');
      return { outcome: 'recorded' as const, paymentId: recorded.id };
    }
    const [refunded] = await tx.select().from(refunds).where(eq(refunds.providerPaymentId, intent.reference));
    if (refunded) return { outcome: 'refunded' as const, refundId: refunded.refundId, reason: refunded.reason };
    const fee = toMinorUnits(booking.deliveryFee ?? 0);
    let reason: string | undefined;
    if (booking.feePaidAt) reason = 'The delivery fee was already paid; the second payment was refunded.';
    else if (product.status === 'sold' || product.deletedAt || booking.cancelledAt) reason = SOLD_ELSEWHERE;
    else if (await keptForAnother(tx, product.id, booking.buyerId)) reason = KEPT_FOR_ANOTHER;
    else if (intent.amount !== fee || intent.currency !== CURRENCY) reason = WRONG_AMOUNT;
    if (reason) return { outcome: 'refund' as const, reason, bookingId, listing: product, buyerId: booking.buyerId };

    const [payment] = await rows<{ id: string }>(
      tx,
      sql`INSERT INTO delivery_fee_payments (booking_id, transaction_id, reference, amount, currency, method)
          VALUES (${bookingId}, ${intent.transactionId}, ${intent.reference}, ${intent.amount}, ${intent.currency}, ${intent.method}) RETURNING id`,
    );
    if (!payment) throw new Error('delivery fee payment insert returned no row');
    await tx
      .update(bookings)
      .set(intent.method === 'card' ? { feePaidAt: new Date(), paymentIntentId: intent.reference } : { feePaidAt: new Date() })
      .where(eq(bookings.id, bookingId));
    // The buyer committed to it: nobody else can buy the phone while the seller sends it (back on sale if refused).
    await tx
      .update(products)
      .set({ status: 'sold' })
      .where(and(eq(products.id, product.id), eq(products.status, 'available')));
    await post(tx, 'paid', bookingId, [
      [account.provider(intent.method), intent.amount],
      [deliveryFeesTo, -intent.amount],
    ]);
    const told: Recorded = await notifier.record(tx, [notificationEvents.feePaid(bookingId, product, intent.amount / 100), ...(await offers.closeOnSale(tx, product, booking.buyerId))]);
    return { outcome: 'sold' as const, paymentId: payment.id, told };
  }

  async function settle(bookingId: string, intent: ConfirmedPayment): Promise<Settlement> {
    if (intent.bookingId !== bookingId) throw invalid('This payment does not belong to this booking', 'transactionId');

    const decision = await decide(bookingId, intent);
    if (decision.outcome === 'sold') {
      onSold();
      await notifier.announce(decision.told);
      onSettled?.('settled');
      return { outcome: 'recorded', paymentId: decision.paymentId, transactionId: intent.transactionId };
    }
    if (decision.outcome === 'recorded') return { outcome: 'recorded', paymentId: decision.paymentId, transactionId: intent.transactionId };
    if (decision.outcome === 'refunded') return decision;

    return giveBack(intent, decision.reason, decision);
  }

  /**
   * Gives a payment that did not become a sale back in full through its provider, records the refund once (both in the
   * ledger), and tells the buyer why. Also an admin's refusal of a payment held for review.
   */
  async function giveBack(intent: ConfirmedPayment, reason: string, { bookingId, listing, buyerId }: { bookingId: string; listing: Product; buyerId: string }): Promise<Settlement> {
    // Outside the transaction: a slow processor must not hold the product lock. The idempotency key
    // makes a retried refund (after a crash or a timeout) the same refund.
    const given = await refund(intent, `refund-${intent.reference}`, reason);
    await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(refunds)
        .values({
          bookingId,
          providerPaymentId: intent.reference,
          refundId: given.id,
          amount: given.amount,
          currency: given.currency,
          reason,
          method: intent.method,
          status: given.state ?? 'refunded',
        })
        .onConflictDoNothing()
        .returning({ id: refunds.id });
      if (inserted.length === 0) return;
      // The money came in and went straight back: both in the ledger, with the refund they record.
      await escrow.paidAndRefunded(tx, { bookingId, method: intent.method, paid: intent.amount, refunded: given.amount });
      onSettled?.('refunded');
    });
    await notifier.send([notificationEvents.refunded(intent.reference, buyerId, listing, given.amount / 100, reason)]);
    return { outcome: 'refunded', refundId: given.id, reason };
  }

  return Object.assign(settle, { giveBack });
}
export type Settle = ReturnType<typeof createSettlement>;
type Product = typeof products.$inferSelect;
