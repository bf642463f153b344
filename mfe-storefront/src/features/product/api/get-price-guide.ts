import type { PriceGuide } from '@phonehaat/shared-api';
import { http } from '@phonehaat/shared-auth';

/** GET /product/:id/price-guide — what phones of this one's model, condition and year sell for (issue 30). */
export const getProductPriceGuide = (id: string) => http.get<PriceGuide>(`/product/${encodeURIComponent(id)}/price-guide`);
