import type { PaymentResponse } from '@phonehaat/shared-api';
import { http } from '@phonehaat/shared-auth';

/** POST /payments — the server checks the PaymentIntent with Stripe, then records the sale once. */
export const recordPayment = (bookingId: string, transactionId: string) => http.post<PaymentResponse>('/payments', { bookingId, transactionId });
