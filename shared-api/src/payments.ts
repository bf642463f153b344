import { z } from 'zod';
import { Id } from './common.js';

export const CreatePaymentIntentBody = z.object({ bookingId: Id });
export type CreatePaymentIntentBody = z.infer<typeof CreatePaymentIntentBody>;

export const PaymentIntentResponse = z.object({
  clientSecret: z.string(),
  /** What the card will be charged, in whole Taka, as the server computed it. */
  amount: z.number().int(),
  currency: z.literal('bdt'),
});
export type PaymentIntentResponse = z.infer<typeof PaymentIntentResponse>;

export const PaymentBody = z.object({
  bookingId: Id,
  transactionId: z
    .string()
    .trim()
    .regex(/^pi_[A-Za-z0-9]{8,64}$/, { message: 'transactionId must be a Stripe PaymentIntent id' }),
});
export type PaymentBody = z.infer<typeof PaymentBody>;

export const PaymentResponse = z.object({ insertedId: Id, transactionId: z.string() });
export type PaymentResponse = z.infer<typeof PaymentResponse>;

export const WebhookResponse = z.object({ received: z.literal(true) });
