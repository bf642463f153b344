import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { refunds } from '../../db/schema.ts';
import type { WalletMethod } from './methods/types.ts';

/** How many refunds one run asks about (the rest wait for the next period, the least recently asked first). */
const BATCH = 50;

interface Log {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/**
 * Follows each refund a provider took as 'processing' (SSLCommerz) to its end (issue 69): its refund query asked once a
 * period, the row made 'refunded', or 'failed' when the provider gave up on it (logged for the admin; the Money page's
 * reconciliation names it). The ledger recorded the refund when it was asked: only its state moves here. Safe on every
 * instance at once (each row moves once, from 'processing').
 */
export function createRefundFollower(db: Db, methods: ReadonlyMap<string, WalletMethod>, log: Log) {
  const followed = [...methods.values()].filter((method) => method.refundState).map((method) => method.id);
  return async function follow(): Promise<number> {
    if (followed.length === 0) return 0;
    const due = await db
      .select({ id: refunds.id, refundId: refunds.refundId, method: refunds.method, bookingId: refunds.bookingId })
      .from(refunds)
      .where(and(eq(refunds.status, 'processing'), inArray(refunds.method, followed)))
      .orderBy(sql`${refunds.checkedAt} ASC NULLS FIRST`)
      .limit(BATCH);
    let settled = 0;
    for (const refund of due) {
      const state = await methods
        .get(refund.method)!
        .refundState!(refund.refundId)
        .catch((error: unknown) => {
          log.warn({ err: error, refund: refund.refundId }, 'a refund’s state could not be asked; asked again next period');
          return 'unknown' as const;
        });
      const moved = state === 'refunded' || state === 'failed' ? { status: state } : {};
      await db
        .update(refunds)
        .set({ ...moved, checkedAt: new Date() })
        .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'processing')));
      if (state === 'failed') log.error({ refund: refund.refundId, bookingId: refund.bookingId, method: refund.method }, 'the provider gave up on a refund: the buyer has not been paid back');
      if (state === 'refunded' || state === 'failed') settled += 1;
    }
    return settled;
  };
}
