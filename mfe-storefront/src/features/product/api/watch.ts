import type { Watching } from '@phonehaat/shared-api';
import { http } from '@phonehaat/shared-auth';

/** GET /product/:id/watch — whether the person watches this phone. */
export const getWatch = (productId: string) => http.get<Watching>(`/product/${encodeURIComponent(productId)}/watch`);

/** PUT or DELETE /product/:id/watch — told (or no longer) when its price goes down or it is sold. */
export const setWatch = (productId: string, watching: boolean) =>
  watching ? http.put<Watching>(`/product/${encodeURIComponent(productId)}/watch`) : http.delete<Watching>(`/product/${encodeURIComponent(productId)}/watch`);
