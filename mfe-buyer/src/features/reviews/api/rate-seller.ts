import type { Inserted, ModifiedCount, ReviewBody } from '@phonehaat/shared-api';
import { http } from '@phonehaat/shared-auth';

/** POST /bookings/:id/review — rate the seller of a paid purchase, once. */
export const rateSeller = (bookingId: string, review: ReviewBody) => http.post<Inserted>(`/bookings/${encodeURIComponent(bookingId)}/review`, review);

/** PUT /reviews/:id — change a review while it may still be changed. */
export const changeReview = (reviewId: string, review: ReviewBody) => http.put<ModifiedCount>(`/reviews/${encodeURIComponent(reviewId)}`, review);
