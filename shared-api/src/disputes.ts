import { z } from 'zod';
import { HandoverComparison, NeirRecord } from './device-checks.ts';
import { Id, Pagination, text } from './common.ts';
import { DISPUTE_REASONS, MAX_DISPUTE_PHOTOS, MAX_REPORT_NOTE } from './limits.ts';

export { DISPUTE_REASONS };
import { PaidWith } from './payments.ts';
import { BangladeshMobile } from './delivery.ts';
import { PhoneConfirmation } from './phone.ts';

export const DisputeReason = z.enum(DISPUTE_REASONS, { message: `reason must be one of: ${DISPUTE_REASONS.join(', ')}` });
export type DisputeReason = z.infer<typeof DisputeReason>;

/** POST /bookings/:id/dispute: the buyer, while the money is held. Photos uploaded first (POST /uploads), by id. */
export const NewDisputeBody = z.object({
  reason: DisputeReason,
  note: z.string().trim().max(MAX_REPORT_NOTE, { message: `Note must be at most ${MAX_REPORT_NOTE} characters` }).default(''),
  photoIds: z
    .array(z.uuid({ message: 'photoIds must be photo ids' }))
    .max(MAX_DISPUTE_PHOTOS, { message: `At most ${MAX_DISPUTE_PHOTOS} photos` })
    .refine((ids) => new Set(ids).size === ids.length, { message: 'A photo is given twice' })
    .default([]),
});
export type NewDisputeBody = z.input<typeof NewDisputeBody>;

export const DisputeStatus = z.enum(['open', 'refunding', 'refunded', 'released']);
export type DisputeStatus = z.infer<typeof DisputeStatus>;

/** The wallets a cash sale's refund can be sent to (issue 69): the buyer names one they can take money on. */
export const REFUND_WALLETS = ['bkash', 'nagad'] as const;
export const RefundWalletMethod = z.enum(REFUND_WALLETS, { message: 'Choose bKash or Nagad' });
export type RefundWalletMethod = z.infer<typeof RefundWalletMethod>;

/**
 * Where a cash sale's refund goes: the wallet and number the buyer named, confirmed by a code to their verified phone,
 * or (none named) bKash on the number the parcel was delivered to.
 */
export const RefundTo = z.object({
  method: RefundWalletMethod,
  number: z.string(),
  chosenByBuyer: z.boolean(),
  confirmedAt: z.iso.datetime().nullable(),
  /** When sending the refund to this wallet last failed (no account on the number): the buyer names another. */
  failedAt: z.iso.datetime().nullable(),
});
export type RefundTo = z.infer<typeof RefundTo>;

/**
 * PUT /bookings/:id/dispute/refund-wallet: the buyer of a disputed cash sale names the wallet its refund goes to, with a
 * fresh code sent to their verified phone number (POST /me/phone/confirmation), typed back.
 */
export const RefundWalletBody = z.object({
  method: RefundWalletMethod,
  number: BangladeshMobile,
  confirmation: PhoneConfirmation,
});
export type RefundWalletBody = z.input<typeof RefundWalletBody>;

/** A dispute as its buyer and seller see it. */
export const Dispute = z.object({
  _id: Id,
  reason: DisputeReason,
  note: z.string(),
  /** Each photo's URL (800 px wide). */
  photos: z.array(z.string()),
  status: DisputeStatus,
  /** The admin's reason, which both sides see once decided. */
  decisionReason: z.string().nullable(),
  createdAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
  /** A sale paid in cash at the door: where its refund goes (a card's or a wallet's goes back the way it came). */
  refundTo: RefundTo.nullable(),
});
export type Dispute = z.infer<typeof Dispute>;

/** GET /disputes: one case in the admin's queue. Amounts in poisha. */
export const DisputeCase = Dispute.extend({
  bookingId: Id,
  amount: z.number().int(),
  method: PaidWith,
  transactionId: z.string(),
  product: z.object({ _id: Id, name: z.string(), img: z.string() }),
  buyer: z.object({ _id: Id, name: z.string(), email: z.string().nullable() }),
  seller: z.object({ _id: Id, name: z.string(), email: z.string().nullable() }),
  decidedBy: z.string().nullable(),
  /** "Not the phone that was tested" (issue 68): the handover's comparison with the listing's check. */
  comparison: HandoverComparison.nullish(),
  /** NEIR at the handover (issue 68): what each side recorded. */
  neir: NeirRecord.nullish(),
});
export type DisputeCase = z.infer<typeof DisputeCase>;

export const DisputesQuery = Pagination.extend({
  status: z.enum(['open', 'decided'], { message: 'status must be open or decided' }).default('open'),
});
export type DisputesQuery = z.input<typeof DisputesQuery>;

export const DisputePage = z.object({
  cases: z.array(DisputeCase),
  total: z.number().int().min(0),
  page: z.number().int(),
  limit: z.number().int(),
  /** Disputes waiting for an admin, for the drawer's badge. */
  openCount: z.number().int().min(0),
});
export type DisputePage = z.infer<typeof DisputePage>;

/** POST /disputes/:id/decision: the admin refunds the buyer or releases the money to the seller, saying why. */
export const DisputeDecisionBody = z.object({
  outcome: z.enum(['refund', 'release'], { message: 'outcome must be refund or release' }),
  reason: text('Reason', 3, MAX_REPORT_NOTE),
});
export type DisputeDecisionBody = z.input<typeof DisputeDecisionBody>;

/** What an admin's decision did: the buyer refunded or the money released to the seller. */
export const DisputeDecided = z.object({ status: z.enum(['refunded', 'released']) });
export type DisputeDecided = z.infer<typeof DisputeDecided>;
