import { z } from 'zod';
import { Id, Pagination, text } from './common.ts';
import { MAX_REVIEW_TEXT } from './limits.ts';
import { ProductList } from './products.ts';

const comment = z
  .string({ message: 'Comment must be text' })
  .trim()
  .max(MAX_REVIEW_TEXT, { message: `Comment must be at most ${MAX_REVIEW_TEXT} characters` })
  .default('');

/** POST /bookings/:id/review and PUT /reviews/:id: the buyer's stars (1–5) and an optional comment. */
export const ReviewBody = z.object({
  stars: z
    .number({ message: 'Choose 1 to 5 stars' })
    .int({ message: 'Choose 1 to 5 stars' })
    .min(1, { message: 'Choose 1 to 5 stars' })
    .max(5, { message: 'Choose 1 to 5 stars' }),
  comment,
});
export type ReviewBody = z.input<typeof ReviewBody>;

/** POST /reviews/:id/reply: the seller answers a review, once. */
export const ReviewReplyBody = z.object({ reply: text('Reply', 1, MAX_REVIEW_TEXT) });
export type ReviewReplyBody = z.input<typeof ReviewReplyBody>;

/** A review as anyone reads it: the buyer by first name and initial, the phone they bought, the seller's reply. */
export const Review = z.object({
  _id: Id,
  stars: z.number().int().min(1).max(5),
  comment: z.string(),
  buyerName: z.string(),
  productName: z.string(),
  createdAt: z.iso.datetime(),
  /** Set when its buyer changed it. */
  editedAt: z.iso.datetime().nullable(),
  reply: z.string().nullable(),
  repliedAt: z.iso.datetime().nullable(),
});
export type Review = z.infer<typeof Review>;

export const ReviewPageQuery = Pagination.extend({ limit: z.coerce.number().int().min(1).max(50).default(10) });
export const ReviewPage = z.object({
  reviews: z.array(Review),
  total: z.number().int().min(0),
  page: z.number().int(),
  limit: z.number().int(),
});
export type ReviewPage = z.infer<typeof ReviewPage>;

/** A buyer's own review of a purchase, on their booking (null until they rate). */
export const OwnReview = z.object({
  _id: Id,
  stars: z.number().int().min(1).max(5),
  comment: z.string(),
  /** Until when they may change it. */
  editableUntil: z.iso.datetime(),
});
export type OwnReview = z.infer<typeof OwnReview>;

/** GET /sellers/:id: a seller as buyers see them. */
export const SellerProfile = z.object({
  _id: Id,
  name: z.string(),
  verified: z.boolean(),
  /** They proved their phone number with a one-time code (issue 46). */
  phoneVerified: z.boolean(),
  memberSince: z.iso.datetime(),
  phonesSold: z.number().int().min(0),
  /** The average of their reviews' stars, to one decimal; null with no review yet. */
  rating: z.number().nullable(),
  reviewCount: z.number().int().min(0),
});
export type SellerProfile = z.infer<typeof SellerProfile>;

/** DELETE /admin/reviews/:id: why an admin removed a review (the activity log keeps it). */
export const RemoveReviewBody = z.object({ reason: text('Reason', 3, 500) });
export type RemoveReviewBody = z.input<typeof RemoveReviewBody>;

/** GET /sellers/:id/listings: a seller's phones on sale, newest first. */
export const SellerPhonesQuery = Pagination;
export const SellerPhones = z.object({
  products: ProductList,
  total: z.number().int().min(0),
  page: z.number().int(),
  limit: z.number().int(),
});
export type SellerPhones = z.infer<typeof SellerPhones>;
