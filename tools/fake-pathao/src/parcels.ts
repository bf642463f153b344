// Pathao's orders as the courier keeps them: created from a merchant's store for a recipient, then moved along by its
// riders (here, a tester). Each move is one of Pathao's webhook events; `order_status` is what `orders/{id}/info` says.
import { randomBytes } from 'node:crypto';

/** Pathao's order statuses: the webhook event, the info's slug and its words. */
export const STATUSES = {
  created: { event: 'order.created', slug: 'Pending', words: 'Pending' },
  'pickup-requested': { event: 'order.pickup-requested', slug: 'Pickup_Requested', words: 'Pickup Requested' },
  'assigned-for-pickup': { event: 'order.assigned-for-pickup', slug: 'Assigned_for_Pickup', words: 'Assigned for Pickup' },
  picked: { event: 'order.picked', slug: 'Picked', words: 'Picked' },
  'at-the-sorting-hub': { event: 'order.at-the-sorting-hub', slug: 'At_the_Sorting_HUB', words: 'At the Sorting HUB' },
  'in-transit': { event: 'order.in-transit', slug: 'In_Transit', words: 'In Transit' },
  'received-at-last-mile-hub': { event: 'order.received-at-last-mile-hub', slug: 'Received_at_Last_Mile_HUB', words: 'Received at Last Mile HUB' },
  'assigned-for-delivery': { event: 'order.assigned-for-delivery', slug: 'Assigned_for_Delivery', words: 'Assigned for Delivery' },
  delivered: { event: 'order.delivered', slug: 'Delivered', words: 'Delivered' },
  'delivery-failed': { event: 'order.delivery-failed', slug: 'Delivery_Failed', words: 'Delivery Failed' },
  returned: { event: 'order.returned', slug: 'Return', words: 'Return' },
  paid: { event: 'order.paid', slug: 'Payment_Invoice', words: 'Payment Invoice' },
} as const;
export type Status = keyof typeof STATUSES;

/** What the tester's buttons do: each walks the parcel through Pathao's steps up to it, one webhook per step. */
export const MOVES = {
  pickup: ['pickup-requested', 'assigned-for-pickup', 'picked'],
  transit: ['at-the-sorting-hub', 'in-transit'],
  'out-for-delivery': ['received-at-last-mile-hub', 'assigned-for-delivery'],
  deliver: ['delivered'],
  refuse: ['delivery-failed', 'returned'],
} as const satisfies Record<string, readonly Status[]>;
export type Move = keyof typeof MOVES;

/** Which moves may follow the parcel's status (a parcel is picked before it travels, and so on). */
const NEXT: Partial<Record<Status, Move[]>> = {
  created: ['pickup'],
  picked: ['transit'],
  'in-transit': ['out-for-delivery'],
  'assigned-for-delivery': ['deliver', 'refuse'],
};
export const movesFrom = (status: Status): Move[] => NEXT[status] ?? [];

export interface Parcel {
  consignment_id: string;
  merchant_order_id: string | null;
  store_id: number;
  recipient_name: string;
  recipient_phone: string;
  recipient_address: string;
  recipient_city: number | null;
  recipient_zone: number | null;
  amount_to_collect: number;
  item_description: string | null;
  delivery_fee: number;
  status: Status;
  /** Cash the rider collected (on delivery). */
  collected_amount: number;
  /** The payment invoice that settled it with the merchant, once paid. */
  invoice_id: string | null;
  created_at: Date;
  updated_at: Date;
}

/** Pathao's consignment ids: two letters, the date (DDMMYY) and six characters, as `DL121224VS8TTJ`. */
export function consignmentId(now: Date): string {
  const date = `${String(now.getUTCDate()).padStart(2, '0')}${String(now.getUTCMonth() + 1).padStart(2, '0')}${String(now.getUTCFullYear()).slice(2)}`;
  const tail = [...randomBytes(6)].map((byte) => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[byte % 32]).join('');
  return `DL${date}${tail}`;
}

/** Pathao's `updated_at` ("2024-12-27 23:49:43", Dhaka time) and `timestamp` (ISO, UTC with an offset). */
export function times(at: Date): { updated_at: string; timestamp: string } {
  const dhaka = new Date(at.getTime() + 6 * 3600_000).toISOString();
  return { updated_at: `${dhaka.slice(0, 10)} ${dhaka.slice(11, 19)}`, timestamp: `${at.toISOString().slice(0, 19)}+00:00` };
}
