import type { ProductPage } from '@phonehaat/shared-api';
import { http } from '@phonehaat/shared-auth';

export const PAGE_SIZE = 12;

/** GET /products/:categoryId — one page of a brand's phones on sale. */
export const getBrandProducts = (brandId: string, page = 1, limit = PAGE_SIZE) =>
  http.get<ProductPage>(`/products/${encodeURIComponent(brandId)}?page=${page}&limit=${limit}`);
