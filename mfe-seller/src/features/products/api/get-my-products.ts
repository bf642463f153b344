import { api, useApi } from '@phonehaat/shared-data';

/** The seller's own listings, sold ones included. */
/** The seller's own listings (an account made by phone has no address: the API takes the caller's own). */
export const getMyProducts = (email: string) => api.listMyProducts({ query: email ? { email } : {} });

export const useMyProducts = (email: string) => useApi(() => getMyProducts(email), [email]);
