import { api } from '@phonehaat/shared-auth';

/** One of the buyer's own bookings. */
export const getBooking = (id: string) => api.getBooking({ params: { id } });
