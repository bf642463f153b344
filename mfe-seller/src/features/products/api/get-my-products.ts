import type { SellerListing } from '@phonehaat/shared-api';
import { http, useApi } from '@phonehaat/shared-auth';

/** GET /addedproducts?email= — the seller's own listings, sold ones included. */
export const getMyProducts = (email: string) => http.get<SellerListing[]>(`/addedproducts?email=${encodeURIComponent(email)}`);

export const useMyProducts = (email: string) => useApi(() => getMyProducts(email), [email]);
