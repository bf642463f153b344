import type { BuyerSummary } from '@phonehaat/shared-api';
import { http, useApi } from '@phonehaat/shared-auth';

/** GET /users/allbuyers — every buyer, newest first, with their number of bookings. */
export const getBuyers = () => http.get<BuyerSummary[]>('/users/allbuyers');

export const useBuyers = () => useApi(getBuyers, []);
