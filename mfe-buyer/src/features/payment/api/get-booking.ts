import type { Booking } from '@phonehaat/shared-api';
import { http } from '@phonehaat/shared-auth';

/** GET /bookings/:id — one of the buyer's own bookings. */
export const getBooking = (id: string) => http.get<Booking>(`/bookings/${encodeURIComponent(id)}`);
