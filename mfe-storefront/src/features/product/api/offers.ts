import type { NewOfferBody } from '@phonehaat/shared-api';
import { api } from '@phonehaat/shared-data';

/** The buyer's offer on a phone open to offers (issue 47): declined at once, politely, below the seller's lowest. */
export const createOffer = (body: NewOfferBody) => api.createOffer({ body });

/** The buyer's own offers on this phone, the latest first. */
export const getMyOffers = (productId: string) => api.listOffers({ query: { productId, as: 'buyer' } });
