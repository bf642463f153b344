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
