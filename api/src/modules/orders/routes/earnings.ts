import { CourierSettlementBody, CourierSettlementsRecorded, Earnings, MaybePayoutWallet, MoneyOverview, PayoutWallet, PayoutWalletBody } from '@phonehaat/shared-api';
import { earningsOf } from '../escrow/earnings.ts';
import { actorOf } from '../../../plugins/auth.ts';
import type { Services } from '../../../services.ts';
import { bearerAuth, errors, type ZodApp } from '../../../routes/types.ts';

/** A seller's money and where it is paid (issue 33), and the admin's view of all of it. */
export async function earningsRoutes(app: ZodApp, services: Services) {
  sellerEarningsRoutes(app, services);
  moneyRoutes(app, services);
}

/** A seller's earnings and payout wallet. */
function sellerEarningsRoutes(app: ZodApp, { guards, phone, payouts, database, releaseAt, jobs }: Services) {
  app.get(
    '/earnings',
    {
      preHandler: [guards.authenticate, guards.requirePermission('read:earnings:own')],
      schema: {
        operationId: 'getMyEarnings',
        tags: ['payouts'],
        summary: "The calling seller's sales with their money held, released, paid out or refunded and the fee on each; the totals, payouts and the next one (poisha)",
        security: bearerAuth,
        response: { 200: Earnings, ...errors(401, 403) },
      },
    },
    async (request) => earningsOf(database.db, payouts, actorOf(request).id, releaseAt),
  );

  app.get(
    '/payout-wallet',
    {
      preHandler: [guards.authenticate, guards.requirePermission('manage:payout-wallet:own')],
      schema: {
        operationId: 'getPayoutWallet',
        tags: ['payouts'],
        summary: "Where the calling seller is paid out (null: no wallet yet, and money owed waits)",
        security: bearerAuth,
        response: { 200: MaybePayoutWallet, ...errors(401, 403) },
      },
    },
    async (request) => {
      const wallet = await payouts.wallet(actorOf(request).id);
      return wallet ? { method: wallet.method, number: wallet.number, confirmedAt: wallet.confirmedAt.toISOString() } : null;
    },
  );

  app.put(
    '/payout-wallet',
    {
      preHandler: [guards.authenticate, guards.requirePermission('manage:payout-wallet:own')],
      config: { rateLimit: { max: 10, timeWindow: '1 hour', hook: 'preHandler', keyGenerator: (request) => `payout-wallet:${actorOf(request).id}` } },
      schema: {
        operationId: 'setPayoutWallet',
        tags: ['payouts'],
        summary: 'Where the calling seller is paid out: a bKash number, typed twice; money owed is paid out to it',
        description: "Needs `confirmation`: a fresh code sent to the seller's verified phone number (POST /me/phone/confirmation), typed back.",
        'x-rules': ['Verify your phone number first: a payout wallet is set with a code sent to it'],
        security: bearerAuth,
        body: PayoutWalletBody,
        response: { 200: PayoutWallet, ...errors(400, 401, 403, 404, 409, 429, 503) },
      },
    },
    async (request) => {
      const seller = actorOf(request);
      const sellerId = seller.id;
      // A payout account changes only with a fresh code to the seller's verified number (issue 46, decision 038).
      await phone.confirm(seller, request.body.confirmation);
      const wallet = await payouts.setWallet(sellerId, request.body.number);
      await jobs?.payoutSoon(sellerId);
      return { method: wallet.method, number: wallet.number, confirmedAt: wallet.confirmedAt.toISOString() };
    },
  );
}

/** The admin's money overview and settlements. */
function moneyRoutes(app: ZodApp, { guards, moneyOverview, settlements }: Services) {
  app.get(
    '/admin/money',
    {
      preHandler: [guards.authenticate, guards.requirePermission('read:money:any')],
      schema: {
        operationId: 'getMoneyOverview',
        tags: ['payouts'],
        summary: "Where every taka is (held, owed to sellers, paid out, fees, refunds; poisha), and the ledger reconciled against Stripe's and bKash's own records",
        security: bearerAuth,
        response: { 200: MoneyOverview, ...errors(401, 403) },
      },
    },
    async () => moneyOverview(),
  );

  app.post(
    '/admin/courier-settlements',
    {
      preHandler: [guards.authenticate, guards.requirePermission('settle:courier:any')],
      // A courier's export of many invoices is larger than the API's usual bodies.
      bodyLimit: 6_000_000,
      schema: {
        operationId: 'recordCourierSettlement',
        'x-rules': [
          'The report could not be read as CSV: export the payment invoices from the courier’s merchant panel',
          'The report holds no parcel',
          'The report has no column "<its name>"',
          'Row <n>: <column> must be a whole number of taka',
          'Row <n>: the status must be Delivered or Return',
          'Row <n>: the invoice and the consignment must be named',
          'Row <n>: the consignment <id> is listed twice in invoice <id>',
        ],
        tags: ['payouts'],
        summary: "Records the courier's settlement report (its payment invoices, as its merchant panel exports them, CSV): each parcel's cash settled in the ledger, then reconciled on the Money page",
        description: 'Each invoice is recorded once: a report holding one recorded before is refused whole (409), nothing changed. A report that cannot be read is refused naming its row and column (400).',
        security: bearerAuth,
        body: CourierSettlementBody,
        response: { 201: CourierSettlementsRecorded, ...errors(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.code(201).send({ recorded: await settlements.record(actorOf(request).id, request.body.report) }),
  );
}
