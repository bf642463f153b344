import { z } from 'zod';
import { Id } from './common.ts';
import { digitsOf } from './digits.ts';
import { PaidWith } from './payments.ts';
import { PhoneConfirmation } from './phone.ts';

/** A Bangladeshi mobile number as bKash takes it: 01, the operator digit 3–9, then 8 digits. */
export const WALLET_NUMBER = /^01[3-9]\d{8}$/;
const walletNumber = z
  .string({ message: 'Enter your bKash number' })
  .transform(digitsOf)
  .pipe(z.string().regex(WALLET_NUMBER, { message: 'A bKash number is 11 digits starting 013–019, like 01712345678' }));

/** PUT /payout-wallet: the seller types the number twice, so a slip does not send their money to a stranger. */
export const PayoutWalletBody = z
  .object({
    number: walletNumber,
    repeat: z.string({ message: 'Type the number again' }).transform(digitsOf),
    /** A fresh code sent to the seller's verified phone number (issue 46: a payout account changes only with one). */
    confirmation: PhoneConfirmation,
  })
  .refine((body) => body.number === body.repeat, { message: 'The two numbers differ', path: ['repeat'] });
export type PayoutWalletBody = z.input<typeof PayoutWalletBody>;

export const PayoutWallet = z.object({ method: z.literal('bkash'), number: z.string(), confirmedAt: z.iso.datetime() });
export type PayoutWallet = z.infer<typeof PayoutWallet>;
/** The seller's payout wallet, or null before they set one. */
export const MaybePayoutWallet = PayoutWallet.nullable();

/** One sale in the seller's Earnings. Amounts in poisha. */
export const EarningSale = z.object({
  bookingId: Id,
  productName: z.string(),
  method: PaidWith,
  paidAt: z.iso.datetime(),
  amount: z.number().int(),
  fee: z.number().int(),
  /** What the seller receives: the amount less the fee (nothing when refunded). */
  net: z.number().int(),
  state: z.enum(['held', 'disputed', 'released', 'paid-out', 'refunded']),
  /** When held money goes to the seller by itself. */
  releaseAt: z.iso.datetime().nullable(),
  releasedAt: z.iso.datetime().nullable(),
});
export type EarningSale = z.infer<typeof EarningSale>;

export const Payout = z.object({
  _id: Id,
  amount: z.number().int(),
  wallet: z.string(),
  status: z.enum(['pending', 'sent']),
  /** bKash's transaction id once sent. */
  transactionId: z.string().nullable(),
  createdAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
});
export type Payout = z.infer<typeof Payout>;

/** GET /earnings: the seller's money, from the ledger. Poisha. */
export const Earnings = z.object({
  totals: z.object({
    /** Buyers' money held for the seller's sales, before the fee. */
    held: z.number().int(),
    /** Released to the seller (after fees), not yet paid out. */
    owed: z.number().int(),
    paidOut: z.number().int(),
    fees: z.number().int(),
  }),
  sales: z.array(EarningSale),
  payouts: z.array(Payout),
  wallet: PayoutWallet.nullable(),
  /** The next payout: what it will carry and about when (null amount: nothing owed). */
  nextPayout: z.object({ amount: z.number().int(), at: z.iso.datetime().nullable() }),
});
export type Earnings = z.infer<typeof Earnings>;

/** One difference between the ledger and a provider's own records. */
export const Discrepancy = z.object({
  method: z.string(),
  /** The provider's id: a PaymentIntent, a bKash trxID, a payout's invoice number, a courier's consignment or invoice. */
  reference: z.string(),
  /** payment, refund, payout (Stripe, bKash); a courier's settlement of a parcel, the cash it says it collected, its delivery fee. */
  kind: z.enum(['payment', 'refund', 'payout', 'settlement', 'collected', 'delivery-fee']),
  /**
   * What differs: missing at the provider, missing in the ledger, the amounts differ; a courier's parcel settled in two
   * invoices, or an invoice the courier says it paid whose report is not recorded yet.
   */
  problem: z.enum(['missing-at-provider', 'missing-in-ledger', 'amount-differs', 'settled-twice', 'report-not-recorded']),
  ledgerAmount: z.number().int().nullable(),
  providerAmount: z.number().int().nullable(),
});
export type Discrepancy = z.infer<typeof Discrepancy>;

/** One payment invoice of a courier, recorded. Amounts in poisha. */
export const CourierSettlement = z.object({
  courier: z.string(),
  invoiceId: z.string(),
  recordedAt: z.iso.datetime(),
  parcels: z.number().int(),
  /** What the courier paid PhoneHaat with this invoice (negative: PhoneHaat owed it the fees). */
  payout: z.number().int(),
});
export type CourierSettlement = z.infer<typeof CourierSettlement>;

/** GET /admin/money: where every taka is, from the ledger (poisha), and the reconciliation against the providers. */
export const MoneyOverview = z.object({
  held: z.number().int(),
  owedToSellers: z.number().int(),
  paidOut: z.number().int(),
  fees: z.number().int(),
  refunded: z.number().int(),
  /** Cash couriers collected at the door and still owe PhoneHaat (issue 45). */
  owedByCouriers: z.number().int(),
  /** What couriers kept of the cash they settled: their cash-on-delivery charge, the fees of parcels paid online or sent back. */
  courierCharges: z.number().int(),
  /** Sum of every ledger entry: zero, or the ledger is broken. */
  ledgerSum: z.number().int(),
  /** The couriers' settlement reports recorded, newest first (the last 20). */
  settlements: z.array(CourierSettlement),
  reconciliation: z.object({
    checkedAt: z.iso.datetime(),
    providers: z.array(z.object({ method: z.string(), checked: z.number().int(), reachable: z.boolean() })),
    differences: z.array(Discrepancy),
  }),
});
export type MoneyOverview = z.infer<typeof MoneyOverview>;

/**
 * POST /admin/courier-settlements (issue 45): a courier's settlement report — the payment invoices it paid PhoneHaat,
 * as its merchant panel exports them (CSV) — recorded in the ledger and reconciled against it.
 */
export const CourierSettlementBody = z.object({
  report: z.string({ message: 'Choose the settlement report (CSV)' }).min(1, { message: 'Choose the settlement report (CSV)' }).max(5_000_000, { message: 'The report is larger than 5 MB: export fewer invoices at a time' }),
});
export type CourierSettlementBody = z.input<typeof CourierSettlementBody>;

/** What recording a report did: the invoices it recorded. */
export const CourierSettlementsRecorded = z.object({ recorded: z.array(CourierSettlement) });
export type CourierSettlementsRecorded = z.infer<typeof CourierSettlementsRecorded>;
