import { api } from '@phonehaat/shared-auth';

/** What phones of this one's model, condition and year sell for (issue 30). */
export const getProductPriceGuide = (id: string) => api.getProductPriceGuide({ params: { id } });
