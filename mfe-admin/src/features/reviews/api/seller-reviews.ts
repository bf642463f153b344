import { api, useApiQuery } from '@phonehaat/shared-data';

/** A seller's reviews, newest first (the public list). */
export const useSellerReviews = (sellerId: string, page: number) => useApiQuery('listSellerReviews', { params: { id: sellerId }, query: { page, limit: 10 } });

/** Hide an abusive review, with the reason the activity log keeps. */
export const removeReview = (reviewId: string, reason: string) => api.removeReview({ params: { id: reviewId }, body: { reason } });
