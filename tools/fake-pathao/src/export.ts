// The merchant panel's export of a payment invoice (CSV), which PhoneHaat's admin uploads to reconcile. Pathao
// publishes no API for an invoice's amounts; these are the columns PhoneHaat reads (api/src/modules/orders/courier/pathao-settlement.ts).
import type { Invoice } from './moves.js';

const HEADER = ['Invoice ID', 'Consignment ID', 'Merchant Order ID', 'Status', 'Collected Amount', 'Delivery Fee', 'COD Fee', 'Payout'];
const cell = (value: string | number | null) => {
  const text = value === null ? '' : String(value);
  return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

export function csvOf(invoice: Invoice): string {
  const lines = invoice.lines.map((line) =>
    [invoice.invoice_id, line.consignment_id, line.merchant_order_id, line.status, line.collected_amount, line.delivery_fee, line.cod_fee, line.payout].map(cell).join(','),
  );
  return `${[HEADER.join(','), ...lines].join('\r\n')}\r\n`;
}
