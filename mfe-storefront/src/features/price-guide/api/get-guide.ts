import type { PriceGuideQuery } from '@phonehaat/shared-api';
import { api } from '@phonehaat/shared-data';

/** What phones of a model, condition and year of purchase sell for (issue 30), for any phone one names. */
export const getGuide = (query: PriceGuideQuery) => api.getPriceGuide({ query });
