import type { ReviewBody } from '@phonehaat/shared-api';
import { api } from '@phonehaat/shared-data';

/** Rate the seller of a paid purchase, once. */
export const rateSeller = (bookingId: string, review: ReviewBody) => api.createReview({ params: { id: bookingId }, body: review });

/** Change a review while it may still be changed. */
export const changeReview = (reviewId: string, review: ReviewBody) => api.updateReview({ params: { id: reviewId }, body: review });
