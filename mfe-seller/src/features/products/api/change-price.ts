import { api } from '@phonehaat/shared-data';

/** A new asking price; a lower one tells whoever watches the phone. */
export const changePrice = (productId: string, resalePrice: number) => api.changeProductPrice({ params: { id: productId }, body: { resalePrice } });
