import type { ListingPhotos, PhotosBody } from '@phonehaat/shared-api';
import { http } from '@phonehaat/shared-auth';

/** PUT /addedproducts/:id/photos — the listing's photos in order, the first the cover. */
export const replacePhotos = (productId: string, body: PhotosBody) => http.put<ListingPhotos>(`/addedproducts/${productId}/photos`, body);
