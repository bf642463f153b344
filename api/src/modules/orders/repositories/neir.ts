import { sql } from 'drizzle-orm';
import type { NeirRecord } from '@phonehaat/shared-api';
import type { Db } from '../../../db/client.ts';
import { neirSteps } from '../../../db/schema.ts';
import { conflict } from '../../../domain-error.ts';
import { isUniqueViolation } from '../../../errors.ts';
import { rows } from '../../../db/rows.ts';
import { neirOf } from './bookings.ts';

/** NEIR at the handover (issue 68): each side's step, recorded once. */
export function createNeirRepository(db: Db) {
  return {
    /** The booking's sale, as NEIR's step needs it: paid, not refunded; and the listing's IMEI, as kept. */
    async saleOf(bookingId: string): Promise<{ paid: boolean; refunded: boolean; imeiHash: string | null } | undefined> {
      const [row] = await rows<{ paid: boolean; refunded: boolean; imeiHash: string | null }>(
        db,
        sql`SELECT b.paid, b.refunded_at IS NOT NULL AS refunded, p.imei_hash AS "imeiHash" FROM bookings b JOIN products p ON p.id = b.product_id WHERE b.id = ${bookingId}`,
      );
      return row;
    },

    /** One side's step; recorded once (a second is refused). */
    async record(bookingId: string, side: 'seller' | 'buyer', imei?: { last4: string; matches: boolean | null }): Promise<void> {
      try {
        await db.insert(neirSteps).values({ bookingId, side, imeiLast4: imei?.last4 ?? null, imeiMatches: imei?.matches ?? null });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(side === 'seller' ? 'The de-registration was recorded already' : 'The NEIR check was recorded already');
        throw error;
      }
    },

    async of(bookingId: string): Promise<NeirRecord> {
      const [row] = await rows<{ neir: NeirRecord }>(db, sql`SELECT ${neirOf(sql`${bookingId}::uuid`)} AS neir`);
      return row!.neir;
    },
  };
}
export type NeirRepository = ReturnType<typeof createNeirRepository>;
