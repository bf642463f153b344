import type { Booking } from '@phonehaat/shared-api';
import { http } from '@phonehaat/shared-auth';

/** POST /bookings/:id/received — "I received the phone": the held money goes to the seller. */
export const confirmReceived = (bookingId: string) => http.post<Booking>(`/bookings/${bookingId}/received`);
