// One courier behind one interface (issue 45, decision 037): Pathao today; a second courier is a module of its own
// and a line in index.ts. PhoneHaat's parcel statuses are the courier's many steps said the way people say them.
import type { DeliveryAddress } from '@phonehaat/shared-api';

export { PARCEL_STATUSES, type ParcelStatus } from '@phonehaat/shared-api';
import { PARCEL_STATUSES, type ParcelStatus } from '@phonehaat/shared-api';

/** How far along a status is: a parcel only ever moves to a higher rank (delivered and returned are both the end). */
export const rankOf = (status: ParcelStatus): number => Math.min(PARCEL_STATUSES.indexOf(status) + 1, 6);

/** One change of a parcel, from a webhook or from asking the courier. */
export interface CourierUpdate {
  consignmentId: string;
  /** Undefined for a courier step that changes nothing people are shown (Pathao's order.updated). */
  status: ParcelStatus | undefined;
  /** The courier's own name for the step (order.in-transit). */
  courierEvent: string;
  /** When the courier says it happened. */
  at: Date;
  /** Cash the rider collected (delivered). */
  collected?: number | undefined;
  /** The courier's payment invoice that settled it with PhoneHaat. */
  invoiceId?: string | undefined;
}

/** What a webhook turned out to be. */
export type WebhookReading =
  | { kind: 'integration'; headers: Record<string, string> }
  | { kind: 'update'; update: CourierUpdate }
  | { kind: 'ignored'; why: string };

/** The seller's pickup point, kept once (a store on Pathao). */
export interface Pickup {
  sellerId: string;
  address: DeliveryAddress;
  /** The courier's id for it, once made. */
  storeId: string | null;
}

export interface NewParcel {
  /** PhoneHaat's id of the booking (the courier's merchant order id). */
  bookingId: string;
  storeId: string;
  to: DeliveryAddress;
  cashToCollect: number;
  description: string;
}

export interface Courier {
  readonly id: string;
  /** The delivery fee in taka from a seller's pickup point (its courier id) to a district. */
  quote(storeId: string, toDistrict: string): Promise<number>;
  /** The courier's id of the seller's pickup point, made when it has none (or the address changed: `storeId` null). */
  ensureStore(pickup: Pickup): Promise<string>;
  /** Books the parcel: its consignment id and fee. */
  send(parcel: NewParcel): Promise<{ consignmentId: string; deliveryFee: number }>;
  /** The parcel's true status, asked of the courier (webhooks are known to be lost). */
  status(consignmentId: string): Promise<CourierUpdate>;
  /** Reads a webhook, its secret checked before its text is parsed: refused (WebhookRefused) when it is not the courier's. */
  readWebhook(headers: Record<string, string | undefined>, text: string): WebhookReading;
  /** Reads the courier's settlement report (its payment invoices, as its merchant panel exports them): SettlementUnreadable names what is wrong. */
  readSettlement(report: string): SettlementLine[];
}

/** One parcel of a courier's payment invoice, in taka. */
export interface SettlementLine {
  invoiceId: string;
  consignmentId: string;
  status: 'delivered' | 'returned';
  /** Cash the rider collected at the door. */
  collected: number;
  deliveryFee: number;
  /** The courier's charge for carrying cash. */
  codFee: number;
  /** What the courier paid for this parcel: the cash less its charges (negative: PhoneHaat owed it a fee). */
  payout: number;
}

/** A settlement report that cannot be read: the message names the row and the column. */
export class SettlementUnreadable extends Error {}

/** A webhook that is not the courier's (bad signature), or is too old to be believed. */
export class WebhookRefused extends Error {
  readonly statusCode: 401 | 400;

  constructor(statusCode: 401 | 400, message: string) {
    super(message);
    this.statusCode = statusCode;
  }
}
/** The courier refused a call (its validation, its auth) or could not be reached. */
export class CourierError extends Error {}
