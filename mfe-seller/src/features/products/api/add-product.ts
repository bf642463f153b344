import type { Inserted, NewProductBody } from '@phonehaat/shared-api';
import { http } from '@phonehaat/shared-auth';

/** POST /addedproducts — the seller is the signed-in user; the server takes their name and email from the token. */
export const addProduct = (product: NewProductBody) => http.post<Inserted>('/addedproducts', product);
