import {
  Acknowledged,
  AuditPage,
  AuditQuery,
  IdParams,
  Inserted,
  ListingBookings,
  MessageIdParams,
  ModifiedCount,
  NewReportBody,
  ProductIdParams,
  RemovalReason,
  RemovedListing,
  RemoveListingBody,
  ReportPage,
  ReportsQuery,
} from '@phonehaat/shared-api';
import type { Services } from '../../../services.ts';
import { notificationEvents } from '../../notifications/index.ts';
import type { Recorded } from '../../notifications/index.ts';
import { conflict, forbidden, notFound } from '../../../errors.ts';
import { actorOf, assertCan } from '../../../plugins/auth.ts';
import { AlreadyReportedError } from '../repositories/reports.ts';
import { bearerAuth, errors, type ZodApp } from '../../../routes/types.ts';

/** Trust and safety: reports of listings, the admin's queue and actions, the audit log, who booked a listing. */
export async function reportRoutes(app: ZodApp, services: Services) {
  reportingRoutes(app, services);
  removalRoutes(app, services);
}

/** A report, the open reports, and dismissing them. */
function reportingRoutes(app: ZodApp, { env, repos, guards, cache }: Services) {
  const moderator = [guards.authenticate, guards.requirePermission('moderate:listing:any')];

  app.post(
    '/reports',
    {
      preHandler: [guards.authenticate, guards.requirePermission('create:report')],
      // Counted per user after sign-in: reporting is not a way to flood the admin's queue.
      config: {
        rateLimit: { max: env.REPORT_RATE_LIMIT_MAX, timeWindow: '1 hour', hook: 'preHandler', keyGenerator: (request) => `report:${actorOf(request).id}` },
      },
      schema: {
        operationId: 'createReport',
        tags: ['reports'],
        summary: 'Report a listing to PhoneHaat (any signed-in user but its seller; one open report per listing)',
        security: bearerAuth,
        body: NewReportBody,
        response: { 201: Inserted, ...errors(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const reporter = actorOf(request);
      const { productId, reason, note } = request.body;
      const product = await repos.catalog.findProduct(productId);
      if (!product || product.deletedAt) throw notFound('Product');
      if (product.sellerId === reporter.id) throw forbidden('You cannot report your own listing');
      try {
        const insertedId = await repos.reports.create({ productId, reporterId: reporter.id, reason, note });
        return reply.code(201).send({ acknowledged: true, insertedId });
      } catch (error) {
        if (error instanceof AlreadyReportedError) throw conflict('You already reported this listing: the team will look at it');
        throw error;
      }
    },
  );

  app.get(
    '/reports',
    {
      preHandler: moderator,
      schema: {
        operationId: 'listReports',
        tags: ['reports'],
        summary: 'Reported listings: open ones most-reported first, or resolved ones most recent first',
        security: bearerAuth,
        querystring: ReportsQuery,
        response: { 200: ReportPage, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { status, page, limit } = request.query;
      const [{ groups, total }, openCount] = await Promise.all([repos.reports.page(status, page, limit), repos.reports.openCount()]);
      return { groups, total, page, limit, openCount };
    },
  );

  app.post(
    '/reports/:productId/dismiss',
    {
      preHandler: moderator,
      schema: {
        operationId: 'dismissReports',
        tags: ['reports'],
        summary: "Close a listing's open reports as unfounded",
        security: bearerAuth,
        params: ProductIdParams,
        response: { 200: ModifiedCount, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const admin = actorOf(request);
      const product = await repos.catalog.findProduct(request.params.productId);
      if (!product) throw notFound('Product');
      const modifiedCount = await repos.reports.dismiss(product.id, admin.id, (tx) =>
        repos.audit.record(tx, { actor: admin, action: 'dismiss-reports', target: { type: 'product', id: product.id, label: product.name } }),
      );
      if (modifiedCount === 0) throw notFound('Open reports for this listing');
      // A price reviewed as genuine is no longer warned of on its page (issue 70).
      cache.clear();
      return { modifiedCount };
    },
  );
}

/** Taking a listing or a message down, the activity log, and a listing's bookings as the admin reads them. */
function removalRoutes(app: ZodApp, { repos, guards, cache, database, notifier }: Services) {
  const moderator = [guards.authenticate, guards.requirePermission('moderate:listing:any')];

  app.delete(
    '/admin/products/:id',
    {
      preHandler: moderator,
      schema: {
        operationId: 'removeListing',
        tags: ['reports'],
        summary: 'Remove a listing for PhoneHaat, with a reason its seller sees',
        description:
          'Hidden everywhere at once; its unpaid bookings are cancelled and its open reports closed. Written to the audit log in the same transaction. ' +
          'With `stolen`, confirming a "Suspected stolen" report (409 without one), its IMEI, if it has one, is blocked too.',
        security: bearerAuth,
        params: IdParams,
        body: RemoveListingBody,
        response: { 200: RemovedListing, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const admin = actorOf(request);
      const { reason, stolen } = request.body;
      let told: Recorded | undefined;
      let imeiBlocked = false;
      const removed = await repos.catalog.removeByAdmin(request.params.id, reason, async (tx, product) => {
        if (stolen) {
          if (!(await repos.reports.hasReason(tx, product.id, 'stolen'))) throw conflict('Nobody reported this phone as stolen');
          const kept = repos.imeis.keptOf(product);
          const blockedId = kept && (await repos.imeis.block(tx, kept, reason, admin.id));
          if (blockedId) await repos.audit.record(tx, { actor: admin, action: 'block-imei', target: { type: 'imei', id: blockedId, label: `IMEI •••• ${kept.last4}` }, reason });
          imeiBlocked = kept !== null;
        }
        await repos.reports.resolve(tx, product.id, admin.id, 'actioned');
        await repos.audit.record(tx, { actor: admin, action: 'remove-listing', target: { type: 'product', id: product.id, label: product.name }, reason });
        told = await notifier.record(tx, notificationEvents.removed(product, reason, await repos.bookings.unpaidBookers(tx, product.id)));
      });
      if (!removed) throw notFound('Product');
      cache.clear();
      await notifier.announce(told);
      return { acknowledged: true as const, imeiBlocked };
    },
  );

  app.delete(
    '/admin/messages/:id',
    {
      preHandler: moderator,
      schema: {
        operationId: 'removeMessage',
        tags: ['reports'],
        summary: 'Remove a reported message from its conversation (its text is hidden from both people), with a reason',
        description: 'Its open reports are closed and the removal is written to the audit log, in one transaction.',
        security: bearerAuth,
        params: MessageIdParams,
        body: RemovalReason,
        response: { 200: Acknowledged, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const admin = actorOf(request);
      const found = await repos.threads.messageInThread(request.params.id);
      if (!found || found.message.removed) throw notFound('Message');
      const { reason } = request.body;
      await database.db.transaction(async (tx) => {
        await repos.threads.removeMessage(tx, found.message._id);
        await repos.reports.resolveMessage(tx, Number(found.message._id), admin.id);
        await repos.audit.record(tx, { actor: admin, action: 'remove-message', target: { type: 'thread', id: found.thread.id, label: `${found.senderName}: ${found.message.body.slice(0, 80)}` }, reason });
      });
      return { acknowledged: true as const };
    },
  );

  app.get(
    '/audit',
    {
      preHandler: [guards.authenticate, guards.requirePermission('read:audit:any')],
      schema: {
        operationId: 'listAuditEntries',
        tags: ['reports'],
        summary: 'What admins did, newest first (append-only: nothing here can be changed or deleted)',
        security: bearerAuth,
        querystring: AuditQuery,
        response: { 200: AuditPage, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      return { ...(await repos.audit.page(page, limit)), page, limit };
    },
  );

  app.get(
    '/addedproducts/:id/bookings',
    {
      preHandler: [guards.authenticate, guards.requirePermission('read:listing-bookings:own', 'read:listing-bookings:any')],
      schema: {
        operationId: 'listListingBookings',
        tags: ['bookings'],
        summary: 'Who booked a listing, and who paid (its seller and admins)',
        security: bearerAuth,
        params: IdParams,
        response: { 200: ListingBookings, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const product = await repos.catalog.findProduct(request.params.id);
      if (!product || (product.deletedAt && !product.removalReason)) throw notFound('Product');
      assertCan(actorOf(request), { own: 'read:listing-bookings:own', any: 'read:listing-bookings:any' }, product.sellerId);
      return repos.bookings.listForProduct(product.id);
    },
  );
}
