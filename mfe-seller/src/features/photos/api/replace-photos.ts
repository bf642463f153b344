import type { PhotosBody } from '@phonehaat/shared-api';
import { api } from '@phonehaat/shared-data';

/** The listing's photos in order, the first the cover. */
export const replacePhotos = (productId: string, body: PhotosBody) => api.replaceListingPhotos({ params: { id: productId }, body });
