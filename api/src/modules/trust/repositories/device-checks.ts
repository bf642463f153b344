import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { bookings, deviceChecks, deviceReports, disputes, products } from '../../../db/schema.ts';

export type DeviceCheckRow = typeof deviceChecks.$inferSelect;
export type DeviceReportRow = typeof deviceReports.$inferSelect;
/** The listing a check is about, as the check needs it. */
export type CheckedListing = Pick<typeof products.$inferSelect, 'id' | 'name' | 'img' | 'sellerId' | 'imeiHash' | 'describedAt' | 'status' | 'deletedAt'>;

const listingColumns = {
  id: products.id,
  name: products.name,
  img: products.img,
  sellerId: products.sellerId,
  imeiHash: products.imeiHash,
  describedAt: products.describedAt,
  status: products.status,
  deletedAt: products.deletedAt,
};

/** Device checks' links and the reports they record (issue 68). */
export function createDeviceChecksRepository(db: Db) {
  return {
    async create(check: Omit<typeof deviceChecks.$inferInsert, 'id' | 'createdAt' | 'usedAt'>): Promise<DeviceCheckRow> {
      const [row] = await db.insert(deviceChecks).values(check).returning();
      return row!;
    },

    /** How many links were made since `since`: for this listing, and by this person (the rate limits). */
    async madeSince(productId: string, createdBy: string, since: Date): Promise<{ listing: number; person: number }> {
      const [row] = await db
        .select({
          listing: sql<number>`count(*) FILTER (WHERE ${deviceChecks.productId} = ${productId})::int`,
          person: sql<number>`count(*) FILTER (WHERE ${deviceChecks.createdBy} = ${createdBy})::int`,
        })
        .from(deviceChecks)
        .where(gt(deviceChecks.createdAt, since));
      return { listing: Number(row?.listing ?? 0), person: Number(row?.person ?? 0) };
    },

    /** A link by its token's hash, with its listing. */
    async findByTokenHash(tokenHash: string): Promise<{ check: DeviceCheckRow; listing: CheckedListing } | undefined> {
      const [row] = await db
        .select({ check: deviceChecks, listing: listingColumns })
        .from(deviceChecks)
        .innerJoin(products, eq(products.id, deviceChecks.productId))
        .where(eq(deviceChecks.tokenHash, tokenHash));
      return row;
    },

    /** Spends a link, once, while it is good: false if it was used or has expired meanwhile. */
    async spend(tx: Tx, checkId: string, now: Date): Promise<boolean> {
      const spent = await tx
        .update(deviceChecks)
        .set({ usedAt: now })
        .where(and(eq(deviceChecks.id, checkId), isNull(deviceChecks.usedAt), gt(deviceChecks.expiresAt, now)))
        .returning({ id: deviceChecks.id });
      return spent.length === 1;
    },

    async insertReport(tx: Tx, report: typeof deviceReports.$inferInsert): Promise<void> {
      await tx.insert(deviceReports).values(report);
    },

    /** A listing's newest check's report. */
    async latestForListing(productId: string, tx: Db | Tx = db): Promise<DeviceReportRow | undefined> {
      const [row] = await tx
        .select()
        .from(deviceReports)
        .where(and(eq(deviceReports.productId, productId), eq(deviceReports.purpose, 'listing')))
        .orderBy(desc(deviceReports.createdAt))
        .limit(1);
      return row;
    },

    /** Each listing's newest report, for a page of cards. */
    async latestForListings(productIds: string[]): Promise<Map<string, DeviceReportRow>> {
      if (productIds.length === 0) return new Map();
      const rows = await db
        .selectDistinctOn([deviceReports.productId])
        .from(deviceReports)
        .where(and(sql`${deviceReports.productId} = ANY(${sql.param(productIds)}::uuid[])`, eq(deviceReports.purpose, 'listing')))
        .orderBy(deviceReports.productId, desc(deviceReports.createdAt));
      return new Map(rows.map((row) => [row.productId, row]));
    },

    /** A booking's newest handover check. */
    async latestForBooking(bookingId: string): Promise<DeviceReportRow | undefined> {
      const [row] = await db
        .select()
        .from(deviceReports)
        .where(and(eq(deviceReports.bookingId, bookingId), eq(deviceReports.purpose, 'handover')))
        .orderBy(desc(deviceReports.createdAt))
        .limit(1);
      return row;
    },

    /** A booking as a handover check needs it: whose, which phone, and whether its money is still held (undisputed). */
    async bookingForHandover(bookingId: string): Promise<{ buyerId: string; productId: string; held: boolean; disputed: boolean } | undefined> {
      const [row] = await db
        .select({
          buyerId: bookings.buyerId,
          productId: bookings.productId,
          held: sql<boolean>`(${bookings.paid} AND ${bookings.heldAt} IS NOT NULL AND ${bookings.releasedAt} IS NULL AND ${bookings.refundedAt} IS NULL)`,
          disputed: sql<boolean>`EXISTS (SELECT 1 FROM ${disputes} WHERE ${disputes.bookingId} = ${bookings.id})`,
        })
        .from(bookings)
        .where(eq(bookings.id, bookingId));
      return row;
    },

    async findReport(id: string): Promise<DeviceReportRow | undefined> {
      const [row] = await db.select().from(deviceReports).where(eq(deviceReports.id, id));
      return row;
    },
  };
}
export type DeviceChecksRepository = ReturnType<typeof createDeviceChecksRepository>;
