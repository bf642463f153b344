import type { ProductDetail } from '@phonehaat/shared-api';
import { http } from '@phonehaat/shared-auth';

/** GET /product/:id — one phone, whole, with its seller. */
export const getProduct = (id: string) => http.get<ProductDetail>(`/product/${encodeURIComponent(id)}`);
