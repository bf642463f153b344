import type { Product } from '@phonehaat/shared-api';
import { http } from '@phonehaat/shared-auth';

/** GET /product/:id/similar — up to four other phones of the brand on sale, nearest in price. */
export const getSimilarProducts = (id: string) => http.get<Product[]>(`/product/${encodeURIComponent(id)}/similar`);
