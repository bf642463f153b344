import type { Product } from '@phonehaat/shared-api';
import { http, useApi, type ApiState } from '@phonehaat/shared-auth';
import { homePaths } from './paths';

/** GET /advertised — phones their sellers advertise, still on sale, newest first. */
export const getAdvertised = () => http.get<Product[]>(homePaths.advertised);

export const useAdvertised = (settled?: ApiState<Product[]>) => useApi(() => getAdvertised(), [], settled);
