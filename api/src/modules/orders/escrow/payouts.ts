import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { ledgerEntries, payouts, payoutWallets } from '../../../db/schema.ts';
import { notificationEvents } from '../../notifications/index.ts';
import type { Notifier } from '../../notifications/index.ts';
import { account, post } from './ledger.ts';

/**
 * Where money goes out to a wallet: bKash's B2C disbursement (sellers' payouts, and cash refunds), or Nagad's (cash
 * refunds to a Nagad account, issue 69); one payment per invoice number, however often asked.
 */
export interface PayoutRail<Method extends 'bkash' | 'nagad' = 'bkash' | 'nagad'> {
  method: Method;
  pay(payout: { invoice: string; wallet: string; amount: number }): Promise<{ transactionId: string; amount: number }>;
}

/** What the ledger says PhoneHaat owes a seller (their account's credit), in poisha. */
export async function owedTo(db: Db, sellerId: string): Promise<number> {
  const [row] = await db
    .select({ balance: sql<string | null>`sum(${ledgerEntries.amount})` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.account, account.seller(sellerId)));
  return -Number(row?.balance ?? 0);
}

/**
 * Paying sellers what they are owed (issue 33, decision 029). `plan` makes one pending payout per seller with a payout
 * wallet and money owed (a unique index: two instances planning at once make one); `pay` sends it through the rail
 * with the payout's id as the idempotency key, then records it once (row lock) with its ledger posting. A worker that
 * dies after bKash paid and before the record is retried by the queue: bKash answers the same payout, recorded then.
 */
export function createPayouts(db: Db, { rail, notifier }: { rail: PayoutRail<'bkash'>; notifier: Pick<Notifier, 'record' | 'announce'> }) {
  /** The seller's payout wallet. */
  async function wallet(sellerId: string) {
    const [row] = await db.select().from(payoutWallets).where(eq(payoutWallets.sellerId, sellerId));
    return row;
  }

  return {
    wallet,

    async setWallet(sellerId: string, number: string) {
      const [row] = await db
        .insert(payoutWallets)
        .values({ sellerId, number, method: rail.method })
        .onConflictDoUpdate({ target: payoutWallets.sellerId, set: { number, confirmedAt: new Date() } })
        .returning();
      if (!row) throw new Error('payout wallet upsert returned no row');
      return row;
    },

    /** Pending payouts for these sellers (all with a wallet when none are named); their ids, for the queue. */
    async plan(sellerIds?: string[]): Promise<string[]> {
      const sellers = sellerIds ?? (await db.select({ sellerId: payoutWallets.sellerId }).from(payoutWallets)).map((row) => row.sellerId);
      for (const sellerId of sellers) {
        const to = await wallet(sellerId);
        const [pending] = await db.select({ id: payouts.id }).from(payouts).where(and(eq(payouts.sellerId, sellerId), eq(payouts.status, 'pending')));
        if (!to || pending) continue;
        const owed = await owedTo(db, sellerId);
        if (owed <= 0) continue;
        // Another instance planning the same seller now makes the same pending payout: one of the two inserts lands.
        await db.insert(payouts).values({ sellerId, method: to.method, wallet: to.number, amount: owed }).onConflictDoNothing();
      }
      const open = await db.select({ id: payouts.id }).from(payouts).where(eq(payouts.status, 'pending'));
      return open.map((row) => row.id);
    },

    /** Sends one payout (a job; safe to run twice at once or again after a crash). */
    async pay(payoutId: string): Promise<'sent' | 'already-sent'> {
      const [payout] = await db
        .update(payouts)
        .set({ attempts: sql`${payouts.attempts} + 1` })
        .where(and(eq(payouts.id, payoutId), eq(payouts.status, 'pending')))
        .returning();
      if (!payout) return 'already-sent';
      let sent: { transactionId: string; amount: number };
      try {
        sent = await rail.pay({ invoice: payout.id, wallet: payout.wallet, amount: payout.amount });
        if (sent.amount !== payout.amount) throw new Error(`${rail.method} paid ${sent.amount} poisha, not ${payout.amount}`);
      } catch (error) {
        await db.update(payouts).set({ lastError: (error as Error).message.slice(0, 500) }).where(eq(payouts.id, payoutId));
        throw error;
      }
      const told = await db.transaction(async (tx) => {
        const [locked] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('update');
        if (!locked || locked.status === 'sent') return undefined;
        await tx.update(payouts).set({ status: 'sent', transactionId: sent.transactionId, sentAt: new Date(), lastError: null }).where(eq(payouts.id, payoutId));
        await post(
          tx,
          'paid_out',
          null,
          [
            [account.seller(locked.sellerId), locked.amount],
            [account.provider(locked.method), -locked.amount],
          ],
          payoutId,
        );
        return notifier.record(tx, [notificationEvents.paidOut(payoutId, locked.sellerId, locked.amount / 100)]);
      });
      if (!told) return 'already-sent';
      await notifier.announce(told);
      return 'sent';
    },

    async list(sellerId: string) {
      return db.select().from(payouts).where(eq(payouts.sellerId, sellerId)).orderBy(sql`${payouts.createdAt} DESC`);
    },
  };
}
export type Payouts = ReturnType<typeof createPayouts>;
