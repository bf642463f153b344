// Pathao's settlement report: the payment invoices in which Pathao paid PhoneHaat the cash its riders collected, less
// its charges. Pathao's merchant API names a parcel's invoice (`order.paid`, the order's info) but publishes no call
// for an invoice's amounts; the merchant panel exports them, and the admin uploads that export (decision 037). Its
// columns are matched by name (case and spacing aside), so a column added or moved by Pathao changes nothing here.
import { parse } from 'csv-parse/sync';
import { SettlementUnreadable, type SettlementLine } from './types.ts';

/** The columns read, by the name the export gives them. */
export const PATHAO_SETTLEMENT_COLUMNS = {
  invoiceId: 'Invoice ID',
  consignmentId: 'Consignment ID',
  status: 'Status',
  collected: 'Collected Amount',
  deliveryFee: 'Delivery Fee',
  codFee: 'COD Fee',
  payout: 'Payout',
} as const;

const key = (name: string) => name.toLowerCase().replace(/[^a-z]/g, '');
/** Pathao's words for how a parcel ended. */
const STATUSES: Record<string, SettlementLine['status']> = { delivered: 'delivered', partialdelivered: 'delivered', return: 'returned', returned: 'returned' };

export function readPathaoSettlement(report: string): SettlementLine[] {
  let records: string[][];
  try {
    records = parse(report, { bom: true, skip_empty_lines: true, trim: true, relax_column_count: true });
  } catch {
    throw new SettlementUnreadable('The report could not be read as CSV: export the payment invoices from the courier’s merchant panel');
  }
  const [header, ...rows] = records;
  if (!header || rows.length === 0) throw new SettlementUnreadable('The report holds no parcel');
  const at = new Map(header.map((name, index) => [key(name), index]));
  const index = Object.fromEntries(
    Object.entries(PATHAO_SETTLEMENT_COLUMNS).map(([field, name]) => {
      const found = at.get(key(name));
      if (found === undefined) throw new SettlementUnreadable(`The report has no column "${name}"`);
      return [field, found];
    }),
  ) as Record<keyof typeof PATHAO_SETTLEMENT_COLUMNS, number>;
  return rows.map((row, n) => {
    const line = n + 2; // the spreadsheet's own row number: the header is row 1
    const text = (field: keyof typeof PATHAO_SETTLEMENT_COLUMNS) => row[index[field]] ?? '';
    const taka = (field: 'collected' | 'deliveryFee' | 'codFee' | 'payout', signed = false) => {
      const value = Number(text(field).replaceAll(',', ''));
      if (text(field) === '' || !Number.isInteger(value) || (!signed && value < 0)) {
        throw new SettlementUnreadable(`Row ${line}: ${PATHAO_SETTLEMENT_COLUMNS[field]} must be a whole number of taka`);
      }
      return value;
    };
    const status = STATUSES[key(text('status'))];
    if (!status) throw new SettlementUnreadable(`Row ${line}: the status must be Delivered or Return`);
    const invoiceId = text('invoiceId');
    const consignmentId = text('consignmentId');
    if (!invoiceId || !consignmentId) throw new SettlementUnreadable(`Row ${line}: the invoice and the consignment must be named`);
    return { invoiceId, consignmentId, status, collected: taka('collected'), deliveryFee: taka('deliveryFee'), codFee: taka('codFee'), payout: taka('payout', true) };
  });
}
