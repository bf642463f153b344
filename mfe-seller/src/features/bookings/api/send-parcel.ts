import type { Delivery } from '@phonehaat/shared-api';
import { api } from '@phonehaat/shared-data';

/** "Send with the courier": the courier's order from the seller's pickup point to the buyer's address (issue 45). */
export const sendParcel = (bookingId: string): Promise<Delivery> => api.sendParcel({ params: { id: bookingId } });
