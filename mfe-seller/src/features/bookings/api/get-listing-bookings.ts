import { api, useApi } from '@phonehaat/shared-data';

/** Who booked this listing, and who paid. */
export const getListingBookings = (productId: string) => api.listListingBookings({ params: { id: productId } });

export const useListingBookings = (productId: string) => useApi(() => getListingBookings(productId), [productId]);
