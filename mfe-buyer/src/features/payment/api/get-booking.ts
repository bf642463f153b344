import { api } from '@phonehaat/shared-data';

/** One of the buyer's own bookings. */
export const getBooking = (id: string) => api.getBooking({ params: { id } });
