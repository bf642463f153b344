import type { Acknowledged } from '@phonehaat/shared-api';
import { http } from '@phonehaat/shared-auth';

/** POST /advertisedproducts — puts an available phone among the home page's Advertised Items. */
export const advertiseProduct = (id: string) => http.post<Acknowledged>('/advertisedproducts', { id });
