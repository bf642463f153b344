import { api } from '@phonehaat/shared-data';

/** Whether the person watches this phone. */
export const getWatch = (productId: string) => api.getWatch({ params: { id: productId } });

/** Told (or no longer) when its price goes down or it is sold. */
export const setWatch = (productId: string, watching: boolean) =>
  (watching ? api.watchProduct : api.unwatchProduct)({ params: { id: productId } });
