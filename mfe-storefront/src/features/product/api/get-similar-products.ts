import { api } from '@phonehaat/shared-data';

/** Up to four other phones of the brand on sale, nearest in price. */
export const getSimilarProducts = (id: string) => api.getSimilarProducts({ params: { id } });
