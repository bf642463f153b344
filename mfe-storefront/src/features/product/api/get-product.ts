import { api } from '@phonehaat/shared-data';

/** One phone, whole, with its seller. */
export const getProduct = (id: string) => api.getProduct({ params: { id } });
