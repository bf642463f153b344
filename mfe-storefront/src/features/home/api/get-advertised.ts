import type { Product } from '@phonehaat/shared-api';
import { api, useApi, type ApiState } from '@phonehaat/shared-data';
import { advertisedQuery } from './advertised-query';

/** Phones their sellers advertise, still on sale, newest first. */
export const getAdvertised = () => api.listAdvertised({ query: advertisedQuery });

export const useAdvertised = (settled?: ApiState<Product[]>) => useApi(() => getAdvertised(), [], settled);
