import type { ListingImei } from '@phonehaat/shared-api';
import { http } from '@phonehaat/shared-auth';

/** PUT /addedproducts/:id/imei — the phone's IMEI given after listing it; answers its last 4 digits. */
export const setImei = (productId: string, imei: string) => http.put<ListingImei>(`/addedproducts/${encodeURIComponent(productId)}/imei`, { imei });
