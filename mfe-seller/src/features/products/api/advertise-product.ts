import { api } from '@phonehaat/shared-data';

/** Puts an available phone among the home page's Advertised Items. */
export const advertiseProduct = (id: string) => api.advertiseProduct({ body: { id } });
