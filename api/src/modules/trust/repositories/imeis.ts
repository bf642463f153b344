import { sql } from 'drizzle-orm';
import type { BlockedImei } from '@phonehaat/shared-api';
import type { Db, Tx } from '../../../db/client.ts';
import { isUniqueViolation } from '../../../errors.ts';
import type { KeptImei } from '../imei/imei-key.ts';
import type { ProductRow } from '../../catalog/index.ts';
import { rows } from '../../../db/rows.ts';

/** The IMEI is on the blocklist (a confirmed stolen phone). */
export class BlockedImeiError extends Error {}
/** The IMEI is on another live listing. */
export class ListedImeiError extends Error {}

export const isImeiBlocked = async (tx: Tx | Db, hash: string) => (await rows(tx, sql`SELECT 1 FROM imei_blocklist WHERE imei_hash = ${hash}`)).length > 0;

/** Listings' IMEIs after they were listed, and the blocklist of phones that cannot be listed (decision 023). */
export function createImeisRepository(db: Db) {
  return {
    /**
     * A seller gives (or corrects) the IMEI of their own listing on sale. False when there is no such listing;
     * throws BlockedImeiError or ListedImeiError as listing it would.
     */
    async setOnListing(productId: string, sellerId: string, imei: KeptImei): Promise<boolean> {
      return db.transaction(async (tx) => {
        if (await isImeiBlocked(tx, imei.hash)) throw new BlockedImeiError();
        const updated = await rows(
          tx,
          sql`UPDATE products SET imei_hash = ${imei.hash}, imei_last4 = ${imei.last4}
              WHERE id = ${productId} AND seller_id = ${sellerId} AND deleted_at IS NULL AND status = 'available' RETURNING id`,
        ).catch((error: unknown) => {
          throw isUniqueViolation(error, 'products_live_imei_idx') ? new ListedImeiError() : error;
        });
        return updated.length > 0;
      });
    },

    /** Puts a phone on the blocklist in the caller's transaction; its row id, or undefined if it was already there. */
    async block(tx: Tx, imei: KeptImei, reason: string, adminId: string): Promise<string | undefined> {
      const [row] = await rows<{ id: string }>(
        tx,
        sql`INSERT INTO imei_blocklist (imei_hash, imei_last4, reason, created_by) VALUES (${imei.hash}, ${imei.last4}, ${reason}, ${adminId})
            ON CONFLICT (imei_hash) DO NOTHING RETURNING id`,
      );
      return row?.id;
    },

    /** The listing's IMEI as kept, to block it (null when it has none). */
    keptOf(product: ProductRow): KeptImei | null {
      return product.imeiHash && product.imeiLast4 ? { hash: product.imeiHash, last4: product.imeiLast4 } : null;
    },

    /** The live listings (on sale, not removed) of one phone: at most one, by the unique index. */
    async liveListingIds(tx: Tx | Db, hash: string): Promise<string[]> {
      const found = await rows<{ id: string }>(tx, sql`SELECT id FROM products WHERE imei_hash = ${hash} AND deleted_at IS NULL AND status = 'available'`);
      return found.map(({ id }) => id);
    },

    /** Takes a phone off the blocklist; its last 4 digits, or undefined if there was no such row. */
    async unblock(tx: Tx, id: string): Promise<string | undefined> {
      const [row] = await rows<{ imei_last4: string }>(tx, sql`DELETE FROM imei_blocklist WHERE id = ${id} RETURNING imei_last4`);
      return row?.imei_last4;
    },

    async page(page: number, limit: number): Promise<{ entries: BlockedImei[]; total: number }> {
      const [entries, [counted]] = await Promise.all([
        rows<{ id: string; imei_last4: string; reason: string; blocked_by: string | null; created_at: Date | string }>(
          db,
          sql`SELECT b.id, b.imei_last4, b.reason, u.name AS blocked_by, b.created_at FROM imei_blocklist b
              LEFT JOIN users u ON u.id = b.created_by AND u.deleted_at IS NULL
              ORDER BY b.created_at DESC, b.id LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
        ),
        rows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM imei_blocklist`),
      ]);
      return {
        entries: entries.map((row) => ({
          _id: row.id,
          imeiLast4: row.imei_last4,
          reason: row.reason,
          blockedBy: row.blocked_by,
          createdAt: new Date(row.created_at).toISOString(),
        })),
        total: Number(counted?.total ?? 0),
      };
    },
  };
}
export type ImeisRepository = ReturnType<typeof createImeisRepository>;
