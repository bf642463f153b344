import type { SellerSummary } from '@phonehaat/shared-api';
import { http, useApi } from '@phonehaat/shared-auth';

/** GET /users/allsellers — every seller, newest first, with verified flag and number of listings. */
export const getSellers = () => http.get<SellerSummary[]>('/users/allsellers');

export const useSellers = () => useApi(getSellers, []);
