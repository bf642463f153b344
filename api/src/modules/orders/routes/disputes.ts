import { DisputeDecided, DisputeDecisionBody, DisputePage, DisputesQuery, IdParams, Inserted, NewDisputeBody, RefundTo, RefundWalletBody } from '@phonehaat/shared-api';
import { notFound } from '../../../errors.ts';
import { actorOf, assertCan } from '../../../plugins/auth.ts';
import type { Services } from '../../../services.ts';
import { bearerAuth, errors, type ZodApp } from '../../../routes/types.ts';


/** Disputes of held sales (issue 33): the buyer opens one; an admin refunds the buyer or releases to the seller. */
export async function disputeRoutes(app: ZodApp, services: Services) {
  const { guards, escrow, disputes, repos, cache } = services;
  const admin = [guards.authenticate, guards.requirePermission('decide:dispute:any')];

  app.post(
    '/bookings/:id/dispute',
    {
      preHandler: [guards.authenticate, guards.requirePermission('dispute:booking:own')],
      // Counted per buyer after sign-in: disputing is not a way to flood the admin's queue.
      config: { rateLimit: { max: 30, timeWindow: '1 hour', hook: 'preHandler', keyGenerator: (request) => `dispute:${actorOf(request).id}` } },
      schema: {
        operationId: 'openDispute',
        'x-rules': ['A photo is not one you uploaded, or shows something else already', '"Not the phone that was tested" needs a check at the handover that found another phone'],
        tags: ['disputes'],
        summary: "The buyer disputes a held sale (not as described, or the seller did not come), with a note and photos: the money waits for PhoneHaat's team",
        description: 'Photos are uploaded first (POST /uploads) and given by id. Refused once the money was released or refunded, and for a second dispute.',
        security: bearerAuth,
        params: IdParams,
        body: NewDisputeBody,
        response: { 201: Inserted, ...errors(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const parties = await escrow.partiesOf(request.params.id);
      if (!parties) throw notFound('Booking');
      const actor = actorOf(request);
      assertCan(actor, { own: 'dispute:booking:own' }, parties.buyerId);
      const insertedId = await disputes.open(request.params.id, actor, request.body);
      cache.clear();
      return reply.code(201).send({ acknowledged: true as const, insertedId });
    },
  );

  refundWalletRoute(app, services);

  app.get(
    '/disputes',
    {
      preHandler: admin,
      schema: {
        operationId: 'listDisputes',
        tags: ['disputes'],
        summary: "Buyers' disputes: open ones oldest first, or decided ones newest first",
        security: bearerAuth,
        querystring: DisputesQuery,
        response: { 200: DisputePage, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { status, page, limit } = request.query;
      const [{ cases, total }, openCount] = await Promise.all([repos.disputes.page(status, page, limit), repos.disputes.openCount()]);
      return { cases, total, page, limit, openCount };
    },
  );

  app.post(
    '/disputes/:id/decision',
    {
      preHandler: admin,
      schema: {
        operationId: 'decideDispute',
        tags: ['disputes'],
        summary: 'Refund the buyer (through the provider that took the payment) or release the money to the seller, with a reason both see',
        description: 'A refund is made once, whoever clicks and however often. 409 once decided the other way; 502 when the provider refused (nothing moved).',
        security: bearerAuth,
        params: IdParams,
        body: DisputeDecisionBody,
        response: { 200: DisputeDecided, ...errors(400, 401, 403, 404, 409, 502) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { outcome, reason } = request.body;
      if (outcome === 'refund') await disputes.refund(request.params.id, actor, reason);
      else await disputes.release(request.params.id, actor, reason);
      cache.clear();
      return { status: outcome === 'refund' ? ('refunded' as const) : ('released' as const) };
    },
  );
}

/** A disputed cash sale's refund: the buyer names the wallet it goes to (issue 69, decision 058). */
function refundWalletRoute(app: ZodApp, { guards, escrow, disputes, cache, phone }: Services) {
  app.put(
    '/bookings/:id/dispute/refund-wallet',
    {
      preHandler: [guards.authenticate, guards.requirePermission('dispute:booking:own')],
      config: { rateLimit: { max: 10, timeWindow: '1 hour', hook: 'preHandler', keyGenerator: (request) => `refund-wallet:${actorOf(request).id}` } },
      schema: {
        operationId: 'setDisputeRefundWallet',
        tags: ['disputes'],
        summary: 'The buyer of a disputed cash sale names the wallet (bKash or Nagad) and number its refund is sent to',
        description:
          "Needs `confirmation`: a fresh code sent to the buyer's verified phone number (POST /me/phone/confirmation), typed back. Until one is named, a cash refund goes by bKash to the number the parcel was delivered to.",
        'x-rules': ['Refunds to this wallet are not offered: choose another', 'Verify your phone number first: a payout wallet is set with a code sent to it'],
        security: bearerAuth,
        params: IdParams,
        body: RefundWalletBody,
        response: { 200: RefundTo, ...errors(400, 401, 403, 404, 409, 429, 503) },
      },
    },
    async (request) => {
      const parties = await escrow.partiesOf(request.params.id);
      if (!parties) throw notFound('Booking');
      const actor = actorOf(request);
      assertCan(actor, { own: 'dispute:booking:own' }, parties.buyerId);
      const { method, number, confirmation } = request.body;
      const chosen = await disputes.chooseRefundWallet(request.params.id, { method, number }, () => phone.confirm(actor, confirmation));
      cache.clear();
      return chosen;
    },
  );
}
