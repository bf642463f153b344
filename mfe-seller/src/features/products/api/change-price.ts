import { http } from '@phonehaat/shared-auth';

/** PUT /addedproducts/:id/price — a new asking price; a lower one tells whoever watches the phone. */
export const changePrice = (productId: string, resalePrice: number) =>
  http.put<{ _id: string; resalePrice: number }>(`/addedproducts/${encodeURIComponent(productId)}/price`, { resalePrice });
