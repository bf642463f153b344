// Parcels and sellers' pickup points (migration 0021). A step is applied in one statement with the parcel's row
// locked: kept once per status, the status moved only forward, so two instances, duplicates and late steps agree.
import { sql } from 'drizzle-orm';
import type { DeliveryAddress } from '@phonehaat/shared-api';
import { PARCEL_STATUSES, rankOf, type CourierUpdate, type ParcelStatus } from '../courier/types.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { rows } from '../../../db/rows.ts';

export interface ParcelRow {
  id: string;
  bookingId: string;
  courier: string;
  consignmentId: string;
  status: ParcelStatus;
  cashToCollect: number;
  collected: number | null;
  deliveryFee: number;
  invoiceId: string | null;
}
export interface ParcelEvent {
  status: ParcelStatus;
  at: string;
}

const parcelColumns = sql`id, booking_id AS "bookingId", courier, consignment_id AS "consignmentId", status, cash_to_collect AS "cashToCollect",
  collected, delivery_fee AS "deliveryFee", invoice_id AS "invoiceId"`;

/** What applying a step did: `reached` is the status the parcel moved to, when it moved. */
export interface Applied {
  parcel: ParcelRow | undefined;
  reached: ParcelStatus | undefined;
}

export function createParcelsRepository(db: Db) {
  return {
    async pickupOf(sellerId: string): Promise<{ address: DeliveryAddress; courier: string; storeId: string } | undefined> {
      const [row] = await rows<{ address: DeliveryAddress; courier: string; storeId: string }>(
        db,
        sql`SELECT address, courier, store_id AS "storeId" FROM seller_pickups WHERE seller_id = ${sellerId}`,
      );
      return row;
    },

    async savePickup(sellerId: string, address: DeliveryAddress, courier: string, storeId: string): Promise<void> {
      await db.execute(sql`INSERT INTO seller_pickups (seller_id, address, courier, store_id) VALUES (${sellerId}, ${JSON.stringify(address)}::jsonb, ${courier}, ${storeId})
        ON CONFLICT (seller_id) DO UPDATE SET address = EXCLUDED.address, courier = EXCLUDED.courier, store_id = EXCLUDED.store_id, updated_at = now()`);
    },

    /** Records a parcel the courier booked, with its first step. */
    async create(tx: Db | Tx, parcel: { bookingId: string; courier: string; consignmentId: string; storeId: string; cashToCollect: number; deliveryFee: number }): Promise<ParcelRow> {
      const [row] = await rows<ParcelRow>(
        tx,
        sql`INSERT INTO parcels (booking_id, courier, consignment_id, store_id, status, rank, cash_to_collect, delivery_fee)
            VALUES (${parcel.bookingId}, ${parcel.courier}, ${parcel.consignmentId}, ${parcel.storeId}, 'booked', ${rankOf('booked')}, ${parcel.cashToCollect}, ${parcel.deliveryFee})
            RETURNING ${parcelColumns}`,
      );
      await tx.execute(sql`INSERT INTO parcel_events (parcel_id, status, courier_event, happened_at, source) VALUES (${row!.id}, 'booked', 'created', now(), 'sent')`);
      return row!;
    },

    /**
     * Applies one step heard from the courier in one statement (one round trip; its own transaction, or the caller's):
     * the parcel's row locked, the step kept once, the status moved only to a higher rank (never past a final one),
     * the cash collected and the invoice kept.
     */
    async apply(tx: Db | Tx, courier: string, update: CourierUpdate, source: 'webhook' | 'poll'): Promise<Applied> {
      const status = update.status ?? null;
      const rank = update.status ? rankOf(update.status) : 0;
      const [row] = await rows<ParcelRow & { moved: boolean }>(
        tx,
        sql`WITH found AS (
              SELECT id, rank, status, cash_to_collect, collected FROM parcels WHERE courier = ${courier} AND consignment_id = ${update.consignmentId} FOR UPDATE),
            step AS (
              INSERT INTO parcel_events (parcel_id, status, courier_event, happened_at, source)
              SELECT id, ${status}, ${update.courierEvent}, ${update.at.toISOString()}, ${source} FROM found WHERE ${status}::text IS NOT NULL
              ON CONFLICT (parcel_id, status) DO NOTHING RETURNING parcel_id),
            moved AS (
              SELECT found.id, ${rank} > found.rank AND found.status NOT IN ('delivered', 'returned') AS forward FROM found)
            UPDATE parcels SET checked_at = now(), invoice_id = coalesce(parcels.invoice_id, ${update.invoiceId ?? null}),
              status = CASE WHEN moved.forward THEN ${status} ELSE parcels.status END,
              rank = CASE WHEN moved.forward THEN ${rank} ELSE parcels.rank END,
              collected = CASE WHEN moved.forward AND ${status}::text = 'delivered' THEN coalesce(${update.collected ?? null}::int, parcels.cash_to_collect) ELSE parcels.collected END,
              updated_at = CASE WHEN moved.forward THEN now() ELSE parcels.updated_at END
            FROM moved WHERE parcels.id = moved.id
            RETURNING ${sql.raw(`parcels.id, parcels.booking_id AS "bookingId", parcels.courier, parcels.consignment_id AS "consignmentId", parcels.status,
              parcels.cash_to_collect AS "cashToCollect", parcels.collected, parcels.delivery_fee AS "deliveryFee", parcels.invoice_id AS "invoiceId"`)}, moved.forward AS moved`,
      );
      if (!row) return { parcel: undefined, reached: undefined };
      const { moved, ...parcel } = row;
      return { parcel, reached: moved ? parcel.status : undefined };
    },

    /** Parcels still travelling that nobody has heard of for `seconds`: the poll asks the courier about them. */
    async quiet(seconds: number, limit: number): Promise<{ courier: string; consignmentId: string }[]> {
      return rows(
        db,
        sql`SELECT courier, consignment_id AS "consignmentId" FROM parcels WHERE status NOT IN ('delivered', 'returned')
            AND checked_at < now() - make_interval(secs => ${seconds}) ORDER BY checked_at LIMIT ${limit}`,
      );
    },

    /** A booking's parcel and the steps it went through, in the order they happen (courier clocks and ours differ by seconds). */
    async ofBooking(bookingId: string): Promise<(ParcelRow & { events: ParcelEvent[] }) | undefined> {
      const [row] = await rows<ParcelRow & { events: ParcelEvent[] }>(
        db,
        sql`SELECT ${parcelColumns}, coalesce((SELECT json_agg(json_build_object('status', e.status,
              'at', to_char(e.happened_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) ORDER BY array_position(ARRAY[${sql.raw(PARCEL_STATUSES.map((status) => `'${status}'`).join(', '))}]::text[], e.status), e.id)
            FROM parcel_events e WHERE e.parcel_id = parcels.id), '[]'::json) AS events
            FROM parcels WHERE booking_id = ${bookingId}`,
      );
      return row;
    },
  };
}
export type ParcelsRepository = ReturnType<typeof createParcelsRepository>;
