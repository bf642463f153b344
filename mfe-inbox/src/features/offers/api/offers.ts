import type { OfferAnswerBody } from '@phonehaat/shared-api';
import { api } from '@phonehaat/shared-data';

/** What the person's offers are read with: made and received, the latest first. */
export const OFFERS = { query: {} };

/** Accept, decline (a buyer's own offer: withdraw) or counter. */
export const answerOffer = (id: string, body: OfferAnswerBody) => api.answerOffer({ params: { id }, body });
