import { api } from '@phonehaat/shared-data';

/** What phones of this one's model, condition and year sell for (issue 30). */
export const getProductPriceGuide = (id: string) => api.getProductPriceGuide({ params: { id } });
