import type { ListingBooking } from '@phonehaat/shared-api';
import { http, useApi } from '@phonehaat/shared-auth';

/** GET /addedproducts/:id/bookings — who booked this listing, and who paid. */
export const getListingBookings = (productId: string) => http.get<ListingBooking[]>(`/addedproducts/${productId}/bookings`);

export const useListingBookings = (productId: string) => useApi(() => getListingBookings(productId), [productId]);
