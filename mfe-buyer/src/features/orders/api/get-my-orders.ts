import type { Booking } from '@phonehaat/shared-api';
import { http, useApi } from '@phonehaat/shared-auth';

/** GET /bookeditems?email= — the signed-in buyer's bookings, each with its paid and still-available flags. */
export const getMyOrders = (email: string) => http.get<Booking[]>(`/bookeditems?email=${encodeURIComponent(email)}`);

export const useMyOrders = (email: string) => useApi(() => getMyOrders(email), [email]);
