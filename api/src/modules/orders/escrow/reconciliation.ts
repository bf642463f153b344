import type { CourierSettlement, Discrepancy, MoneyOverview } from '@phonehaat/shared-api';
import { and, desc, eq, inArray, isNotNull, isNull, like, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { disputes, ledgerEntries, payouts, refunds, walletPayments } from '../../../db/schema.ts';
import type { PaymentGateway } from '../../payments/index.ts';
import { disputeRefundKey } from './disputes.ts';
import { account } from './ledger.ts';

/** What bKash itself says of a payment, its refund and a payout (its status, refund-status and payout-query calls). */
export interface BkashRecords {
  paid(paymentID: string): Promise<number | undefined>;
  refunded(paymentID: string, trxID: string): Promise<number | undefined>;
  paidOut(invoice: string): Promise<number | undefined>;
}

/**
 * What a card gateway itself says of a payment and of a refund (SSLCommerz: its transaction query and refund query). A
 * refund's amount is what the ledger recorded when the gateway knows the refund (SSLCommerz's refund query says its
 * state, not its amount).
 */
export interface GatewayRecords {
  method: string;
  paid(reference: string): Promise<number | undefined>;
  /** Absent where the provider publishes no way to read a refund back (Nagad): its refunds are then not compared. */
  refunded?(refundId: string, recorded: number): Promise<number | undefined>;
}

/** A courier's settlement reports, recorded and reconciled (courier/settlement.ts). */
export interface CourierSettlements {
  method: string;
  reconcile(): Promise<{ checked: number; differences: Discrepancy[] }>;
  recent(): Promise<CourierSettlement[]>;
}

/** How many of the latest bookings and payouts a reconciliation checks against bKash, one call each. */
const BKASH_CHECKED = 500;

type Sums = Map<string, { paid: number; refunded: number }>;
const add = (sums: Sums, key: string, field: 'paid' | 'refunded', amount: number) => {
  const entry = sums.get(key) ?? { paid: 0, refunded: 0 };
  entry[field] += amount;
  sums.set(key, entry);
};

/** Each side's sums per key, compared; a key on one side only is missing on the other. */
function compare(method: string, ledger: Sums, provider: Sums, referenceOf: (key: string) => string, fields: readonly ('paid' | 'refunded')[] = ['paid', 'refunded']): Discrepancy[] {
  const found: Discrepancy[] = [];
  for (const key of new Set([...ledger.keys(), ...provider.keys()])) {
    for (const field of fields) {
      const ours = ledger.get(key)?.[field] ?? 0;
      const theirs = provider.get(key)?.[field] ?? 0;
      if (ours === theirs) continue;
      const problem = theirs === 0 ? 'missing-at-provider' : ours === 0 ? 'missing-in-ledger' : 'amount-differs';
      found.push({ method, reference: referenceOf(key), kind: field === 'paid' ? 'payment' : 'refund', problem, ledgerAmount: ours || null, providerAmount: theirs || null });
    }
  }
  return found;
}

/**
 * The admin's money page (issue 33): the ledger's balances, and the ledger reconciled against the providers' own
 * records. Stripe is compared both ways (its list of PaymentIntents and refunds); bKash, which has no list, per
 * transaction the ledger knows of (its status, refund-status and payout-query calls).
 */
export function createMoneyOverview(
  db: Db,
  {
    gateway,
    bkash,
    settlements,
    gateways = [],
  }: { gateway: Pick<PaymentGateway, 'listSettled'>; bkash: BkashRecords | undefined; settlements: CourierSettlements; gateways?: GatewayRecords[] },
) {
  /** Per booking, what the ledger says came in and went back through one provider. */
  async function ledgerByBooking(method: string, bookingIds?: string[]): Promise<Sums> {
    const rows = await db
      .select({
        bookingId: ledgerEntries.bookingId,
        paid: sql<string>`coalesce(sum(${ledgerEntries.amount}) FILTER (WHERE ${ledgerEntries.movement} = 'paid'), 0)`,
        refunded: sql<string>`coalesce(-sum(${ledgerEntries.amount}) FILTER (WHERE ${ledgerEntries.movement} = 'refunded'), 0)`,
      })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.account, account.provider(method)), isNotNull(ledgerEntries.bookingId), bookingIds ? inArray(ledgerEntries.bookingId, bookingIds) : undefined))
      .groupBy(ledgerEntries.bookingId);
    return new Map(rows.map((row) => [row.bookingId!, { paid: Number(row.paid), refunded: Number(row.refunded) }]));
  }

  async function reconcileCard(): Promise<{ checked: number; differences: Discrepancy[] }> {
    const [ledger, stripe] = await Promise.all([ledgerByBooking('card'), gateway.listSettled()]);
    const provider: Sums = new Map();
    const intentsOf = new Map<string, string[]>();
    const bookingOfIntent = new Map<string, string>();
    for (const intent of stripe.payments) {
      const key = intent.bookingId ?? intent.id;
      bookingOfIntent.set(intent.id, key);
      intentsOf.set(key, [...(intentsOf.get(key) ?? []), intent.id]);
      add(provider, key, 'paid', intent.amount);
    }
    for (const refund of stripe.refunds) add(provider, bookingOfIntent.get(refund.paymentIntentId) ?? refund.paymentIntentId, 'refunded', refund.amount);
    return { checked: stripe.payments.length, differences: compare('card', ledger, provider, (key) => intentsOf.get(key)?.join(', ') ?? `booking ${key}`) };
  }

  async function reconcileBkash(records: BkashRecords): Promise<{ checked: number; differences: Discrepancy[] }> {
    const completed = await db
      .select({ bookingId: walletPayments.bookingId, paymentID: walletPayments.providerPaymentId, trxID: walletPayments.transactionId })
      .from(walletPayments)
      .where(and(eq(walletPayments.method, 'bkash'), eq(walletPayments.status, 'completed')))
      .orderBy(desc(walletPayments.createdAt))
      .limit(BKASH_CHECKED);
    // Cash sales refunded to the buyer's bKash (issue 45): a payout whose invoice number is the dispute's refund key. One
    // sent to a Nagad account (issue 69) is Nagad's disbursement, which publishes no call that reads a batch back.
    const cashRefunds = await db
      .select({ bookingId: refunds.bookingId, disputeId: disputes.id })
      .from(refunds)
      .innerJoin(disputes, eq(disputes.bookingId, refunds.bookingId))
      .where(and(eq(refunds.method, 'cash'), or(isNull(disputes.refundMethod), eq(disputes.refundMethod, 'bkash'))))
      .orderBy(desc(refunds.createdAt))
      .limit(BKASH_CHECKED);
    const bookingIds = [...new Set([...completed, ...cashRefunds].map((row) => row.bookingId))];
    const ledger = await ledgerByBooking('bkash', bookingIds.length ? bookingIds : ['00000000-0000-0000-0000-000000000000']);
    const provider: Sums = new Map();
    const trxOf = new Map<string, string[]>();
    for (const { bookingId, disputeId } of cashRefunds) {
      const invoice = disputeRefundKey(disputeId);
      trxOf.set(bookingId, [...(trxOf.get(bookingId) ?? []), invoice]);
      add(provider, bookingId, 'refunded', (await records.paidOut(invoice)) ?? 0);
    }
    for (const { bookingId, paymentID, trxID } of completed) {
      if (!paymentID || !trxID) continue;
      trxOf.set(bookingId, [...(trxOf.get(bookingId) ?? []), trxID]);
      add(provider, bookingId, 'paid', (await records.paid(paymentID)) ?? 0);
      add(provider, bookingId, 'refunded', (await records.refunded(paymentID, trxID)) ?? 0);
    }
    const differences = compare('bkash', ledger, provider, (key) => trxOf.get(key)?.join(', ') ?? `booking ${key}`);
    // Payouts: each one the ledger or our records know, against bKash's record of its invoice number.
    const recent = await db.select().from(payouts).orderBy(desc(payouts.createdAt)).limit(BKASH_CHECKED);
    const paidOut = await db
      .select({ payoutId: ledgerEntries.payoutId, amount: sql<string>`-sum(${ledgerEntries.amount})` })
      .from(ledgerEntries)
      .where(and(like(ledgerEntries.account, 'provider:%'), eq(ledgerEntries.movement, 'paid_out')))
      .groupBy(ledgerEntries.payoutId);
    const recorded = new Map(paidOut.map((row) => [row.payoutId, Number(row.amount)]));
    for (const payout of recent) {
      const ours = recorded.get(payout.id) ?? 0;
      const theirs = (await records.paidOut(payout.id)) ?? 0;
      if (ours === theirs) continue;
      const problem = theirs === 0 ? 'missing-at-provider' : ours === 0 ? 'missing-in-ledger' : 'amount-differs';
      differences.push({ method: 'bkash', reference: payout.id, kind: 'payout', problem, ledgerAmount: ours || null, providerAmount: theirs || null });
    }
    return { checked: completed.length + cashRefunds.length + recent.length, differences };
  }

  /** A gateway without a list (SSLCommerz), per payment and refund the ledger knows of, as bKash is. */
  async function reconcileGateway(records: GatewayRecords): Promise<{ checked: number; differences: Discrepancy[] }> {
    const completed = await db
      .select({ bookingId: walletPayments.bookingId, reference: walletPayments.providerPaymentId, transactionId: walletPayments.transactionId })
      .from(walletPayments)
      .where(and(eq(walletPayments.method, records.method), inArray(walletPayments.status, ['completed', 'refunded'])))
      .orderBy(desc(walletPayments.createdAt))
      .limit(BKASH_CHECKED);
    const given = await db.select().from(refunds).where(eq(refunds.method, records.method)).orderBy(desc(refunds.createdAt)).limit(BKASH_CHECKED);
    const bookingIds = [...new Set([...completed, ...given].map((row) => row.bookingId))];
    const ledger = await ledgerByBooking(records.method, bookingIds.length ? bookingIds : ['00000000-0000-0000-0000-000000000000']);
    const provider: Sums = new Map();
    const referencesOf = new Map<string, string[]>();
    for (const { bookingId, reference, transactionId } of completed) {
      if (!reference) continue;
      referencesOf.set(bookingId, [...(referencesOf.get(bookingId) ?? []), transactionId ?? reference]);
      add(provider, bookingId, 'paid', (await records.paid(reference)) ?? 0);
    }
    const refunded = records.refunded?.bind(records);
    if (refunded) for (const refund of given) add(provider, refund.bookingId, 'refunded', (await refunded(refund.refundId, refund.amount)) ?? 0);
    const checked = completed.length + (refunded ? given.length : 0);
    return { checked, differences: compare(records.method, ledger, provider, (key) => referencesOf.get(key)?.join(', ') ?? `booking ${key}`, refunded ? ['paid', 'refunded'] : ['paid']) };
  }

  /** The ledger's balances by kind of account (poisha). */
  async function balances() {
    const rows = await db
      .select({ account: ledgerEntries.account, movement: ledgerEntries.movement, amount: sql<string>`sum(${ledgerEntries.amount})` })
      .from(ledgerEntries)
      .groupBy(ledgerEntries.account, ledgerEntries.movement);
    const sum = (keep: (row: (typeof rows)[number]) => boolean) => rows.filter(keep).reduce((total, row) => total + Number(row.amount), 0);
    return {
      held: -sum((row) => row.account === account.held),
      owedToSellers: -sum((row) => row.account.startsWith('seller:')),
      paidOut: -sum((row) => row.account.startsWith('provider:') && row.movement === 'paid_out'),
      fees: -sum((row) => row.account === account.fees),
      refunded: -sum((row) => row.account.startsWith('provider:') && row.movement === 'refunded'),
      owedByCouriers: sum((row) => row.account.startsWith('courier:')),
      courierCharges: sum((row) => row.account === account.courierCharges),
      ledgerSum: sum(() => true),
    };
  }

  return async function overview(): Promise<MoneyOverview> {
    const providers: MoneyOverview['reconciliation']['providers'] = [];
    const differences: Discrepancy[] = [];
    const checks: [string, () => Promise<{ checked: number; differences: Discrepancy[] }>][] = [['card', reconcileCard]];
    if (bkash) checks.push(['bkash', () => reconcileBkash(bkash)]);
    for (const records of gateways) checks.push([records.method, () => reconcileGateway(records)]);
    checks.push([settlements.method, settlements.reconcile]);
    for (const [method, check] of checks) {
      try {
        const result = await check();
        providers.push({ method, checked: result.checked, reachable: true });
        differences.push(...result.differences);
      } catch {
        providers.push({ method, checked: 0, reachable: false });
      }
    }
    return { ...(await balances()), settlements: await settlements.recent(), reconciliation: { checkedAt: new Date().toISOString(), providers, differences } };
  };
}
export type MoneyOverviewService = ReturnType<typeof createMoneyOverview>;
