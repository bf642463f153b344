import { api, useApi } from '@phonehaat/shared-auth';

/** The seller's own listings, sold ones included. */
export const getMyProducts = (email: string) => api.listMyProducts({ query: { email } });

export const useMyProducts = (email: string) => useApi(() => getMyProducts(email), [email]);
