// Cash on delivery's money (issue 45): a cash parcel delivered means the courier collected the buyer's cash and owes
// it to PhoneHaat; the sale is then held exactly as an online payment is, released by the buyer's confirmation, the
// code or the set days, disputed as today.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import type { Escrow } from '../escrow/escrow.ts';
import { account } from '../escrow/ledger.ts';
import { CURRENCY, toMinorUnits } from '../../../money.ts';
import { rows } from '../../../db/rows.ts';
import { sweepBookings } from './sweep.ts';

export function createCashCollection({ db, escrow, log }: { db: Db; escrow: Pick<Escrow, 'hold'>; log: FastifyBaseLogger }) {
  /**
   * Holds the sale of a delivered cash parcel, once however often asked (the booking row locked; a paid booking is
   * left alone): the payment is the courier's consignment, the ledger's debit the courier's. Whether it was held now.
   */
  async function collect(bookingId: string): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [row] = await rows<{ sellerId: string; price: number; courier: string; consignmentId: string }>(
        tx,
        sql`SELECT p.seller_id AS "sellerId", coalesce(b.agreed_price, p.resale_price) AS price, pa.courier, pa.consignment_id AS "consignmentId"
            FROM bookings b JOIN products p ON p.id = b.product_id JOIN parcels pa ON pa.booking_id = b.id
            WHERE b.id = ${bookingId} AND b.cash_on_delivery AND NOT b.paid AND pa.status = 'delivered'
            FOR UPDATE OF b`,
      );
      if (!row) return false;
      const amount = toMinorUnits(row.price);
      await tx.execute(sql`INSERT INTO payments (booking_id, transaction_id, amount, currency, method)
        VALUES (${bookingId}, ${`${row.courier}:${row.consignmentId}`}, ${amount}, ${CURRENCY}, 'cash')`);
      await tx.execute(sql`UPDATE bookings SET paid = true WHERE id = ${bookingId}`);
      await escrow.hold(tx, { bookingId, sellerId: row.sellerId, method: 'cash', amount, from: account.courier(row.courier) });
      return true;
    });
  }

  return {
    collect,
    /** Delivered cash parcels whose sale is not held (the instance stopped between the step and its hold): held now. */
    async sweep(limit = 100): Promise<number> {
      const due = sql`SELECT b.id AS "bookingId" FROM bookings b JOIN parcels pa ON pa.booking_id = b.id
        WHERE b.cash_on_delivery AND NOT b.paid AND pa.status = 'delivered' LIMIT ${limit}`;
      return sweepBookings(db, due, collect, log, 'hold a delivered cash sale');
    },
  };
}
export type CashCollection = ReturnType<typeof createCashCollection>;
