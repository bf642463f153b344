import type { ModifiedCount, ReviewPage } from '@phonehaat/shared-api';
import { http, useApi } from '@phonehaat/shared-auth';

export const MY_REVIEWS_PAGE_SIZE = 10;

/** GET /me/reviews — what buyers said of the signed-in seller, newest first. */
export const getMyReviews = (page: number) => http.get<ReviewPage>(`/me/reviews?page=${page}&limit=${MY_REVIEWS_PAGE_SIZE}`);
export const useMyReviews = (page: number) => useApi(() => getMyReviews(page), [page]);

/** POST /reviews/:id/reply — the seller answers a review, once. */
export const replyToReview = (reviewId: string, reply: string) => http.post<ModifiedCount>(`/reviews/${encodeURIComponent(reviewId)}/reply`, { reply });
