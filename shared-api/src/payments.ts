import { z } from 'zod';
import { Id } from './common.ts';
import { WALLET_METHODS } from './limits.ts';

export const CreatePaymentIntentBody = z.object({ bookingId: Id });
export type CreatePaymentIntentBody = z.infer<typeof CreatePaymentIntentBody>;

export const PaymentIntentResponse = z.object({
  clientSecret: z.string(),
  /** What the card will be charged, in whole Taka, as the server computed it. */
  amount: z.number().int(),
  currency: z.literal('bdt'),
});
export type PaymentIntentResponse = z.infer<typeof PaymentIntentResponse>;

export const PaymentBody = z.object({
  bookingId: Id,
  transactionId: z
    .string()
    .trim()
    .regex(/^pi_[A-Za-z0-9]{8,64}$/, { message: 'transactionId must be a Stripe PaymentIntent id' }),
});
export type PaymentBody = z.infer<typeof PaymentBody>;

export const PaymentResponse = z.object({ insertedId: Id, transactionId: z.string() });
export type PaymentResponse = z.infer<typeof PaymentResponse>;

export const WebhookResponse = z.object({ received: z.literal(true) });
/** The header Stripe signs a webhook's raw body with; other headers pass through. */
export const StripeSignatureHeaders = z.looseObject({
  'stripe-signature': z
    .string({ message: 'Missing Stripe signature' })
    .min(1, { message: 'Missing Stripe signature' })
    .describe("Stripe's signature of the raw body (`t=<timestamp>,v1=<HMAC-SHA256 hex>`), checked with the endpoint's signing secret"),
});

/**
 * The ways to pay: the card (Stripe) and the mobile wallets (bKash now; Nagad is one more id here, a module in
 * api/src/modules/payments/methods/ and a component in mfe-buyer's payment feature).
 */
export const PaymentMethodId = z.enum(['card', ...WALLET_METHODS]);
export type PaymentMethodId = z.infer<typeof PaymentMethodId>;
export const WalletMethodId = PaymentMethodId.exclude(['card']);
/** How a sale was paid: online (a method above), or in cash to the courier's rider at the door (issue 45). */
export const PaidWith = z.enum([...PaymentMethodId.options, 'cash']);
export type PaidWith = z.infer<typeof PaidWith>;
export type WalletMethodId = z.infer<typeof WalletMethodId>;

/** GET /payment-methods: what this deployment offers, in the order the payment page shows them. */
export const PaymentMethodList = z.array(PaymentMethodId);
export type PaymentMethodList = z.infer<typeof PaymentMethodList>;

export const WalletParams = z.object({ method: WalletMethodId });
export const StartWalletPaymentBody = z.object({ bookingId: Id });
export type StartWalletPaymentBody = z.infer<typeof StartWalletPaymentBody>;
/** Where to send the buyer: the wallet's own payment page. */
export const StartWalletPaymentResponse = z.object({ redirectUrl: z.url(), amount: z.number().int(), currency: z.literal('bdt') });
export type StartWalletPaymentResponse = z.infer<typeof StartWalletPaymentResponse>;

/** What the wallet sent the buyer back with (bKash: paymentID and status on the callback address). */
export const CompleteWalletPaymentBody = z.object({
  bookingId: Id,
  // bKash's and SSLCommerz's ids are letters and digits; Nagad's payment references are base64 text.
  paymentId: z.string().trim().regex(/^[A-Za-z0-9+/=._-]{6,128}$/, { message: 'paymentId must be the wallet’s payment id' }),
  status: z.enum(['success', 'failure', 'cancel'], { message: "status must be 'success', 'failure' or 'cancel'" }),
});
export type CompleteWalletPaymentBody = z.infer<typeof CompleteWalletPaymentBody>;

/**
 * What SSLCommerz posts (its IPN, and the buyer's browser back from its page), as a form: the transaction it is about
 * and its signature; every other field it signs is kept for the signature's check.
 */
export const SslcommerzNotice = z.looseObject({
  tran_id: z.string({ message: 'tran_id is required' }).regex(/^[A-Za-z0-9]{6,30}$/, { message: 'tran_id must be a PhoneHaat transaction id' }),
  status: z.string().optional(),
  val_id: z.string().optional(),
  verify_sign: z.string().optional(),
  verify_key: z.string().optional(),
});
export const SslcommerzReturnParams = z.object({ outcome: z.enum(['success', 'fail', 'cancel'], { message: "outcome must be 'success', 'fail' or 'cancel'" }) });

/** Nagad's page sending the buyer back (a GET on the callback address): the payment it is about and how it ended. */
export const NagadCallbackQuery = z.object({
  payment_ref_id: z.string({ message: 'payment_ref_id is required' }).regex(/^[A-Za-z0-9+/=._-]{6,128}$/, { message: 'payment_ref_id must be a Nagad payment reference' }),
  status: z.string().optional(),
  status_code: z.string().optional(),
  message: z.string().optional(),
  merchant: z.string().optional(),
  order_id: z.string().optional(),
  payment_dt: z.string().optional(),
  issuer_payment_ref: z.string().optional(),
});

/** A payment held for the admin's review (issue 69): paid, not yet a sale. Amount in whole Taka. */
export const PaymentReview = z.object({
  _id: Id,
  bookingId: Id,
  productName: z.string(),
  buyerName: z.string(),
  method: WalletMethodId,
  /** 'risky': the provider marked it (SSLCommerz's risk_level 1); 'mismatch': its validation did not say what its transaction said. */
  reason: z.enum(['risky', 'mismatch']),
  amount: z.number(),
  transactionId: z.string(),
  createdAt: z.iso.datetime(),
});
export type PaymentReview = z.infer<typeof PaymentReview>;
export const PaymentReviewList = z.array(PaymentReview);
export const PaymentReviewDecisionBody = z.object({ decision: z.enum(['accept', 'refund'], { message: "decision must be 'accept' or 'refund'" }) });
export type PaymentReviewDecisionBody = z.infer<typeof PaymentReviewDecisionBody>;
/** Accepted: the sale recorded (or refunded all the same when the phone went to someone else meanwhile); refunded in full. */
export const PaymentReviewDecided = z.object({ outcome: z.enum(['paid', 'refunded']) });

/** Why a wallet payment did not go through, as the buyer is told. */
export const WalletFailure = z.enum(['cancelled', 'declined', 'insufficient_balance', 'timed_out', 'unavailable']);
export type WalletFailure = z.infer<typeof WalletFailure>;

export const WalletPaymentResult = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('paid'), transactionId: z.string() }),
  z.object({ outcome: z.literal('failed'), reason: WalletFailure }),
  /** The wallet has not answered yet (a slow network): the page asks again, and the sweep finishes it regardless. */
  z.object({ outcome: z.literal('pending') }),
  /** Paid, and held for PhoneHaat's review before it counts (SSLCommerz marked it risky): accepted, or refunded in full. */
  z.object({ outcome: z.literal('review') }),
  /** Paid, then given back in full: the admin refused a payment held for review (the booking can be paid again). */
  z.object({ outcome: z.literal('refunded') }),
]);
export type WalletPaymentResult = z.infer<typeof WalletPaymentResult>;

/** GET /fees: PhoneHaat's fee on a sale, and the lower one of a new seller's first sales (issue 33). Percent of the sale. */
export const FeeSchedule = z.object({ percent: z.number(), newSellerPercent: z.number(), newSellerSales: z.number().int() });
export type FeeSchedule = z.infer<typeof FeeSchedule>;
/** GET /fees/mine: the fee the calling seller's next sale carries, and how many more sales carry the lower one. */
export const SellerFee = z.object({ percent: z.number(), lowerFeeSalesLeft: z.number().int() });
export type SellerFee = z.infer<typeof SellerFee>;
