import { api, useApi } from '@phonehaat/shared-data';

export const MY_REVIEWS_PAGE_SIZE = 10;

/** What buyers said of the signed-in seller, newest first. */
export const getMyReviews = (page: number) => api.listMyReviews({ query: { page, limit: MY_REVIEWS_PAGE_SIZE } });
export const useMyReviews = (page: number) => useApi(() => getMyReviews(page), [page]);

/** The seller answers a review, once. */
export const replyToReview = (reviewId: string, reply: string) => api.replyToReview({ params: { id: reviewId }, body: { reply } });
