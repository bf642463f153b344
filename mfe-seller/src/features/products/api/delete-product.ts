import { api } from '@phonehaat/shared-data';

/** Removes the listing; a sold phone's order history stays. */
export const deleteProduct = (id: string) => api.deleteProduct({ params: { id } });
