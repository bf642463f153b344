import { eq, sql } from 'drizzle-orm';
import type { PaymentReview } from '@phonehaat/shared-api';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { bookings, products } from '../../db/schema.ts';
import { conflict, notFound } from '../../domain-error.ts';
import type { AuditRepository } from '../../audit/audit.ts';
import type { WalletPaymentsRepository } from './repositories/wallet-payments.ts';
import type { Settle } from './settlement.ts';

const REFUSED = 'PhoneHaat could not confirm this payment and has refunded it in full.';

/**
 * Payments held for review (issue 69): SSLCommerz's risky ones, and validations that did not match. The admin accepts
 * one (the sale is recorded as any other, or refunded if the phone went to someone else meanwhile) or refunds it in
 * full; once, whoever clicks, and in the audit log.
 */
export function createPaymentReviews({ db, repo, settle, audit }: { db: Db; repo: WalletPaymentsRepository; settle: Settle; audit: AuditRepository }) {
  return {
    list: () =>
      rows<PaymentReview>(
        db,
        sql`SELECT w.id AS "_id", w.booking_id AS "bookingId", p.name AS "productName", u.name AS "buyerName", w.method,
                   w.review_reason AS reason, coalesce(w.confirmed_amount, w.amount) / 100.0 AS amount,
                   coalesce(w.transaction_id, '') AS "transactionId", to_char(w.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt"
            FROM wallet_payments w JOIN bookings b ON b.id = w.booking_id JOIN products p ON p.id = b.product_id JOIN users u ON u.id = b.buyer_id
            WHERE w.status = 'review' ORDER BY w.created_at`,
      ).then((found) => found.map((review) => ({ ...review, amount: Number(review.amount) }))),

    async decide(id: string, admin: { id: string; name: string }, decision: 'accept' | 'refund'): Promise<{ outcome: 'paid' | 'refunded' }> {
      const taken = await repo.decide(id, admin.id, decision === 'accept' ? 'completed' : 'refunded');
      if (!taken) {
        if (await repo.exists(id)) throw conflict('This payment has been decided already');
        throw notFound('Payment');
      }
      const intent = {
        method: taken.method,
        bookingId: taken.bookingId,
        reference: taken.providerPaymentId ?? '',
        transactionId: taken.transactionId ?? '',
        amount: taken.confirmedAmount ?? taken.amount,
        currency: taken.confirmedCurrency ?? 'bdt',
      };
      try {
        const [found] = await db.select({ listing: products, buyerId: bookings.buyerId }).from(bookings).innerJoin(products, eq(products.id, bookings.productId)).where(eq(bookings.id, taken.bookingId));
        if (!found) throw notFound('Booking');
        const { listing, buyerId } = found;
        const settled = decision === 'accept' ? await settle(taken.bookingId, intent) : await settle.giveBack(intent, REFUSED, { bookingId: taken.bookingId, buyerId, listing });
        await audit.record(db, { actor: admin, action: decision === 'accept' ? 'accept-payment' : 'refund-payment', target: { type: 'booking', id: taken.bookingId, label: listing.name }, reason: taken.reviewReason });
        return { outcome: settled.outcome === 'recorded' ? 'paid' : 'refunded' };
      } catch (error) {
        // The provider refused or could not be reached: nothing moved, and the payment waits for the next try.
        await repo.reopen(id);
        throw error;
      }
    },
  };
}
export type PaymentReviews = ReturnType<typeof createPaymentReviews>;
