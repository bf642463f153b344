import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { products, watches } from '../../../db/schema.ts';

/** Who watches which phone ("Watch this phone"), and the price changes that tell them. */
export function createWatchesRepository(db: Db) {
  return {
    async watch(userId: string, productId: string): Promise<void> {
      await db.insert(watches).values({ userId, productId }).onConflictDoNothing();
    },
    async unwatch(userId: string, productId: string): Promise<void> {
      await db.delete(watches).where(and(eq(watches.userId, userId), eq(watches.productId, productId)));
    },
    async isWatching(userId: string, productId: string): Promise<boolean> {
      const [found] = await db.select({ userId: watches.userId }).from(watches).where(and(eq(watches.userId, userId), eq(watches.productId, productId)));
      return found !== undefined;
    },
    /** Who watches a phone (but `except`, e.g. its buyer), in the caller's transaction. */
    async watchers(tx: Db | Tx, productId: string, except?: string): Promise<string[]> {
      const found = await tx
        .select({ userId: watches.userId })
        .from(watches)
        .where(and(eq(watches.productId, productId), except ? ne(watches.userId, except) : undefined));
      return found.map((row) => row.userId);
    },
    /**
     * A new price for an available listing of its seller, with `alongside` (the watchers' notifications) in the same
     * transaction; answers the old and new price, or undefined when it is not theirs or not on sale.
     */
    async changePrice<T>(
      productId: string,
      sellerId: string,
      resalePrice: number,
      alongside: (tx: Tx, change: { oldPrice: number; newPrice: number; name: string }) => Promise<T>,
    ): Promise<{ oldPrice: number; newPrice: number; told: T } | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ price: products.resalePrice, name: products.name })
          .from(products)
          .where(and(eq(products.id, productId), eq(products.sellerId, sellerId), eq(products.status, 'available'), sql`${products.deletedAt} IS NULL`))
          .for('update');
        if (!row) return undefined;
        await tx.update(products).set({ resalePrice }).where(eq(products.id, productId));
        const change = { oldPrice: row.price, newPrice: resalePrice, name: row.name };
        return { oldPrice: row.price, newPrice: resalePrice, told: await alongside(tx, change) };
      });
    },
  };
}
export type WatchesRepository = ReturnType<typeof createWatchesRepository>;
