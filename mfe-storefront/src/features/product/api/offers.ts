import type { NewOfferBody } from '@phonehaat/shared-api';
import { api } from '@phonehaat/shared-data';

/** The buyer's offer on a phone open to offers (issue 47): declined at once, politely, below the seller's lowest. */
export const createOffer = (body: NewOfferBody) => api.createOffer({ body });

/** What the buyer's own offers on this phone (the latest first) are read with. */
export const myOffersOn = (productId: string) => ({ query: { productId, as: 'buyer' as const } });
