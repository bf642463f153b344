import { z } from 'zod';
import { Id, Taka } from './common.ts';

/**
 * Bargaining (issue 47): a buyer's offer on a listing open to offers, the seller's answer, at most three rounds
 * (offer, counter, counter), each answered within a set time; an accepted one is the buyer's price for a while.
 */
export const MAX_OFFER_ROUNDS = 3;
export const MAX_OFFER_NOTE = 300;

const note = z.string().trim().max(MAX_OFFER_NOTE, { message: `A note must be at most ${MAX_OFFER_NOTE} characters` }).default('');

/** POST /offers: the amount in whole taka (the form reads Bangla digits too), below or at the asking price. */
export const NewOfferBody = z.object({ productId: Id, amount: Taka, note });
export type NewOfferBody = z.input<typeof NewOfferBody>;

export const OfferAction = z.enum(['accept', 'decline', 'counter'], { message: 'Choose accept, decline or counter' });
export type OfferAction = z.infer<typeof OfferAction>;

/** POST /offers/:id/answer: a counter names its amount. */
export const OfferAnswerBody = z
  .object({ action: OfferAction, amount: Taka.optional(), note })
  .refine((answer) => answer.action !== 'counter' || answer.amount !== undefined, { path: ['amount'], message: 'A counter-offer needs an amount' });
export type OfferAnswerBody = z.input<typeof OfferAnswerBody>;

export const OfferStatus = z.enum(['open', 'accepted', 'declined', 'expired', 'withdrawn', 'lapsed']);
export type OfferStatus = z.infer<typeof OfferStatus>;
export const OfferStepAction = z.enum(['offered', 'countered', 'accepted', 'declined', 'expired', 'withdrawn', 'lapsed', 'sold-elsewhere']);
export type OfferStepAction = z.infer<typeof OfferStepAction>;
export const OfferSide = z.enum(['buyer', 'seller']);
export type OfferSide = z.infer<typeof OfferSide>;

export const OfferStep = z.object({
  /** Who took it: a side, or PhoneHaat (an expiry, a lowest price, a sale to someone else). */
  by: z.enum(['buyer', 'seller', 'phonehaat']),
  action: OfferStepAction,
  amount: z.number().int().nullable(),
  note: z.string(),
  at: z.iso.datetime(),
});
export type OfferStep = z.infer<typeof OfferStep>;

/** An offer as either side sees it (the seller's lowest price is never in it). */
export const Offer = z.object({
  _id: Id,
  productId: Id,
  productName: z.string(),
  img: z.string(),
  /** The listing's asking price now. */
  askingPrice: z.number().int(),
  buyerName: z.string(),
  sellerName: z.string(),
  /** The amount on the table: the last offer or counter (the agreed price once accepted). */
  amount: z.number().int(),
  round: z.number().int().min(1).max(MAX_OFFER_ROUNDS),
  status: OfferStatus,
  /** Whose answer it waits for, while open. */
  turn: OfferSide,
  /** The caller's side. */
  yourSide: OfferSide,
  expiresAt: z.iso.datetime(),
  /** Accepted: the phone is kept for its buyer until then. */
  reservedUntil: z.iso.datetime().nullable(),
  steps: z.array(OfferStep),
  createdAt: z.iso.datetime(),
});
export type Offer = z.infer<typeof Offer>;
export const OfferList = z.array(Offer);

/** GET /offers: as a buyer, as a seller, or on one listing (its seller, or its buyer's own). */
export const OffersQuery = z.object({ as: OfferSide.optional(), productId: Id.optional() });
export type OffersQuery = z.infer<typeof OffersQuery>;

/** PUT /addedproducts/:id/offers: open a listing to offers, with the lowest price the seller takes (never shown). */
export const OfferTermsBody = z.object({
  openToOffers: z.boolean({ message: 'Say whether the phone is open to offers' }),
  lowestOffer: Taka.nullable().default(null),
});
export type OfferTermsBody = z.input<typeof OfferTermsBody>;
export const OfferTerms = z.object({ _id: Id, openToOffers: z.boolean(), lowestOffer: z.number().int().nullable() });
export type OfferTerms = z.infer<typeof OfferTerms>;
