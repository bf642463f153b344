import type { DeliveryQuote } from '@phonehaat/shared-api';
import { api } from '@phonehaat/shared-data';

/** The courier's fee to a district for this phone, with one total and whether cash on delivery may be chosen. */
export const quoteDelivery = (productId: string, district: string): Promise<DeliveryQuote> => api.quoteDelivery({ query: { productId, district } });
