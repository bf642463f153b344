import { IdParams, NewOfferBody, Offer, OfferAnswerBody, OfferList, OffersQuery, OfferTerms, OfferTermsBody } from '@phonehaat/shared-api';
import { BELOW_LOWEST } from '../negotiation.ts';
import { actorOf } from '../../../plugins/auth.ts';
import type { Services } from '../../../services.ts';
import { bearerAuth, errors, type ZodApp } from '../../../routes/types.ts';

/** Bargaining (issue 47): offers, their answers, and a listing's terms; the rules are the negotiation's (offers/negotiation.ts). */
export async function offerRoutes(app: ZodApp, services: Services) {
  offerMakingRoutes(app, services);
  offerAnswerRoutes(app, services);
}

/** Making an offer, and reading the caller's. */
function offerMakingRoutes(app: ZodApp, { guards, negotiation }: Services) {
  app.post(
    '/offers',
    {
      preHandler: [guards.authenticate, guards.requirePermission('create:offer'), guards.requireVerifiedPhone],
      schema: {
        operationId: 'createOffer',
        tags: ['offers'],
        summary: "Offer an amount for a phone open to offers: below its seller's lowest it is declined at once, politely",
        'x-rules': ['An offer cannot be above the asking price', 'You cannot make an offer on your own phone', 'This phone is not open to offers', BELOW_LOWEST],
        security: bearerAuth,
        body: NewOfferBody,
        response: { 201: Offer, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const buyer = actorOf(request);
      const made = await negotiation.make(buyer, request.body);
      return reply.code(201).send(await negotiation.one(buyer.id, made.id));
    },
  );

  app.get(
    '/offers',
    {
      preHandler: [guards.authenticate, guards.requirePermission('read:offer:own')],
      schema: {
        operationId: 'listOffers',
        tags: ['offers'],
        summary: "The caller's offers, made and received (or one side's, or one listing's), the latest first",
        security: bearerAuth,
        querystring: OffersQuery,
        response: { 200: OfferList, ...errors(400, 401, 403) },
      },
    },
    async (request) => negotiation.list(actorOf(request).id, request.query),
  );

  app.get(
    '/offers/:id',
    {
      preHandler: [guards.authenticate, guards.requirePermission('read:offer:own')],
      schema: {
        operationId: 'getOffer',
        tags: ['offers'],
        summary: 'One offer the caller made or received, with its steps',
        security: bearerAuth,
        params: IdParams,
        response: { 200: Offer, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const offer = await negotiation.one(actorOf(request).id, request.params.id);
      return offer;
    },
  );
}

/** Answering an offer, and a seller's terms for offers on a listing. */
function offerAnswerRoutes(app: ZodApp, { guards, negotiation }: Services) {
  app.post(
    '/offers/:id/answer',
    {
      preHandler: [guards.authenticate, guards.requirePermission('answer:offer:own')],
      schema: {
        operationId: 'answerOffer',
        tags: ['offers'],
        summary: 'Accept, decline or counter an offer (its side whose turn it is; a buyer may withdraw theirs); three rounds at most',
        'x-rules': [
          'This offer has expired',
          'This offer was already answered',
          'This offer waits for the other side to answer',
          'This is the last round: accept or decline it',
          'An offer cannot be above the asking price',
          "A counter-offer must be above the buyer's offer",
          "A counter-offer must be below the seller's",
        ],
        security: bearerAuth,
        params: IdParams,
        body: OfferAnswerBody,
        response: { 200: Offer, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await negotiation.answer(actor, request.params.id, request.body);
      return negotiation.one(actor.id, request.params.id);
    },
  );

  app.put(
    '/addedproducts/:id/offers',
    {
      preHandler: [guards.authenticate, guards.requirePermission('update:product:own')],
      schema: {
        operationId: 'setOfferTerms',
        tags: ['products'],
        summary: "Open one of the seller's listings to offers (with the lowest price they take, never shown) or close it (open offers declined)",
        'x-rules': ['The lowest offer you take cannot be above your asking price'],
        security: bearerAuth,
        params: IdParams,
        body: OfferTermsBody,
        response: { 200: OfferTerms, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => negotiation.setTerms(actorOf(request).id, request.params.id, request.body),
  );
}
