import { api } from '@phonehaat/shared-data';

/** The server checks the PaymentIntent with Stripe, then records the sale once. */
export const recordPayment = (bookingId: string, transactionId: string) => api.recordPayment({ body: { bookingId, transactionId } });
