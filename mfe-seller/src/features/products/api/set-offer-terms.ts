import type { OfferTermsBody } from '@phonehaat/shared-api';
import { api } from '@phonehaat/shared-data';

/** Opens a listing to offers (with the lowest price the seller takes, never shown) or closes it (open offers declined). */
export const setOfferTerms = (id: string, body: OfferTermsBody) => api.setOfferTerms({ params: { id }, body });
