import { and, asc, eq, inArray, isNull, lt, notInArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { photos, products } from '../../../db/schema.ts';
import type { PhotoRef } from '../photos/service.ts';

/** A listing's uploaded photos in order, as one JSON value (for catalog.ts's columns and search.ts's statement). */
export const photoRefsOf = (productId: AnyColumn | SQL) =>
  sql<PhotoRef[]>`coalesce((SELECT json_agg(json_build_object('id', ph.id, 'hash', ph.hash, 'width', ph.width, 'height', ph.height) ORDER BY ph.position) FROM photos ph WHERE ph.product_id = ${productId}), '[]'::json)`;

export type PhotoRow = typeof photos.$inferSelect;

export function createPhotosRepository(db: Db) {
  /** The hashes among these that no photo uses any more: their blobs can go. */
  async function unusedHashes(tx: Db | Tx, hashes: string[]): Promise<string[]> {
    if (hashes.length === 0) return [];
    const used = await tx.selectDistinct({ hash: photos.hash }).from(photos).where(inArray(photos.hash, hashes));
    const stillUsed = new Set(used.map((row) => row.hash));
    return [...new Set(hashes)].filter((hash) => !stillUsed.has(hash));
  }

  return {
    async create(sellerId: string, photo: { hash: string; width: number; height: number }): Promise<PhotoRow> {
      const [row] = await db.insert(photos).values({ sellerId, ...photo }).returning();
      if (!row) throw new Error('photo insert returned no row');
      return row;
    },

    /** These photos, if they are all the seller's; fewer rows back means some are not. */
    async owned(sellerId: string, ids: string[]): Promise<PhotoRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(photos).where(and(inArray(photos.id, ids), eq(photos.sellerId, sellerId)));
    },

    async forProduct(productId: string): Promise<PhotoRow[]> {
      return db.select().from(photos).where(eq(photos.productId, productId)).orderBy(asc(photos.position));
    },

    /**
     * Puts these photos, in this order, on the listing, in the caller's transaction: each must be the seller's,
     * and either unused or already on this listing. Photos the listing had and no longer has are removed;
     * returns their hashes that nothing else uses (whose blobs can go). Throws when a photo is not allowed.
     */
    async place(tx: Tx, productId: string, sellerId: string, ids: string[]): Promise<{ removedHashes: string[] }> {
      // One change of a listing's photos at a time; an upload put on two new listings at once lands on one.
      await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('update');
      const allowed = await tx
        .select({ id: photos.id })
        .from(photos)
        .where(and(inArray(photos.id, ids), eq(photos.sellerId, sellerId), isNull(photos.disputeId), sql`(${photos.productId} IS NULL OR ${photos.productId} = ${productId})`))
        .for('update');
      if (allowed.length !== new Set(ids).size || new Set(ids).size !== ids.length) throw new PhotoNotAllowedError();
      const dropped = await tx
        .delete(photos)
        .where(and(eq(photos.productId, productId), notInArray(photos.id, ids)))
        .returning({ hash: photos.hash });
      // Positions are unique per listing: clear them, then set them in the new order.
      await tx.update(photos).set({ productId: null, position: null }).where(eq(photos.productId, productId));
      for (const [position, id] of ids.entries()) await tx.update(photos).set({ productId, position }).where(eq(photos.id, id));
      return { removedHashes: await unusedHashes(tx, dropped.map((row) => row.hash)) };
    },

    /** A listing's photos go with it (an unsold listing deleted); returns the hashes whose blobs can go. */
    async removeForProduct(productId: string): Promise<string[]> {
      return db.transaction(async (tx) => {
        const removed = await tx.delete(photos).where(eq(photos.productId, productId)).returning({ hash: photos.hash });
        return unusedHashes(tx, removed.map((row) => row.hash));
      });
    },

    /** Uploads never put on a listing since before `before`: removed; returns the hashes whose blobs can go. */
    async removeUnplacedBefore(before: Date): Promise<string[]> {
      return db.transaction(async (tx) => {
        const removed = await tx
          .delete(photos)
          .where(and(isNull(photos.productId), isNull(photos.disputeId), lt(photos.createdAt, before)))
          .returning({ hash: photos.hash });
        return unusedHashes(tx, removed.map((row) => row.hash));
      });
    },
  };
}
export type PhotosRepository = ReturnType<typeof createPhotosRepository>;

export class PhotoNotAllowedError extends Error {
  constructor() {
    super('a photo is not the seller’s, is on another listing, or is listed twice');
    this.name = 'PhotoNotAllowedError';
  }
}
