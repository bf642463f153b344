import { CreatePaymentIntentBody, PaymentBody, PaymentIntentResponse, PaymentResponse, StripeSignatureHeaders, WebhookResponse } from '@phonehaat/shared-api';
import type { Services } from '../../../services.ts';
import { badRequest, conflict, HttpError } from '../../../errors.ts';
import { cardPayment } from '../gateway.ts';
import { CURRENCY } from '../../../money.ts';
import { assertPayableOnline, poishaDueOnline, type Settlement } from '../settlement.ts';
import { payableBooking } from '../../orders/index.ts';
import { bearerAuth, errors, type ZodApp } from '../../../routes/types.ts';

const PAYABLE = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action', 'processing']);

export async function paymentRoutes(app: ZodApp, services: Services) {
  const { repos, guards, gateway, settle } = services;
  const { bookings } = repos;
  const ownBooking = payableBooking(services);

  const refusal = (settlement: Extract<Settlement, { outcome: 'refunded' }>) => new HttpError(409, settlement.reason);

  app.post(
    '/create-payment-intent',
    {
      preHandler: [guards.authenticate, guards.requirePermission('pay:booking:own')],
      schema: {
        operationId: 'createPaymentIntent',
        tags: ['payments'],
        summary: 'Start paying for a booking; the amount comes from the stored price',
        security: bearerAuth,
        body: CreatePaymentIntentBody,
        response: { 200: PaymentIntentResponse, ...errors(400, 401, 403, 404, 409, 502) },
      },
    },
    async (request) => {
      const booking = await ownBooking(request, request.body.bookingId);
      assertPayableOnline(booking);
      if (!booking.available) throw conflict('This phone is no longer available');
      // The phone's price and, sent by courier and paid online, its delivery fee: from the server's records.
      const amount = poishaDueOnline(booking);

      if (booking.paymentIntentId) {
        const existing = await gateway.retrievePaymentIntent(booking.paymentIntentId);
        if (existing?.status === 'succeeded') {
          // The card was charged but the sale was never recorded (the tab closed): record it now.
          const settlement = await settle(booking._id, cardPayment(existing));
          throw settlement.outcome === 'refunded' ? refusal(settlement) : conflict('This booking is already paid');
        }
        if (existing && existing.clientSecret && existing.amount === amount && PAYABLE.has(existing.status)) {
          return { clientSecret: existing.clientSecret, amount: amount / 100, currency: CURRENCY };
        }
      }

      const intent = await gateway.createPaymentIntent(
        {
          amount,
          currency: CURRENCY,
          description: `PhoneHaat: ${booking.name}`,
          receiptEmail: booking.email,
          metadata: { bookingId: booking._id, productId: booking.productId, buyerId: booking.buyerId },
        },
        // One intent per booking and price, even if the buyer double-clicks or reloads.
        `pi-${booking._id}-${amount}`,
      );
      if (!intent.clientSecret) throw new HttpError(502, 'The payment service returned no client secret');
      await bookings.attachPaymentIntent(booking._id, intent.id);
      return { clientSecret: intent.clientSecret, amount: amount / 100, currency: CURRENCY };
    },
  );

  app.post(
    '/payments',
    {
      preHandler: [guards.authenticate, guards.requirePermission('pay:booking:own')],
      schema: {
        operationId: 'recordPayment',
        'x-rules': ['No such payment', 'This payment belongs to another booking', 'This payment does not belong to this booking'],
        tags: ['payments'],
        summary: 'Record a succeeded card payment (checked with Stripe); repeating it is harmless',
        security: bearerAuth,
        body: PaymentBody,
        response: { 201: PaymentResponse, ...errors(400, 401, 403, 404, 409, 502) },
      },
    },
    async (request, reply) => {
      const { bookingId, transactionId } = request.body;
      await ownBooking(request, bookingId);
      const intent = await gateway.retrievePaymentIntent(transactionId);
      if (!intent) throw badRequest('No such payment', 'transactionId');
      const settlement = await settle(bookingId, cardPayment(intent));
      if (settlement.outcome === 'refunded') throw refusal(settlement);
      return reply.code(201).send({ insertedId: settlement.paymentId, transactionId: settlement.transactionId });
    },
  );

  // Stripe calls this when a card payment succeeds, so a buyer who closed the tab is still recorded.
  await app.register(async (webhooks) => {
    webhooks.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    webhooks.post(
      '/webhooks/stripe',
      {
        config: { rateLimit: false },
        schema: {
          operationId: 'receiveStripeWebhook',
          tags: ['payments'],
          summary: 'Stripe webhook (signature checked)',
          description: 'Called by Stripe, not by the apps. `payment_intent.succeeded` settles its booking; other events are acknowledged and ignored.',
          headers: StripeSignatureHeaders,
          // The raw bytes are read (the signature is over them), so the body is described for the document only.
          'x-body': { contentType: 'application/json', description: 'A Stripe Event object, as Stripe sends it', schema: { type: 'object', required: ['id', 'type', 'data'], properties: { id: { type: 'string' }, type: { type: 'string' }, data: { type: 'object' } } } },
          'x-rules': ['Invalid Stripe signature'],
          response: { 200: WebhookResponse, ...errors(400, 409) },
        },
      },
      async (request) => {
        // Validated by the route's headers schema: present and not empty.
        const signature = String(request.headers['stripe-signature']);
        if (!Buffer.isBuffer(request.body)) throw badRequest('The webhook has no body');
        let event;
        try {
          event = gateway.parseWebhook(request.body, signature);
        } catch {
          throw badRequest('Invalid Stripe signature');
        }
        if (event.type === 'payment_intent.succeeded') {
          const bookingId = event.intent.metadata.bookingId;
          if (bookingId && (await bookings.findById(bookingId))) {
            const settlement = await settle(bookingId, cardPayment(event.intent));
            request.log.info({ bookingId, outcome: settlement.outcome }, 'payment settled from webhook');
          } else {
            request.log.warn({ intent: event.intent.id }, 'webhook for an unknown booking ignored');
          }
        }
        return { received: true as const };
      },
    );
  });
}
