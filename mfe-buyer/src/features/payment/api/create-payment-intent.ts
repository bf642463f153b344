import { api } from '@phonehaat/shared-data';

/** The server prices the booking itself and returns the card form's client secret. */
export const createPaymentIntent = (bookingId: string) => api.createPaymentIntent({ body: { bookingId } });
