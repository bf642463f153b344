import type { OfferAnswerBody } from '@phonehaat/shared-api';
import { api } from '@phonehaat/shared-data';

/** The person's offers, made and received, the latest first. */
export const getOffers = () => api.listOffers({ query: {} });

/** Accept, decline (a buyer's own offer: withdraw) or counter. */
export const answerOffer = (id: string, body: OfferAnswerBody) => api.answerOffer({ params: { id }, body });
