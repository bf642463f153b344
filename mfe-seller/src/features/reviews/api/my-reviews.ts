import { api } from '@phonehaat/shared-data';

export const MY_REVIEWS_PAGE_SIZE = 10;

/** What the page of buyers' reviews of the signed-in seller (newest first) is read with. */
export const myReviewsPage = (page: number) => ({ query: { page, limit: MY_REVIEWS_PAGE_SIZE } });

/** The seller answers a review, once. */
export const replyToReview = (reviewId: string, reply: string) => api.replyToReview({ params: { id: reviewId }, body: { reply } });
