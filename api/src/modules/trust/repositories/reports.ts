import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Report, ReportGroup, ReportReason, ReportStatus } from '@phonehaat/shared-api';
import type { Db, Tx } from '../../../db/client.ts';
import { messages, products, reports, users } from '../../../db/schema.ts';
import { isUniqueViolation } from '../../../errors.ts';

export class AlreadyReportedError extends Error {
  constructor() {
    super('You already reported this listing');
    this.name = 'AlreadyReportedError';
  }
}

type Filter = 'open' | 'resolved';
const inFilter = (filter: Filter) => (filter === 'open' ? eq(reports.status, 'open') : ne(reports.status, 'open'));

/** Reports of listings, and the admin's queue of them, grouped by listing. */
export function createReportsRepository(db: Db) {
  return {
    /** A person's report (`reporterId`), or PhoneHaat's own scam rules' of a message they flagged (null). */
    async create(input: { productId: string; reporterId: string | null; reason: ReportReason; note: string; messageId?: number }): Promise<string> {
      try {
        const [row] = await db.insert(reports).values(input).returning({ id: reports.id });
        if (!row) throw new Error('insert returned no row');
        return row.id;
      } catch (error) {
        if (isUniqueViolation(error, 'reports_one_open_per_user')) throw new AlreadyReportedError();
        throw error;
      }
    },

    /** Listings with open reports, for the drawer's badge. */
    async openCount(): Promise<number> {
      const [row] = await db.select({ count: sql<number>`count(DISTINCT ${reports.productId})::int` }).from(reports).where(eq(reports.status, 'open'));
      return Number(row?.count ?? 0);
    },

    /**
     * One page of listings with reports: open ones most-reported first (then the most recently reported);
     * resolved ones most recently resolved first. Each with its seller and its reports.
     */
    async page(filter: Filter, page: number, limit: number): Promise<{ groups: ReportGroup[]; total: number }> {
      const order = filter === 'open' ? sql`count(*) DESC, max(${reports.createdAt}) DESC` : sql`max(${reports.resolvedAt}) DESC`;
      const [ranked, [totalRow]] = await Promise.all([
        db
          .select({ productId: reports.productId, count: sql<number>`count(*)::int` })
          .from(reports)
          .where(inFilter(filter))
          .groupBy(reports.productId)
          .orderBy(order, reports.productId)
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ total: sql<number>`count(DISTINCT ${reports.productId})::int` }).from(reports).where(inFilter(filter)),
      ]);
      const ids = ranked.map((row) => row.productId);
      if (ids.length === 0) return { groups: [], total: Number(totalRow?.total ?? 0) };

      const removedBefore = sql<number>`(SELECT count(*)::int FROM products other WHERE other.seller_id = products.seller_id AND other.removal_reason IS NOT NULL AND other.id <> products.id)`;
      const [listings, rows] = await Promise.all([
        db
          .select({ product: products, seller: users, removedListings: removedBefore })
          .from(products)
          .innerJoin(users, eq(users.id, products.sellerId))
          .where(inArray(products.id, ids)),
        db
          .select({
            report: reports,
            reporterName: users.name,
            messageBody: messages.body,
            messageWarnings: messages.warnings,
            messageRemoved: sql<boolean>`${messages.removedAt} IS NOT NULL`,
            senderId: messages.senderId,
            senderName: sql<string | null>`(SELECT name FROM users s WHERE s.id = ${messages.senderId})`,
            senderHeld: sql<boolean>`EXISTS (SELECT 1 FROM sender_holds h WHERE h.user_id = ${messages.senderId} AND h.released_at IS NULL)`,
            // The conversation just before it (issue 70): three messages, a negotiation's lines aside.
            messageBefore: sql<{ senderName: string; body: string; createdAt: string }[] | null>`(
              SELECT json_agg(x ORDER BY x.id) FROM (
                SELECT b.id, u.name AS "senderName", CASE WHEN b.removed_at IS NULL THEN b.body ELSE '' END AS body, b.created_at AS "createdAt"
                FROM messages b JOIN users u ON u.id = b.sender_id
                WHERE b.thread_id = ${messages.threadId} AND b.id < ${messages.id} AND b.offer IS NULL ORDER BY b.id DESC LIMIT 3) x)`,
          })
          .from(reports)
          .leftJoin(users, eq(users.id, reports.reporterId))
          .leftJoin(messages, eq(messages.id, reports.messageId))
          .where(and(inArray(reports.productId, ids), inFilter(filter)))
          .orderBy(reports.createdAt),
      ]);
      const byProduct = new Map(listings.map((listing) => [listing.product.id, listing]));
      const groups = ranked.flatMap(({ productId, count }): ReportGroup[] => {
        const listing = byProduct.get(productId);
        if (!listing) return [];
        const { product, seller, removedListings } = listing;
        const own: Report[] = rows
          .filter(({ report }) => report.productId === productId)
          .map(({ report, reporterName, messageBody, messageWarnings, messageRemoved, senderId, senderName, senderHeld, messageBefore }) => ({
            _id: report.id,
            reason: report.reason as ReportReason,
            note: report.note,
            reporterName: report.reporterId === null ? 'PhoneHaat' : (reporterName ?? ''),
            flagged: report.reporterId === null ? (messageWarnings ?? []) : [],
            // The message quoted for the admin, even once removed (they decided on it).
            message:
              report.messageId === null
                ? null
                : {
                    _id: String(report.messageId),
                    body: messageBody ?? '',
                    senderId: senderId ?? '',
                    senderName: senderName ?? '',
                    removed: Boolean(messageRemoved),
                    senderHeld: Boolean(senderHeld),
                    before: (messageBefore ?? []).map((line) => ({ senderName: line.senderName, body: line.body, createdAt: new Date(line.createdAt).toISOString() })),
                  },
            status: report.status as ReportStatus,
            createdAt: report.createdAt.toISOString(),
            resolvedAt: report.resolvedAt?.toISOString() ?? null,
          }));
        return [
          {
            product: { _id: product.id, name: product.name, img: product.img, resalePrice: product.resalePrice, status: product.status, removedReason: product.removalReason, imeiLast4: product.imeiLast4, priceWarning: product.priceReview === 'pending' && product.priceReviewLow && product.priceReviewHigh ? { low: product.priceReviewLow, high: product.priceReviewHigh } : null },
            seller: { _id: seller.id, name: seller.name, email: seller.email, verified: seller.verified, removed: seller.deletedAt !== null, removedListings: Number(removedListings) },
            count: Number(count),
            reports: own,
          },
        ];
      });
      return { groups, total: Number(totalRow?.total ?? 0) };
    },

    /** Dismisses a listing's open reports as unfounded, with `alongside` (the audit row) in the same transaction. */
    async dismiss(productId: string, adminId: string, alongside: (tx: Tx) => Promise<void>): Promise<number> {
      return db.transaction(async (tx) => {
        const closed = await this.resolve(tx, productId, adminId, 'dismissed');
        // Dismissing is the review of a price too good to be true (issue 70): buyers are no longer warned.
        await tx.execute(sql`UPDATE products SET price_review = 'cleared' WHERE id = ${productId} AND price_review = 'pending'`);
        if (closed) await alongside(tx);
        return closed;
      });
    },

    /** Closes a message's open reports as actioned (PhoneHaat removed it); returns how many. */
    async resolveMessage(tx: Tx, messageId: number, adminId: string): Promise<number> {
      const closed = await tx
        .update(reports)
        .set({ status: 'actioned', resolvedAt: new Date(), resolvedBy: adminId })
        .where(and(eq(reports.messageId, messageId), eq(reports.status, 'open')))
        .returning({ id: reports.id });
      return closed.length;
    },

    /** Whether someone reported the listing itself (not a message about it) for this reason, open or not. */
    async hasReason(tx: Tx, productId: string, reason: ReportReason): Promise<boolean> {
      const [found] = await tx
        .select({ id: reports.id })
        .from(reports)
        .where(and(eq(reports.productId, productId), eq(reports.reason, reason), isNull(reports.messageId)))
        .limit(1);
      return found !== undefined;
    },

    /** Closes a listing's open reports (dismissed as unfounded, or actioned when it was removed); returns how many. */
    async resolve(tx: Tx, productId: string, adminId: string, status: 'dismissed' | 'actioned'): Promise<number> {
      const closed = await tx
        .update(reports)
        .set({ status, resolvedAt: new Date(), resolvedBy: adminId })
        .where(and(eq(reports.productId, productId), eq(reports.status, 'open')))
        .returning({ id: reports.id });
      return closed.length;
    },
  };
}
export type ReportsRepository = ReturnType<typeof createReportsRepository>;
