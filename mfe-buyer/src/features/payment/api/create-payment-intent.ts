import type { PaymentIntentResponse } from '@phonehaat/shared-api';
import { http } from '@phonehaat/shared-auth';

/** POST /create-payment-intent — the server prices the booking itself and returns the card form's client secret. */
export const createPaymentIntent = (bookingId: string) => http.post<PaymentIntentResponse>('/create-payment-intent', { bookingId });
