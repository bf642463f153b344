import type { Product } from '@phonehaat/shared-api';
import { http, useApi } from '@phonehaat/shared-auth';

/** GET /advertised — phones their sellers advertise, still on sale, newest first. */
export const getAdvertised = (limit = 12) => http.get<Product[]>(`/advertised?limit=${limit}`);

export const useAdvertised = () => useApi(() => getAdvertised(), []);
