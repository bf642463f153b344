import { api } from '@phonehaat/shared-data';

/** The phone's IMEI given after listing it; answers its last 4 digits. */
export const setImei = (productId: string, imei: string) => api.setListingImei({ params: { id: productId }, body: { imei } });
