import type { Earnings, PaidWith } from '@phonehaat/shared-api';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { bookings, disputes, ledgerEntries, payments, products } from '../../../db/schema.ts';
import { account } from './ledger.ts';
import type { Payouts } from './payouts.ts';

/** A seller's Earnings (issue 33): each sale's money and where it is, the totals from the ledger, the payouts. */
export async function earningsOf(db: Db, payoutsOf: Pick<Payouts, 'list' | 'wallet'>, sellerId: string, releaseAt: (heldAt: Date) => Date): Promise<Earnings> {
  const mine = account.seller(sellerId);
  const [rows, [ledger], list, wallet] = await Promise.all([
    db
      .select({
        booking: bookings,
        productName: products.name,
        amount: payments.amount,
        method: payments.method,
        paidAt: payments.createdAt,
        disputed: sql<boolean>`EXISTS (SELECT 1 FROM ${disputes} d WHERE d.booking_id = ${bookings.id} AND d.status IN ('open', 'refunding'))`,
      })
      .from(bookings)
      .innerJoin(products, eq(products.id, bookings.productId))
      .innerJoin(payments, eq(payments.bookingId, bookings.id))
      .where(and(eq(products.sellerId, sellerId), eq(bookings.paid, true)))
      .orderBy(desc(payments.createdAt))
      .limit(200),
    db
      .select({
        balance: sql<string | null>`sum(${ledgerEntries.amount})`,
        paidOut: sql<string | null>`sum(${ledgerEntries.amount}) FILTER (WHERE ${ledgerEntries.movement} = 'paid_out')`,
        fees: sql<string | null>`sum(${ledgerEntries.amount}) FILTER (WHERE ${ledgerEntries.movement} = 'fee')`,
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.account, mine)),
    payoutsOf.list(sellerId),
    payoutsOf.wallet(sellerId),
  ]);
  // A payout carries everything owed when it was planned: a sale released before the last sent one was planned is paid out.
  const lastPaidPlan = list.find((payout) => payout.status === 'sent')?.createdAt;
  const sales = rows.map(({ booking, productName, amount, method, paidAt, disputed }) => {
    const fee = booking.fee ?? 0;
    const state = booking.refundedAt
      ? ('refunded' as const)
      : disputed
        ? ('disputed' as const)
        : !booking.releasedAt
          ? ('held' as const)
          : lastPaidPlan && booking.releasedAt <= lastPaidPlan
            ? ('paid-out' as const)
            : ('released' as const);
    return {
      bookingId: booking.id,
      productName,
      method: method as PaidWith,
      paidAt: paidAt.toISOString(),
      amount,
      fee: state === 'refunded' ? 0 : fee,
      net: state === 'refunded' ? 0 : amount - fee,
      state,
      releaseAt: booking.heldAt && !booking.releasedAt && !booking.refundedAt ? releaseAt(booking.heldAt).toISOString() : null,
      releasedAt: booking.releasedAt?.toISOString() ?? null,
    };
  });
  const owed = -Number(ledger?.balance ?? 0);
  const pending = list.find((payout) => payout.status === 'pending');
  return {
    totals: {
      held: sales.filter((sale) => sale.state === 'held' || sale.state === 'disputed').reduce((sum, sale) => sum + sale.amount, 0),
      owed,
      paidOut: Number(ledger?.paidOut ?? 0),
      fees: Number(ledger?.fees ?? 0),
    },
    sales,
    payouts: list.map((payout) => ({
      _id: payout.id,
      amount: payout.amount,
      wallet: payout.wallet,
      status: payout.status,
      transactionId: payout.transactionId,
      createdAt: payout.createdAt.toISOString(),
      sentAt: payout.sentAt?.toISOString() ?? null,
    })),
    wallet: wallet ? { method: wallet.method, number: wallet.number, confirmedAt: wallet.confirmedAt.toISOString() } : null,
    nextPayout: { amount: pending ? pending.amount : Math.max(0, owed), at: pending ? pending.createdAt.toISOString() : null },
  };
}
