import type { ModifiedCount, ReviewPage } from '@phonehaat/shared-api';
import { http, useApi } from '@phonehaat/shared-auth';

/** GET /sellers/:id/reviews — a seller's reviews, newest first (the public list). */
export const useSellerReviews = (sellerId: string, page: number) =>
  useApi(() => http.get<ReviewPage>(`/sellers/${encodeURIComponent(sellerId)}/reviews?page=${page}&limit=10`), [sellerId, page]);

/** DELETE /admin/reviews/:id — hide an abusive review, with the reason the activity log keeps. */
export const removeReview = (reviewId: string, reason: string) => http.delete<ModifiedCount>(`/admin/reviews/${encodeURIComponent(reviewId)}`, { body: { reason } });
