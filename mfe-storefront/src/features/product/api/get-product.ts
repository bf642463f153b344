import { api } from '@phonehaat/shared-auth';

/** One phone, whole, with its seller. */
export const getProduct = (id: string) => api.getProduct({ params: { id } });
