// The courier's side of a parcel: a rider moves it along (each step one webhook), and Pathao pays the merchant the
// cash it collected, less its fees, in a payment invoice (the settlement report a merchant reconciles).
import { randomBytes } from 'node:crypto';
import { COD_PERCENTAGE } from './merchant.js';
import { MOVES, movesFrom, STATUSES, times, type Move, type Parcel, type Status } from './parcels.js';

export interface InvoiceLine {
  consignment_id: string;
  merchant_order_id: string | null;
  status: 'Delivered' | 'Return';
  collected_amount: number;
  delivery_fee: number;
  cod_fee: number;
  /** What the merchant is paid for this parcel (negative: the merchant owes the fee of a returned parcel). */
  payout: number;
}
export interface Invoice {
  invoice_id: string;
  created_at: Date;
  lines: InvoiceLine[];
  total_payout: number;
}

export class MoveRefused extends Error {}

const REFUSED = 'Customer refused to receive the parcel';

/** The webhook body of a parcel's status, with the fields Pathao adds to that event. */
export function eventOf(parcel: Parcel, status: Status, at: Date): Record<string, unknown> {
  const body: Record<string, unknown> = { consignment_id: parcel.consignment_id, merchant_order_id: parcel.merchant_order_id, ...times(at), store_id: parcel.store_id, event: STATUSES[status].event };
  if (status === 'created' || status === 'pickup-requested') body.delivery_fee = parcel.delivery_fee;
  if (status === 'delivered') body.collected_amount = parcel.collected_amount;
  if (status === 'delivery-failed' || status === 'returned') body.reason = REFUSED;
  if (status === 'paid') body.invoice_id = parcel.invoice_id;
  return body;
}

export function createMoves(options: { parcels: ReadonlyMap<string, Parcel>; send: (body: Record<string, unknown>) => void; now: () => Date }) {
  const invoices: Invoice[] = [];

  function move(consignment: string, name: Move): Parcel {
    const parcel = options.parcels.get(consignment);
    if (!parcel) throw new MoveRefused(`No parcel ${consignment}`);
    if (!movesFrom(parcel.status).includes(name)) throw new MoveRefused(`A parcel that is ${STATUSES[parcel.status].words} cannot ${name}`);
    for (const status of MOVES[name]) {
      const at = options.now();
      parcel.status = status;
      parcel.updated_at = at;
      if (status === 'delivered') parcel.collected_amount = parcel.amount_to_collect;
      options.send(eventOf(parcel, status, at));
    }
    return parcel;
  }

  /** Pays the merchant for every delivered or returned parcel not yet paid: one invoice, an `order.paid` for each. */
  function invoice(): Invoice | null {
    const due = [...options.parcels.values()].filter((parcel) => !parcel.invoice_id && (parcel.status === 'delivered' || parcel.status === 'returned'));
    if (!due.length) return null;
    const at = options.now();
    const id = `${times(at).updated_at.slice(8, 10)}${times(at).updated_at.slice(5, 7)}${times(at).updated_at.slice(2, 4)}I${randomBytes(4).toString('hex').toUpperCase()}`;
    const lines = due.map((parcel): InvoiceLine => {
      const delivered = parcel.status === 'delivered';
      const codFee = Math.round(parcel.collected_amount * COD_PERCENTAGE);
      return {
        consignment_id: parcel.consignment_id,
        merchant_order_id: parcel.merchant_order_id,
        status: delivered ? 'Delivered' : 'Return',
        collected_amount: parcel.collected_amount,
        delivery_fee: parcel.delivery_fee,
        cod_fee: codFee,
        payout: parcel.collected_amount - parcel.delivery_fee - codFee,
      };
    });
    const made: Invoice = { invoice_id: id, created_at: at, lines, total_payout: lines.reduce((sum, line) => sum + line.payout, 0) };
    invoices.push(made);
    for (const parcel of due) {
      parcel.invoice_id = id;
      options.send(eventOf(parcel, 'paid', at));
    }
    return made;
  }

  return { move, invoice, invoices: invoices as readonly Invoice[] };
}
