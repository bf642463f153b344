import { z } from 'zod';
import { Delivery, DeliveryAddress, DeliveryQuote, DeliveryQuoteQuery, IdParams, MaybePickup, Pickup } from '@phonehaat/shared-api';
import { COURIERS } from '../courier/index.ts';
import { notFound } from '../../../errors.ts';
import { buyerPrice } from '../../offers/index.ts';
import { actorOf } from '../../../plugins/auth.ts';
import type { Services } from '../../../services.ts';
import { bearerAuth, errors, type ZodApp } from '../../../routes/types.ts';

/** The couriers PhoneHaat has a module for (api/src/courier/index.ts); the one configured answers its webhooks. */
const CourierParams = z.object({ courier: z.enum(COURIERS, { message: `courier must be ${COURIERS.join(' or ')}` }) });
const WebhookAnswer = z.object({ message: z.string() });


/** Courier delivery (issue 45): the fee before booking, the seller's pickup point, sending, the parcel's steps, the courier's webhooks. */
export async function deliveryRoutes(app: ZodApp, services: Services) {
  courierSetupRoutes(app, services);
  await parcelRoutes(app, services);
}

/** The courier's quote and a seller's pickup address. */
function courierSetupRoutes(app: ZodApp, { guards, delivery, repos, cache }: Services) {
  app.get(
    '/delivery/quote',
    {
      preHandler: [guards.authenticate, guards.requirePermission('create:booking')],
      schema: {
        operationId: 'quoteDelivery',
        tags: ['delivery'],
        summary: "The courier's fee to a district for a phone, its total with the phone, and whether cash on delivery may be chosen",
        security: bearerAuth,
        querystring: DeliveryQuoteQuery,
        response: { 200: DeliveryQuote, ...errors(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => {
      const product = await repos.catalog.findProduct(request.query.productId);
      if (!product) throw notFound('Product');
      const buyer = actorOf(request);
      // The agreed price when the phone is kept for this buyer (issue 65); refused when kept for another.
      return delivery.quote(buyer.id, product, request.query.district, await buyerPrice(repos.offers, product, buyer.id));
    },
  );

  app.get(
    '/pickup-address',
    {
      preHandler: [guards.authenticate, guards.requirePermission('manage:pickup:own')],
      schema: {
        operationId: 'getPickupAddress',
        tags: ['delivery'],
        summary: "Where the courier collects the calling seller's parcels (null: nowhere yet, so their phones are met in person)",
        security: bearerAuth,
        response: { 200: MaybePickup, ...errors(401, 403) },
      },
    },
    async (request) => delivery.pickup(actorOf(request).id),
  );

  app.put(
    '/pickup-address',
    {
      preHandler: [guards.authenticate, guards.requirePermission('manage:pickup:own')],
      config: { rateLimit: { max: 20, timeWindow: '1 hour', hook: 'preHandler', keyGenerator: (request) => `pickup:${actorOf(request).id}` } },
      schema: {
        operationId: 'setPickupAddress',
        tags: ['delivery'],
        summary: "Keeps where the courier collects the calling seller's parcels (made the seller's pickup point on the courier)",
        security: bearerAuth,
        body: DeliveryAddress,
        response: { 200: Pickup, ...errors(400, 401, 403, 429, 503) },
      },
    },
    async (request) => {
      const kept = await delivery.savePickup(actorOf(request).id, request.body);
      // The seller's cards now offer courier delivery (Product.courier).
      cache.clear();
      return kept;
    },
  );
}

/** A booking's parcel: read, sent with the courier. */
async function parcelRoutes(app: ZodApp, { guards, delivery, env }: Services) {
  app.get(
    '/bookings/:id/delivery',
    {
      preHandler: [guards.authenticate, guards.requirePermission('read:delivery:own')],
      schema: {
        operationId: 'getDelivery',
        tags: ['delivery'],
        summary: "A courier booking's address, fee and parcel with its steps, for its buyer and its seller",
        security: bearerAuth,
        params: IdParams,
        response: { 200: Delivery, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => delivery.view(actorOf(request).id, request.params.id),
  );

  app.post(
    '/bookings/:id/parcel',
    {
      preHandler: [guards.authenticate, guards.requirePermission('send:parcel:own')],
      schema: {
        operationId: 'sendParcel',
        tags: ['delivery'],
        summary: "Send with the courier: the seller's courier booking becomes a parcel from their pickup point to the buyer",
        security: bearerAuth,
        params: IdParams,
        response: { 201: Delivery, ...errors(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request, reply) => reply.code(201).send(await delivery.send(actorOf(request).id, request.params.id)),
  );

  // The courier's webhook is read as text: its secret is checked before its body is parsed.
  await app.register(async (webhooks) => {
    webhooks.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    webhooks.post(
      '/webhooks/:courier',
      {
        config: { rateLimit: false },
        schema: {
          operationId: 'receiveCourierWebhook',
          tags: ['delivery'],
          summary: "A courier's webhook (its secret checked first): a parcel's step, or the courier's integration check",
          description: 'Called by the courier (Pathao: X-PATHAO-Signature), not by the apps. A step is applied once and never moves a parcel back.',
          params: CourierParams,
          'x-body': { contentType: 'application/json', description: "The courier's event, as it sends it", schema: { type: 'object' } },
          'x-rules': ['The webhook is not JSON', 'The webhook has no valid timestamp', 'The webhook is too old to be believed: a replay is refused'],
          response: { 202: WebhookAnswer, ...errors(400, 401, 404) },
        },
      },
      async (request, reply) => {
        if ((request.params as z.infer<typeof CourierParams>).courier !== env.COURIER) throw notFound('Courier');
        const answer = await delivery.webhook(request.headers as Record<string, string | undefined>, typeof request.body === 'string' ? request.body : '');
        return reply.code(202).headers(answer.headers).send(answer.body);
      },
    );
  });
}
