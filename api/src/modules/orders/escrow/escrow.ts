import { randomInt, timingSafeEqual } from 'node:crypto';
import { and, count, eq, inArray, isNotNull, isNull, lt, notExists, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { bookings, disputes, payments, products } from '../../../db/schema.ts';
import { conflict, invalid, notFound, tooMany } from '../../../domain-error.ts';
import { notificationEvents } from '../../notifications/index.ts';
import type { Notifier } from '../../notifications/index.ts';
import type { Recorded } from '../../notifications/index.ts';
import { account, post } from './ledger.ts';

/** Tries of the handover code per booking; the sixth is refused whatever the code. */
export const HANDOVER_TRIES = 5;

export interface FeePolicy {
  /** PhoneHaat's fee, percent of the sale. */
  percent: number;
  /** The lower fee of a new seller's first sales, and how many sales that is. */
  newSellerPercent: number;
  newSellerSales: number;
}

/** The fee in poisha: a percentage of the sale, rounded down to the poisha (never more than promised). */
export const feeOf = (amount: number, percent: number) => Math.floor((amount * Math.round(percent * 100)) / 10_000);

/** Whether a booking's money is held: paid, neither released nor refunded. */
export const isHeld = (booking: { paid: boolean; heldAt: Date | null; releasedAt: Date | null; refundedAt: Date | null }) =>
  booking.paid && Boolean(booking.heldAt) && !booking.releasedAt && !booking.refundedAt;

const NOT_HELD = 'This payment is not held: it was released or refunded already, or never paid';
const DISPUTED = "The buyer disputed this sale: PhoneHaat's team decides where the money goes";

/** A six-digit code, uniformly drawn. */
export const newHandoverCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

const sameCode = (given: string, kept: string) => given.length === kept.length && timingSafeEqual(Buffer.from(given), Buffer.from(kept));

export type ReleaseReason = 'buyer' | 'code' | 'auto' | 'admin';
/** A release made in a transaction: what to announce after its commit, and whose money it now is. */
export interface Released {
  told: Recorded;
  sellerId: string;
}

/**
 * Money held until the handover (issue 33, decision 028). The sale holds the buyer's payment (`hold`, in the
 * settlement's transaction); the buyer's "I received the phone", the seller entering the buyer's code, or the set days
 * passing release it to the seller minus PhoneHaat's fee, once, each in one transaction with its ledger postings.
 */
export function createEscrow(
  db: Db,
  { fees, holdDays, notifier, onReleased }: { fees: FeePolicy; holdDays: number; notifier: Pick<Notifier, 'record' | 'announce'>; onReleased?: (sellerId: string) => void },
) {
  /** After a release's commit: its announcement, and its seller's payout. */
  async function afterRelease(released: Released) {
    await notifier.announce(released.told);
    onReleased?.(released.sellerId);
  }

  /**
   * The fee of a seller's next sale, from their sales so far (every paid sale has `held_at`, those made before money
   * was held too; the sale being held is not counted: `hold` runs before it sets its own).
   */
  async function nextFee(tx: Db | Tx, sellerId: string) {
    const [earlier] = await tx
      .select({ sales: count() })
      .from(bookings)
      .innerJoin(products, eq(products.id, bookings.productId))
      .where(and(eq(products.sellerId, sellerId), eq(bookings.paid, true), isNotNull(bookings.heldAt)));
    const sales = earlier?.sales ?? 0;
    return { percent: sales < fees.newSellerSales ? fees.newSellerPercent : fees.percent, lowerFeeSalesLeft: Math.max(0, fees.newSellerSales - sales) };
  }

  /** Whether a booking has a dispute the admin has not decided (its money then waits for the admin). */
  async function disputed(tx: Tx, bookingId: string) {
    const [open] = await tx.select({ id: disputes.id }).from(disputes).where(and(eq(disputes.bookingId, bookingId), inArray(disputes.status, ['open', 'refunding'])));
    return Boolean(open);
  }

  /**
   * Releases a held sale in `tx` (its booking row locked), telling the buyer and the seller (announced after the commit);
   * false when it was not held (released, refunded, unpaid) or, but for the admin deciding it, is disputed.
   */
  async function releaseIn(tx: Tx, bookingId: string, reason: ReleaseReason): Promise<Released | false> {
    const [row] = await tx
      .select({ booking: bookings, sellerId: products.sellerId, productName: products.name, amount: payments.amount })
      .from(bookings)
      .innerJoin(products, eq(products.id, bookings.productId))
      .innerJoin(payments, eq(payments.bookingId, bookings.id))
      .where(eq(bookings.id, bookingId))
      .for('update', { of: bookings });
    if (!row || !isHeld(row.booking)) return false;
    if (reason !== 'admin' && (await disputed(tx, bookingId))) return false;
    const fee = row.booking.fee ?? 0;
    await tx.update(bookings).set({ releasedAt: new Date(), releaseReason: reason }).where(eq(bookings.id, bookingId));
    await post(tx, 'released', bookingId, [
      [account.held, row.amount],
      [account.seller(row.sellerId), -row.amount],
    ]);
    await post(tx, 'fee', bookingId, [
      [account.seller(row.sellerId), fee],
      [account.fees, -fee],
    ]);
    const listing = { id: row.booking.productId, name: row.productName, sellerId: row.sellerId };
    return { sellerId: row.sellerId, told: await notifier.record(tx, notificationEvents.released(bookingId, listing, row.booking.buyerId, (row.amount - fee) / 100)) };
  }
  /** Releases in a transaction of its own, then announces it; whether it was released. */
  async function release(bookingId: string, reason: ReleaseReason): Promise<boolean> {
    const released = await db.transaction((tx) => releaseIn(tx, bookingId, reason));
    if (released) await afterRelease(released);
    return released !== false;
  }

  return {
    /**
     * In the settlement's transaction, as the sale is recorded: the payment is held, with its handover code and the
     * fee fixed now (a seller's first `newSellerSales` sales carry the lower fee). The money is at the provider that
     * took it, or (`from`) with the courier that collected it in cash; a delivery fee paid with it is owed to its courier.
     */
    async hold(tx: Tx, sale: { bookingId: string; sellerId: string; method: string; amount: number; from?: string; deliveryFee?: { amount: number; owedTo: string } }): Promise<void> {
      const { percent } = await nextFee(tx, sale.sellerId);
      await tx
        .update(bookings)
        .set({ heldAt: new Date(), handoverCode: newHandoverCode(), fee: feeOf(sale.amount, percent) })
        .where(eq(bookings.id, sale.bookingId));
      // A delivery fee taken with the sale (a courier booking paid online) is owed to the courier, not held.
      const fee = sale.deliveryFee?.amount ?? 0;
      await post(tx, 'paid', sale.bookingId, [
        [sale.from ?? account.provider(sale.method), sale.amount + fee],
        [account.held, -sale.amount],
        ...(sale.deliveryFee ? [[sale.deliveryFee.owedTo, -fee] as [string, number]] : []),
      ]);
    },

    /** A payment taken and given straight back (the loser of a race): both movements, so the provider's records match. */
    async paidAndRefunded(tx: Tx, refund: { bookingId: string; method: string; paid: number; refunded: number }): Promise<void> {
      await post(tx, 'paid', refund.bookingId, [
        [account.provider(refund.method), refund.paid],
        [account.held, -refund.paid],
      ]);
      await post(tx, 'refunded', refund.bookingId, [
        [account.held, refund.refunded],
        [account.provider(refund.method), -refund.refunded],
      ]);
    },

    /** The fee schedule, and the fee a seller's next sale carries (Add a product says what they will receive). */
    schedule: (): FeePolicy => fees,
    nextFee: (sellerId: string) => nextFee(db, sellerId),

    /** Who is in a booking: its buyer and the seller of its phone. */
    async partiesOf(bookingId: string): Promise<{ buyerId: string; sellerId: string } | undefined> {
      const [row] = await db
        .select({ buyerId: bookings.buyerId, sellerId: products.sellerId })
        .from(bookings)
        .innerJoin(products, eq(products.id, bookings.productId))
        .where(eq(bookings.id, bookingId));
      return row;
    },

    releaseIn,
    afterRelease,

    /** The buyer's "I received the phone". */
    async confirmReceived(bookingId: string): Promise<void> {
      const outcome = await db.transaction(async (tx) => {
        const [row] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
        if (!row || !isHeld(row)) return 'not-held' as const;
        if (await disputed(tx, bookingId)) return 'disputed' as const;
        return { released: await releaseIn(tx, bookingId, 'buyer') };
      });
      if (outcome === 'not-held') throw conflict(NOT_HELD);
      if (outcome === 'disputed') throw conflict(DISPUTED);
      if (outcome.released) await afterRelease(outcome.released);
    },

    /**
     * The seller enters the buyer's code at the meeting: at most HANDOVER_TRIES tries per booking, counted even when
     * wrong (the count commits with the refusal).
     */
    async enterCode(bookingId: string, code: string): Promise<void> {
      const outcome = await db.transaction(async (tx) => {
        const [row] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
        if (!row) throw notFound('Booking');
        if (!isHeld(row) || !row.handoverCode) return 'not-held' as const;
        if (await disputed(tx, bookingId)) return 'disputed' as const;
        if (row.handoverTries >= HANDOVER_TRIES) return 'locked' as const;
        await tx.update(bookings).set({ handoverTries: sql`${bookings.handoverTries} + 1` }).where(eq(bookings.id, bookingId));
        if (!sameCode(code, row.handoverCode)) return HANDOVER_TRIES - row.handoverTries - 1;
        return { released: await releaseIn(tx, bookingId, 'code') };
      });
      if (typeof outcome === 'object') {
        if (outcome.released) await afterRelease(outcome.released);
        return;
      }
      if (outcome === 'not-held') throw conflict(NOT_HELD);
      if (outcome === 'disputed') throw conflict(DISPUTED);
      if (outcome === 'locked' || outcome === 0) {
        throw tooMany('The code was wrong too many times: the buyer can confirm in My Orders, or the money is released by itself');
      }
      throw invalid(`That is not the buyer's code: ${outcome} ${outcome === 1 ? 'try' : 'tries'} left`, [{ field: 'code', message: 'Wrong code' }]);
    },

    /**
     * Sales held longer than the set days are released (a parcel's, the set days after its delivery); each in its own
     * transaction (safe on every instance).
     */
    async releaseDue(now = new Date()): Promise<number> {
      const cutoff = new Date(now.getTime() - holdDays * 86_400_000);
      const due = await db
        .select({ id: bookings.id })
        .from(bookings)
        .where(
          and(
            eq(bookings.paid, true),
            isNull(bookings.releasedAt),
            isNull(bookings.refundedAt),
            lt(bookings.heldAt, cutoff),
            // A parcel's days count from its delivery: a phone still travelling, or sent back, is never released by itself.
            sql`(${bookings.delivery} <> 'courier' OR EXISTS (SELECT 1 FROM parcels pa WHERE pa.booking_id = ${bookings.id} AND pa.status = 'delivered' AND pa.updated_at < ${cutoff.toISOString()}))`,
            notExists(db.select({ id: disputes.id }).from(disputes).where(and(eq(disputes.bookingId, bookings.id), inArray(disputes.status, ['open', 'refunding'])))),
          ),
        )
        .limit(100);
      let released = 0;
      for (const { id } of due) if (await release(id, 'auto')) released += 1;
      return released;
    },
  };
}
export type Escrow = ReturnType<typeof createEscrow>;
