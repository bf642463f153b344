import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Brand, NewProductBody, Photo, PriceWarning, Product, SellerListing } from '@phonehaat/shared-api';
import type { Db, Tx } from '../../../db/client.ts';
import { advertisements, bookings, brands, products, users } from '../../../db/schema.ts';
import { isUniqueViolation } from '../../../errors.ts';
import type { KeptImei, StoredReport, SummarizeReport } from '../../trust/index.ts';
import type { PhotoRef } from '../photos/service.ts';
import { photoRefsOf } from './photos.ts';
import { BlockedImeiError, isImeiBlocked, ListedImeiError } from '../../trust/index.ts';

/** The columns every listing shows: the product, its brand, its seller's name and badge. */
const listingColumns = {
  id: products.id,
  name: products.name,
  img: products.img,
  brandId: products.brandId,
  brandName: brands.name,
  condition: products.condition,
  resalePrice: products.resalePrice,
  originalPrice: products.originalPrice,
  usedYear: products.usedYear,
  location: products.location,
  description: products.description,
  sellerId: products.sellerId,
  sellerName: users.name,
  sellerVerified: users.verified,
  sellerPhoneVerified: sql<boolean>`(${users.phoneVerifiedAt} IS NOT NULL)`,
  sellerRating: sql<number | null>`CASE WHEN ${users.ratingCount} > 0 THEN round(${users.ratingSum}::numeric / ${users.ratingCount}, 1)::float8 END`,
  sellerReviews: users.ratingCount,
  imeiChecked: sql<boolean>`(${products.imeiHash} IS NOT NULL)`,
  status: products.status,
  openToOffers: products.openToOffers,
  courier: sql<boolean>`EXISTS (SELECT 1 FROM seller_pickups sp WHERE sp.seller_id = ${products.sellerId})`,
  advertisedAt: advertisements.createdAt,
  createdAt: products.createdAt,
  photoRefs: photoRefsOf(products.id),
  // Its newest check in its own browser (issue 68), as stored: the card says "Tested on this phone" if its signature holds.
  deviceReport: sql<StoredReport | null>`(SELECT to_jsonb(r) FROM device_reports r WHERE r.product_id = ${products.id} AND r.purpose = 'listing' ORDER BY r.created_at DESC LIMIT 1)`,
  describedAt: products.describedAt,
  // Too good to be true and not yet reviewed (issue 70): buyers are warned with the range it was judged against.
  priceWarning: sql<PriceWarning | null>`CASE WHEN ${products.priceReview} = 'pending' THEN json_build_object('low', ${products.priceReviewLow}, 'high', ${products.priceReviewHigh}) END`,
};

const onSale = and(eq(products.status, 'available'), isNull(products.deletedAt), isNull(users.deletedAt));

export type ProductRow = typeof products.$inferSelect;
/** A listing as kept: its number the seller's verified one (issue 46), its IMEI as a keyed hash. */
export type NewProduct = Omit<NewProductBody, 'description' | 'photos' | 'img' | 'imei' | 'phone'> & { description: string; img: string; phone: string; imei?: KeptImei | undefined };

/** Puts photos on a listing inside its transaction (repositories/photos.ts). */
export type PlacePhotos = (tx: Tx, productId: string, sellerId: string, ids: string[]) => Promise<{ removedHashes: string[] }>;

export function createCatalogRepository(db: Db, toPhoto: (ref: PhotoRef) => Photo, summarize: SummarizeReport) {
  const listing = () =>
    db
      .select(listingColumns)
      .from(products)
      .innerJoin(users, eq(users.id, products.sellerId))
      .innerJoin(brands, eq(brands.id, products.brandId))
      .leftJoin(advertisements, eq(advertisements.productId, products.id));
  type ListingRow = Awaited<ReturnType<typeof listing>>[number];

  const toProduct = ({ id, advertisedAt, createdAt, photoRefs, deviceReport, describedAt, ...row }: ListingRow): Product => ({
    _id: id,
    ...row,
    photos: photoRefs.map(toPhoto),
    advertised: advertisedAt !== null,
    createdAt: createdAt.toISOString(),
    tested: summarize(deviceReport, describedAt),
  });

  /** A page of the listings on sale that meet `condition`, newest first, and how many there are. */
  async function onSalePage(condition: SQL, page: number, limit: number): Promise<{ products: Product[]; total: number }> {
    const where = and(condition, onSale);
    const [rows, [totalRow]] = await Promise.all([
      listing()
        .where(where)
        .orderBy(desc(products.createdAt), desc(products.id))
        .limit(limit)
        .offset((page - 1) * limit),
      db
        .select({ total: count() })
        .from(products)
        .innerJoin(users, eq(users.id, products.sellerId))
        .where(where),
    ]);
    return { products: rows.map(toProduct), total: Number(totalRow?.total ?? 0) };
  }

  return {
    /**
     * Listings whose image is not one of PhoneHaat's own (another website's, under the original contract) show the
     * placeholder instead; the old address is kept in outside_img. Idempotent: run as each instance starts.
     */
    async replaceOutsideImages(origin: string, placeholder: string): Promise<number> {
      const replaced = await db
        .update(products)
        .set({ outsideImg: products.img, img: placeholder })
        .where(and(sql`${products.img} NOT LIKE ${`${origin}/photos/%`}`, sql`${products.img} NOT LIKE ${`${origin}/images/products/%`}`))
        .returning({ id: products.id });
      return replaced.length;
    },

    async listBrands(): Promise<Brand[]> {
      const onSaleCount = sql<number>`(SELECT count(*)::int FROM products p JOIN users u ON u.id = p.seller_id
        WHERE p.brand_id = brands.id AND p.status = 'available' AND p.deleted_at IS NULL AND u.deleted_at IS NULL)`;
      return db.select({ _id: brands.id, name: brands.name, onSale: onSaleCount }).from(brands).orderBy(asc(brands.name));
    },


    /** The listing and its photos, together or not at all. */
    async createProduct(sellerId: string, product: NewProduct, photoIds: string[] = [], place?: PlacePhotos): Promise<string> {
      return db.transaction(async (tx) => {
        const { imei, ...fields } = product;
        if (imei) {
          if (await isImeiBlocked(tx, imei.hash)) throw new BlockedImeiError();
        }
        const [row] = await tx
          .insert(products)
          .values({ sellerId, ...fields, imeiHash: imei?.hash ?? null, imeiLast4: imei?.last4 ?? null })
          .returning({ id: products.id })
          .catch((error: unknown) => {
            throw isUniqueViolation(error, 'products_live_imei_idx') ? new ListedImeiError() : error;
          });
        if (!row) throw new Error('insert returned no row');
        if (photoIds.length && place) await place(tx, row.id, sellerId, photoIds);
        return row.id;
      });
    },

    /** A listing's photos replaced, in order, and its cover with them; returns the hashes whose files can go. */
    async replacePhotos(productId: string, sellerId: string, ids: string[], place: PlacePhotos, cover: string): Promise<string[]> {
      return db.transaction(async (tx) => {
        const { removedHashes } = await place(tx, productId, sellerId, ids);
        await tx.update(products).set({ img: cover }).where(eq(products.id, productId));
        return removedHashes;
      });
    },

    /** A listing by id, removed ones included, with its owner. */
    async findProduct(id: string): Promise<ProductRow | undefined> {
      const [row] = await db.select().from(products).where(eq(products.id, id));
      return row;
    },

    /** A seller's own listings, sold ones and those PhoneHaat removed included, with how many bookings each has. */
    async listBySeller(sellerId: string): Promise<SellerListing[]> {
      const rows = await db
        .select({
          ...listingColumns,
          bookings: sql<number>`(SELECT count(*)::int FROM bookings b WHERE b.product_id = products.id)`,
          removedReason: products.removalReason,
          imeiLast4: products.imeiLast4,
          lowestOffer: products.lowestOffer,
        })
        .from(products)
        .innerJoin(users, eq(users.id, products.sellerId))
        .innerJoin(brands, eq(brands.id, products.brandId))
        .leftJoin(advertisements, eq(advertisements.productId, products.id))
        .where(and(eq(products.sellerId, sellerId), or(isNull(products.deletedAt), isNotNull(products.removalReason))))
        .orderBy(desc(products.createdAt), desc(products.id));
      return rows.map(({ bookings: bookingCount, removedReason, imeiLast4, lowestOffer, ...row }) => ({ ...toProduct(row), bookings: Number(bookingCount), removedReason, imeiLast4, lowestOffer }));
    },

    /** One brand's phones on sale, newest first (a brand's page). */
    listByBrand(brandId: string, page: number, limit: number): Promise<{ products: Product[]; total: number }> {
      return onSalePage(eq(products.brandId, brandId), page, limit);
    },

    /** One seller's phones on sale, newest first (their profile). */
    listOnSaleBySeller(sellerId: string, page: number, limit: number): Promise<{ products: Product[]; total: number }> {
      return onSalePage(eq(products.sellerId, sellerId), page, limit);
    },

    /** Listings by id, in the order given (a search's page); ids no longer on sale are left out. */
    async listByIds(ids: string[]): Promise<Product[]> {
      if (ids.length === 0) return [];
      const rows = await listing().where(and(inArray(products.id, ids), onSale));
      const byId = new Map(rows.map((row) => [row.id, toProduct(row)]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    /** One listing for its own page, sold ones included, with when its seller joined; removed ones are not found. */
    async findListing(id: string): Promise<(Product & { sellerId: string; sellerSince: string; updatedAt: Date; describedAt: Date; storedReport: StoredReport | null }) | undefined> {
      const [row] = await db
        .select({ ...listingColumns, sellerSince: users.createdAt, updatedAt: products.updatedAt })
        .from(products)
        .innerJoin(users, eq(users.id, products.sellerId))
        .innerJoin(brands, eq(brands.id, products.brandId))
        .leftJoin(advertisements, eq(advertisements.productId, products.id))
        .where(and(eq(products.id, id), isNull(products.deletedAt), isNull(users.deletedAt)));
      if (!row) return undefined;
      const { sellerSince, updatedAt, ...listingRow } = row;
      // Its newest check, as stored, for its page to say step by step (trust's views).
      return { ...toProduct(listingRow), sellerSince: sellerSince.toISOString(), updatedAt, describedAt: row.describedAt, storedReport: row.deviceReport };
    },

    async listAdvertised(limit: number): Promise<Product[]> {
      const rows = await db
        .select(listingColumns)
        .from(advertisements)
        .innerJoin(products, eq(products.id, advertisements.productId))
        .innerJoin(users, eq(users.id, products.sellerId))
        .innerJoin(brands, eq(brands.id, products.brandId))
        .where(onSale)
        .orderBy(desc(advertisements.createdAt), desc(advertisements.productId))
        .limit(limit);
      return rows.map(toProduct);
    },

    /** Hides a listing and drops its advertisement; bookings and payments keep pointing at it. */
    async removeProduct(id: string): Promise<number> {
      return db.transaction(async (tx) => {
        const removed = await tx
          .update(products)
          .set({ deletedAt: new Date() })
          .where(and(eq(products.id, id), isNull(products.deletedAt)))
          .returning({ id: products.id });
        await tx.delete(advertisements).where(eq(advertisements.productId, id));
        return removed.length;
      });
    },

    /**
     * PhoneHaat removes a listing: hidden everywhere, its seller told why, its advertisement dropped and its
     * unpaid bookings cancelled; `alongside` writes the rest (reports, audit) in the same transaction.
     * Undefined when there is no such listing on show.
     */
    async removeByAdmin(id: string, reason: string, alongside: (tx: Tx, removed: ProductRow) => Promise<void>): Promise<ProductRow | undefined> {
      return db.transaction(async (tx) => {
        const [removed] = await tx
          .update(products)
          .set({ deletedAt: new Date(), removalReason: reason })
          .where(and(eq(products.id, id), isNull(products.deletedAt)))
          .returning();
        if (!removed) return undefined;
        await tx.delete(advertisements).where(eq(advertisements.productId, id));
        await tx
          .update(bookings)
          .set({ cancelledAt: new Date() })
          .where(and(eq(bookings.productId, id), eq(bookings.paid, false), isNull(bookings.cancelledAt)));
        await alongside(tx, removed);
        return removed;
      });
    },

    /** Advertises once; a repeat changes nothing. */
    async advertise(productId: string): Promise<void> {
      await db.insert(advertisements).values({ productId }).onConflictDoNothing();
    },

  };
}
export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
