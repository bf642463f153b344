import type { NewProductBody } from '@phonehaat/shared-api';
import { api } from '@phonehaat/shared-data';

/** The seller is the signed-in user; the server takes their name and email from the token. */
export const addProduct = (product: NewProductBody) => api.createProduct({ body: product });
