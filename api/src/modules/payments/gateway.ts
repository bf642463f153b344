import Stripe from 'stripe';
import type { Env } from '../../config/env.ts';
import { conflict } from '../../domain-error.ts';
import type { ConfirmedPayment } from './methods/types.ts';

export interface GatewayIntent {
  id: string;
  clientSecret: string | null;
  status: string;
  /** Minor units (poisha for BDT). */
  amount: number;
  currency: string;
  metadata: Record<string, string>;
}

export interface GatewayRefund {
  id: string;
  amount: number;
  currency: string;
}

export type GatewayEvent = { type: 'payment_intent.succeeded'; intent: GatewayIntent } | { type: 'other'; name: string };

/** The only door to the card processor; the rest of the API never sees Stripe's types. */
export interface PaymentGateway {
  createPaymentIntent(
    input: { amount: number; currency: string; metadata: Record<string, string>; description: string; receiptEmail: string | null },
    idempotencyKey: string,
  ): Promise<GatewayIntent>;
  /** Undefined when Stripe has no such PaymentIntent. */
  retrievePaymentIntent(id: string): Promise<GatewayIntent | undefined>;
  /** Refunds this much of the payment (poisha), or all of it. */
  refund(paymentIntentId: string, idempotencyKey: string, amount?: number): Promise<GatewayRefund>;
  /** Stripe's own records for the reconciliation: succeeded PaymentIntents (with their booking) and refunds. */
  listSettled(): Promise<{ payments: { id: string; amount: number; bookingId: string | undefined }[]; refunds: { id: string; amount: number; paymentIntentId: string }[] }>;
  /** Throws when the signature does not match the raw body. */
  parseWebhook(rawBody: Buffer, signature: string): GatewayEvent;
}

const toIntent = (intent: Stripe.PaymentIntent): GatewayIntent => ({
  id: intent.id,
  clientSecret: intent.client_secret,
  status: intent.status,
  amount: intent.amount,
  currency: intent.currency,
  metadata: intent.metadata,
});

export function createStripeGateway(env: Env): PaymentGateway {
  const stripe = new Stripe(env.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    ...(env.STRIPE_API_HOST ? { host: env.STRIPE_API_HOST } : {}),
    ...(env.STRIPE_API_PORT ? { port: env.STRIPE_API_PORT } : {}),
    ...(env.STRIPE_API_PROTOCOL ? { protocol: env.STRIPE_API_PROTOCOL } : {}),
  });

  return {
    async createPaymentIntent(input, idempotencyKey) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: input.amount,
          currency: input.currency,
          metadata: input.metadata,
          description: input.description,
          ...(input.receiptEmail ? { receipt_email: input.receiptEmail } : {}),
          allowed_payment_method_types: ['card'],
        },
        { idempotencyKey },
      );
      return toIntent(intent);
    },
    async retrievePaymentIntent(id) {
      try {
        return toIntent(await stripe.paymentIntents.retrieve(id));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return undefined;
        throw error;
      }
    },
    async refund(paymentIntentId, idempotencyKey, amount) {
      const refund = await stripe.refunds.create(
        { payment_intent: paymentIntentId, reason: 'duplicate', ...(amount === undefined ? {} : { amount }) },
        { idempotencyKey },
      );
      return { id: refund.id, amount: refund.amount, currency: refund.currency };
    },
    async listSettled() {
      const intents = await stripe.paymentIntents.list({ limit: 100 }).autoPagingToArray({ limit: 10_000 });
      const refunds = await stripe.refunds.list({ limit: 100 }).autoPagingToArray({ limit: 10_000 });
      return {
        payments: intents.filter((intent) => intent.status === 'succeeded').map((intent) => ({ id: intent.id, amount: intent.amount, bookingId: intent.metadata.bookingId })),
        refunds: refunds
          .filter((refund) => refund.status === 'succeeded' && typeof refund.payment_intent === 'string')
          .map((refund) => ({ id: refund.id, amount: refund.amount, paymentIntentId: refund.payment_intent as string })),
      };
    },
    parseWebhook(rawBody, signature) {
      const event = stripe.webhooks.constructEvent(rawBody, signature, env.STRIPE_WEBHOOK_SECRET);
      if (event.type === 'payment_intent.succeeded') return { type: event.type, intent: toIntent(event.data.object) };
      return { type: 'other', name: event.type };
    },
  };
}

/** A succeeded PaymentIntent as the settlement takes any completed payment. */
export function cardPayment(intent: GatewayIntent): ConfirmedPayment {
  if (intent.status !== 'succeeded') throw conflict(`The payment has not succeeded (status: ${intent.status})`);
  return { method: 'card', bookingId: intent.metadata.bookingId ?? '', reference: intent.id, transactionId: intent.id, amount: intent.amount, currency: intent.currency };
}
