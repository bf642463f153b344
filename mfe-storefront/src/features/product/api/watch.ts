import { api } from '@phonehaat/shared-data';

/** Told (or no longer) when its price goes down or it is sold. */
export const setWatch = (productId: string, watching: boolean) =>
  (watching ? api.watchProduct : api.unwatchProduct)({ params: { id: productId } });
