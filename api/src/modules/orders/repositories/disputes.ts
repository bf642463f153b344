import type { DisputeCase, HandoverComparison, PaidWith, RefundTo } from '@phonehaat/shared-api';
import { neirOf, refundToOf } from './bookings.ts';
import { alias } from 'drizzle-orm/pg-core';
import { count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { bookings, disputes, payments, products, users } from '../../../db/schema.ts';

const waiting = ['open', 'refunding'] as const;
const decided = ['refunded', 'released'] as const;

/** The admin's dispute queue: open ones oldest first (first come, first heard), decided ones newest first. */
export function createDisputesRepository(db: Db, photoUrl: (hash: string) => string) {
  const buyers = alias(users, 'buyer');
  const sellers = alias(users, 'seller');
  const admins = alias(users, 'admin');
  const statuses = (filter: 'open' | 'decided') => inArray(disputes.status, filter === 'open' ? [...waiting] : [...decided]);

  return {
    async openCount(): Promise<number> {
      const [row] = await db.select({ total: count() }).from(disputes).where(statuses('open'));
      return row?.total ?? 0;
    },

    async page(filter: 'open' | 'decided', page: number, limit: number): Promise<{ cases: DisputeCase[]; total: number }> {
      const [rows, [totalRow]] = await Promise.all([
        db
          .select({
            dispute: disputes,
            payment: payments,
            product: { id: products.id, name: products.name, img: products.img },
            buyer: { id: buyers.id, name: buyers.name, email: buyers.email },
            seller: { id: sellers.id, name: sellers.name, email: sellers.email },
            decidedBy: admins.name,
            photos: sql<string[]>`coalesce((SELECT json_agg(ph.hash ORDER BY ph.created_at, ph.id) FROM photos ph WHERE ph.dispute_id = ${disputes.id}), '[]'::json)`,
            comparison: sql<HandoverComparison | null>`(SELECT r.comparison FROM device_reports r WHERE r.id = ${disputes.handoverReportId})`,
            neir: neirOf(sql`${bookings.id}`),
            refundTo: sql<RefundTo | null>`(SELECT ${refundToOf} FROM disputes d WHERE d.id = ${disputes.id})`,
          })
          .from(disputes)
          .innerJoin(bookings, eq(bookings.id, disputes.bookingId))
          .innerJoin(payments, eq(payments.bookingId, bookings.id))
          .innerJoin(products, eq(products.id, bookings.productId))
          .innerJoin(buyers, eq(buyers.id, bookings.buyerId))
          .innerJoin(sellers, eq(sellers.id, products.sellerId))
          .leftJoin(admins, eq(admins.id, disputes.decidedBy))
          .where(statuses(filter))
          .orderBy(filter === 'open' ? disputes.createdAt : desc(disputes.decidedAt), disputes.id)
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ total: count() }).from(disputes).where(statuses(filter)),
      ]);
      const cases = rows.map(({ dispute, payment, product, buyer, seller, decidedBy, photos: hashes, comparison, neir, refundTo }) => ({
        _id: dispute.id,
        bookingId: dispute.bookingId,
        reason: dispute.reason,
        note: dispute.note,
        photos: hashes.map(photoUrl),
        status: dispute.status,
        decisionReason: dispute.decisionReason,
        createdAt: dispute.createdAt.toISOString(),
        decidedAt: dispute.decidedAt?.toISOString() ?? null,
        amount: payment.amount,
        method: payment.method as PaidWith,
        transactionId: payment.transactionId,
        refundTo,
        product: { _id: product.id, name: product.name, img: product.img },
        buyer: { _id: buyer.id, name: buyer.name, email: buyer.email },
        seller: { _id: seller.id, name: seller.name, email: seller.email },
        decidedBy,
        comparison,
        neir,
      }));
      return { cases, total: totalRow?.total ?? 0 };
    },
  };
}
export type DisputesRepository = ReturnType<typeof createDisputesRepository>;
