import { and, eq, inArray, sql } from 'drizzle-orm';
import type { WalletFailure } from '@phonehaat/shared-api';
import type { Db } from '../../../db/client.ts';
import { walletPayments } from '../../../db/schema.ts';
import { rows } from '../../../db/rows.ts';

export type WalletPaymentRow = typeof walletPayments.$inferSelect;
const UNSETTLED = ['creating', 'open'] as const;

/** Wallet payments (bKash), one row per attempt, kept with the booking (migration 0016). */
export function createWalletPaymentsRepository(db: Db) {
  const set = async (id: string, values: Partial<WalletPaymentRow>) => {
    await db.update(walletPayments).set({ ...values, updatedAt: new Date() }).where(eq(walletPayments.id, id));
  };
  return {
    /** The booking's payment in progress with this wallet, if any. */
    async unsettled(bookingId: string, method: string): Promise<WalletPaymentRow | undefined> {
      const [row] = await db
        .select()
        .from(walletPayments)
        .where(and(eq(walletPayments.bookingId, bookingId), eq(walletPayments.method, method), inArray(walletPayments.status, [...UNSETTLED])));
      return row;
    },

    /** A new attempt, or undefined when another request holds one in progress for the booking (the unique index). */
    async begin(bookingId: string, method: string, amount: number): Promise<WalletPaymentRow | undefined> {
      const [row] = await db.insert(walletPayments).values({ bookingId, method, amount }).onConflictDoNothing().returning();
      return row;
    },

    async byReference(reference: string): Promise<WalletPaymentRow | undefined> {
      const [row] = await db.select().from(walletPayments).where(eq(walletPayments.providerPaymentId, reference));
      return row;
    },

    opened: (id: string, reference: string, redirectUrl: string) => set(id, { status: 'open', providerPaymentId: reference, redirectUrl }),
    failed: (id: string, failure: WalletFailure) => set(id, { status: 'failed', failure }),
    completed: (id: string, transactionId: string) => set(id, { status: 'completed', transactionId, failure: null }),

    /** Paid and held for an admin's review; a payment already decided (accepted, refunded) stays as decided. */
    async review(id: string, found: { reason: 'risky' | 'mismatch'; transactionId: string; amount: number; currency: string }) {
      await db
        .update(walletPayments)
        .set({ status: 'review', reviewReason: found.reason, transactionId: found.transactionId, confirmedAmount: found.amount, confirmedCurrency: found.currency, failure: null, updatedAt: new Date() })
        .where(and(eq(walletPayments.id, id), inArray(walletPayments.status, ['creating', 'open', 'review'])));
    },

    /** The booking's payment waiting for review, if any: the buyer is not asked to pay again meanwhile. */
    async inReview(bookingId: string): Promise<WalletPaymentRow | undefined> {
      const [row] = await db.select().from(walletPayments).where(and(eq(walletPayments.bookingId, bookingId), eq(walletPayments.status, 'review')));
      return row;
    },

    /** Every payment waiting for review, oldest first. */
    waiting: () => db.select().from(walletPayments).where(eq(walletPayments.status, 'review')).orderBy(walletPayments.createdAt),

    /** A decision that could not be carried out (the provider refused): the payment waits for review again. */
    reopen: (id: string) => set(id, { status: 'review', reviewedBy: null, reviewedAt: null }),
    exists: async (id: string) => (await db.select({ id: walletPayments.id }).from(walletPayments).where(eq(walletPayments.id, id))).length > 0,

    /** Takes a payment out of review for one admin's decision (a second admin, a double click: undefined). */
    async decide(id: string, adminId: string, status: 'completed' | 'refunded'): Promise<WalletPaymentRow | undefined> {
      const [row] = await db
        .update(walletPayments)
        .set({ status, reviewedBy: adminId, reviewedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(walletPayments.id, id), eq(walletPayments.status, 'review')))
        .returning();
      return row;
    },

    /**
     * Unsettled payments older than `afterSeconds` that no instance asked about in the last `leaseSeconds`, marked as
     * asked now: two instances sweeping at once take different rows.
     */
    async claim({ afterSeconds, leaseSeconds, limit }: { afterSeconds: number; leaseSeconds: number; limit: number }): Promise<WalletPaymentRow[]> {
      const claimed = await rows<{ id: string }>(
        db,
        sql`UPDATE wallet_payments SET checked_at = now() WHERE id IN (
              SELECT id FROM wallet_payments
              WHERE status IN ('creating', 'open') AND created_at < now() - make_interval(secs => ${afterSeconds})
                AND (checked_at IS NULL OR checked_at < now() - make_interval(secs => ${leaseSeconds}))
              ORDER BY checked_at NULLS FIRST, created_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
            RETURNING id`,
      );
      if (claimed.length === 0) return [];
      return db.select().from(walletPayments).where(inArray(walletPayments.id, claimed.map((row) => row.id)));
    },
  };
}
export type WalletPaymentsRepository = ReturnType<typeof createWalletPaymentsRepository>;
