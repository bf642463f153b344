import type { Booking } from '@phonehaat/shared-api';
import { http, useApi, type ApiState } from '@phonehaat/shared-auth';

/** GET /bookeditems?email= — the signed-in buyer's bookings, each with its paid and still-available flags. */
export const getMyOrders = (email: string) => http.get<Booking[]>(`/bookeditems?email=${encodeURIComponent(email)}`);

/** With `settled`, what the page's loader already fetched. */
export const useMyOrders = (email: string, settled?: ApiState<Booking[]>) => useApi(() => getMyOrders(email), [email], settled);
