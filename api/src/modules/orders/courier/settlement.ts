// A courier's settlement (issue 45): the payment invoices in which it paid PhoneHaat the cash its riders collected,
// less its charges. Recording a report settles each parcel's receivable in the ledger; the Money page then reconciles
// the report's lines against PhoneHaat's own records of the parcels, naming every difference.
import type { CourierSettlement, Discrepancy } from '@phonehaat/shared-api';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { account, post } from '../escrow/ledger.ts';
import { conflict, invalid } from '../../../domain-error.ts';
import { toMinorUnits } from '../../../money.ts';
import { rows } from '../../../db/rows.ts';
import { SettlementUnreadable, type Courier, type SettlementLine } from './types.ts';

const inList = (values: string[]) => sql`(${sql.join(
  values.map((value) => sql`${value}`),
  sql`, `,
)})`;

/** Reads the report, each invoice's lines once (a consignment twice in one invoice is refused). */
function invoicesOf(courier: Pick<Courier, 'readSettlement'>, report: string): Map<string, SettlementLine[]> {
  let lines: SettlementLine[];
  try {
    lines = courier.readSettlement(report);
  } catch (error) {
    if (error instanceof SettlementUnreadable) throw invalid(error.message, 'report');
    throw error;
  }
  const invoices = new Map<string, SettlementLine[]>();
  lines.forEach((line, n) => {
    const invoice = invoices.get(line.invoiceId) ?? [];
    if (invoice.some((seen) => seen.consignmentId === line.consignmentId)) {
      throw invalid(`Row ${n + 2}: the consignment ${line.consignmentId} is listed twice in invoice ${line.invoiceId}`, 'report');
    }
    invoices.set(line.invoiceId, [...invoice, line]);
  });
  return invoices;
}

export function createSettlements({ db, courier }: { db: Db; courier: Pick<Courier, 'id' | 'readSettlement'> }) {
  const owedBy = account.courier(courier.id);

  /** Settles each line's parcel in the ledger: the bank is paid the payout, the courier's receivable for it closes, the rest is its charge. */
  async function settle(tx: Tx, lines: SettlementLine[]) {
    const known = await rows<{ consignmentId: string; bookingId: string; owed: string }>(
      tx,
      sql`SELECT pa.consignment_id AS "consignmentId", pa.booking_id AS "bookingId", coalesce(sum(le.amount), 0) AS owed
          FROM parcels pa LEFT JOIN ledger_entries le ON le.booking_id = pa.booking_id AND le.account = ${owedBy}
          WHERE pa.courier = ${courier.id} AND pa.consignment_id IN ${inList(lines.map((line) => line.consignmentId))}
          GROUP BY pa.consignment_id, pa.booking_id`,
    );
    const parcelOf = new Map(known.map((row) => [row.consignmentId, row]));
    for (const line of lines) {
      const payout = toMinorUnits(line.payout);
      const parcel = parcelOf.get(line.consignmentId);
      if (!parcel) {
        // Money for a parcel PhoneHaat does not know: in the bank, owed back to the courier until explained.
        await post(tx, 'settled', null, [[account.bank, payout], [owedBy, -payout]]);
        continue;
      }
      const owed = Number(parcel.owed);
      await post(tx, 'settled', parcel.bookingId, [[account.bank, payout], [account.courierCharges, owed - payout], [owedBy, -owed]]);
    }
  }

  return {
    /** The name its differences go by on the Money page. */
    method: courier.id,
    /** Records a settlement report: each invoice once (one recorded before refuses the whole report, nothing changed). */
    async record(adminId: string, report: string): Promise<CourierSettlement[]> {
      const invoices = invoicesOf(courier, report);
      return db.transaction(async (tx) => {
        const recorded: CourierSettlement[] = [];
        for (const [invoiceId, lines] of invoices) {
          const payout = lines.reduce((sum, line) => sum + line.payout, 0);
          const [made] = await rows<{ recordedAt: Date | string }>(
            tx,
            sql`INSERT INTO courier_settlements (courier, invoice_id, recorded_by, payout) VALUES (${courier.id}, ${invoiceId}, ${adminId}, ${payout})
                ON CONFLICT DO NOTHING RETURNING recorded_at AS "recordedAt"`,
          );
          if (!made) throw conflict(`Invoice ${invoiceId} was already recorded`);
          const values = lines.map(
            (line) => sql`(${courier.id}, ${invoiceId}, ${line.consignmentId}, ${line.status}, ${line.collected}, ${line.deliveryFee}, ${line.codFee}, ${line.payout})`,
          );
          await tx.execute(sql`INSERT INTO courier_settlement_lines (courier, invoice_id, consignment_id, status, collected, delivery_fee, cod_fee, payout) VALUES ${sql.join(values, sql`, `)}`);
          await settle(tx, lines);
          recorded.push({ courier: courier.id, invoiceId, recordedAt: new Date(made.recordedAt).toISOString(), parcels: lines.length, payout: toMinorUnits(payout) });
        }
        return recorded;
      });
    },

    /** The reports recorded, newest first. */
    async recent(limit = 20): Promise<CourierSettlement[]> {
      const found = await rows<{ courier: string; invoiceId: string; recordedAt: Date | string; parcels: string; payout: number }>(
        db,
        sql`SELECT s.courier, s.invoice_id AS "invoiceId", s.recorded_at AS "recordedAt", s.payout,
              (SELECT count(*) FROM courier_settlement_lines l WHERE l.courier = s.courier AND l.invoice_id = s.invoice_id) AS parcels
            FROM courier_settlements s ORDER BY s.recorded_at DESC, s.invoice_id LIMIT ${limit}`,
      );
      return found.map((row) => ({ courier: row.courier, invoiceId: row.invoiceId, recordedAt: new Date(row.recordedAt).toISOString(), parcels: Number(row.parcels), payout: toMinorUnits(row.payout) }));
    },

    /** Every recorded line against PhoneHaat's parcels, and every parcel the courier said it paid against the reports. */
    async reconcile(): Promise<{ checked: number; differences: Discrepancy[] }> {
      const method = courier.id;
      const differences: Discrepancy[] = [];
      const differ = (reference: string, kind: Discrepancy['kind'], problem: Discrepancy['problem'], ours: number | null, theirs: number | null) =>
        differences.push({ method, reference, kind, problem, ledgerAmount: ours, providerAmount: theirs });
      const lines = await rows<{ invoiceId: string; consignmentId: string; collected: number; deliveryFee: number; codFee: number; payout: number; known: boolean; ourCollected: number | null; ourFee: number | null; times: string }>(
        db,
        sql`SELECT l.invoice_id AS "invoiceId", l.consignment_id AS "consignmentId", l.collected, l.delivery_fee AS "deliveryFee", l.cod_fee AS "codFee", l.payout,
              pa.id IS NOT NULL AS known, pa.collected AS "ourCollected", pa.delivery_fee AS "ourFee",
              count(*) OVER (PARTITION BY l.consignment_id) AS times
            FROM courier_settlement_lines l LEFT JOIN parcels pa ON pa.courier = l.courier AND pa.consignment_id = l.consignment_id
            WHERE l.courier = ${method} ORDER BY l.invoice_id, l.consignment_id`,
      );
      for (const line of lines) {
        const reference = `${line.consignmentId} (${line.invoiceId})`;
        if (!line.known) {
          differ(reference, 'settlement', 'missing-in-ledger', null, toMinorUnits(line.payout));
          continue;
        }
        if (Number(line.times) > 1) differ(reference, 'settlement', 'settled-twice', null, toMinorUnits(line.payout));
        if (line.collected !== (line.ourCollected ?? 0)) differ(reference, 'collected', 'amount-differs', toMinorUnits(line.ourCollected ?? 0), toMinorUnits(line.collected));
        if (line.deliveryFee !== line.ourFee) differ(reference, 'delivery-fee', 'amount-differs', toMinorUnits(line.ourFee ?? 0), toMinorUnits(line.deliveryFee));
        const expected = line.collected - line.deliveryFee - line.codFee;
        if (line.payout !== expected) differ(reference, 'settlement', 'amount-differs', toMinorUnits(expected), toMinorUnits(line.payout));
      }
      // Parcels the courier told us (order.paid) it paid in an invoice: the recorded report must list them; an invoice
      // not recorded yet is named once, so the admin knows which report to upload.
      const paid = await rows<{ consignmentId: string; invoiceId: string; recorded: boolean; listed: boolean }>(
        db,
        sql`SELECT pa.consignment_id AS "consignmentId", pa.invoice_id AS "invoiceId",
              EXISTS (SELECT 1 FROM courier_settlements s WHERE s.courier = pa.courier AND s.invoice_id = pa.invoice_id) AS recorded,
              EXISTS (SELECT 1 FROM courier_settlement_lines l WHERE l.courier = pa.courier AND l.invoice_id = pa.invoice_id AND l.consignment_id = pa.consignment_id) AS listed
            FROM parcels pa WHERE pa.courier = ${method} AND pa.invoice_id IS NOT NULL ORDER BY pa.invoice_id, pa.consignment_id`,
      );
      const unrecorded = new Set<string>();
      for (const parcel of paid) {
        if (!parcel.recorded) unrecorded.add(parcel.invoiceId);
        else if (!parcel.listed) differ(`${parcel.consignmentId} (${parcel.invoiceId})`, 'settlement', 'missing-at-provider', null, null);
      }
      for (const invoiceId of unrecorded) differ(invoiceId, 'settlement', 'report-not-recorded', null, null);
      return { checked: lines.length + paid.length, differences };
    },
  };
}
export type Settlements = ReturnType<typeof createSettlements>;
