import { api } from '@phonehaat/shared-data';

/** "I received the phone": the held money goes to the seller. */
export const confirmReceived = (bookingId: string) => api.confirmReceived({ params: { id: bookingId } });
