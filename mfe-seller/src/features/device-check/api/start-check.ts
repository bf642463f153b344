import { api } from '@phonehaat/shared-data';

/** A link that opens this listing's check on the phone itself, once, within 15 minutes (issue 68). */
export const startCheck = (productId: string) => api.startDeviceCheck({ params: { id: productId } });
