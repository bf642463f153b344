import type { Booking } from '@phonehaat/shared-api';
import { api, useApi, type ApiState } from '@phonehaat/shared-data';

/** The signed-in buyer's bookings, each with its paid and still-available flags. */
/** The caller's bookings (an account made by phone has no address: the API takes the caller's own). */
export const getMyOrders = (email: string) => api.listMyBookings({ query: email ? { email } : {} });

/** With `settled`, what the page's loader already fetched. */
export const useMyOrders = (email: string, settled?: ApiState<Booking[]>) => useApi(() => getMyOrders(email), [email], settled);
