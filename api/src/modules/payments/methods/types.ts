import type { WalletFailure } from '@phonehaat/shared-api';

/** A payment its provider says is complete, as the settlement records it (a card's or a wallet's alike). */
export interface ConfirmedPayment {
  /** 'card' or the wallet's id. */
  method: string;
  /** The booking the provider's records tie it to (the card's metadata, or our own wallet_payments row). */
  bookingId: string;
  /** The provider's id for the payment: a PaymentIntent, bKash's paymentID. */
  reference: string;
  /** What people see and support looks up: the PaymentIntent, bKash's trxID. */
  transactionId: string;
  /** Minor units (poisha), as the provider reports them. */
  amount: number;
  currency: string;
  /**
   * A sale paid in cash at the door: the wallet number its refund is sent to (the buyer's choice, confirmed by a code;
   * else the number the parcel was delivered to), and the wallet's payout rail (issue 69).
   */
  payTo?: string;
  payVia?: 'bkash' | 'nagad';
}

/** What a payment is started with: the amount (poisha), our invoice (the attempt's id), and who pays for what. */
export interface WalletPaymentRequest {
  amount: number;
  invoice: string;
  /** bKash's payer reference: the buyer's wallet number, filled in on its page. */
  payerReference: string;
  /** The buyer's payment page, which completes the payment when they are back. */
  callbackUrl: string;
  bookingId: string;
  /** The customer and product fields a card gateway asks for (SSLCommerz). */
  customer: { name: string; email: string | null; phone: string };
  productName: string;
}

/** A refund the provider took: its id, what it gives back, and whether that is done or still being done. */
export interface RefundGiven {
  id: string;
  amount: number;
  currency: string;
  /** 'processing': taken, not yet back with the buyer (SSLCommerz); followed by its refund query. Absent: done. */
  state?: 'processing' | 'refunded';
}

/** What a wallet says about one of its payments. */
export type WalletState =
  | { state: 'completed'; transactionId: string; amount: number; currency: string }
  /**
   * Paid, but the provider's own confirmation says to look before delivering: SSLCommerz's risk_level 1, or a validation
   * whose amount is not the one asked. Held for the admin's review (accepted, or refunded); the sale is not recorded yet.
   */
  | { state: 'review'; reason: 'risky' | 'mismatch'; transactionId: string; amount: number; currency: string }
  /** Waiting for the buyer (not approved, or approved and not yet executed). */
  | { state: 'open' }
  | { state: 'failed'; failure: WalletFailure }
  /** The wallet did not answer in time: asked again later. */
  | { state: 'unknown' };

/**
 * A way to pay where the buyer approves on the provider's own page and comes back (bKash; Nagad next). One module per
 * provider implements this; wallet-checkout.ts does the rest (the booking's price, one payment at a time, the
 * callback, the sweep, the settlement) for all of them.
 */
export interface WalletMethod {
  id: string;
  /** Starts a payment of `amount` poisha; where to send the buyer. */
  create(input: WalletPaymentRequest): Promise<{ reference: string; redirectUrl: string }>;
  /** Moves the money of a payment the buyer approved, and says where it stands; safe to call again. */
  execute(reference: string): Promise<WalletState>;
  /** The provider's own record of the payment. */
  lookup(reference: string): Promise<WalletState>;
  /**
   * Whether a notification the provider posted (SSLCommerz's IPN, a buyer's return) carries its signature; what it says
   * is then asked of the provider itself. Absent: the provider posts none.
   */
  signed?(fields: Record<string, string>): boolean;
  /** Gives a completed payment back in full, once however often it is asked (another instance, a retry). */
  refund(payment: ConfirmedPayment, reason: string): Promise<RefundGiven>;
  /** Where a refund it took as 'processing' now stands ('unknown': not answered in time). Absent: its refunds are final. */
  refundState?(refundId: string): Promise<'processing' | 'refunded' | 'failed' | 'unknown'>;
}
