import { BlockedImeiPage, IdParams, Inserted, ListingImei, ListingImeiBody, ModifiedCount, NewBlockedImeiBody, Pagination, UnblockImeiBody } from '@phonehaat/shared-api';
import type { Tx } from '../../../db/client.ts';
import type { Services } from '../../../services.ts';
import { conflict, notFound } from '../../../errors.ts';
import { imeiRefusal } from '../imei/refusal.ts';
import { notificationEvents } from '../../notifications/index.ts';
import { actorOf } from '../../../plugins/auth.ts';
import type { Recorded } from '../../notifications/index.ts';
import { ownListingOnSale } from '../../catalog/index.ts';
import { bearerAuth, errors, type ZodApp } from '../../../routes/types.ts';

/** A listing's IMEI given after it was listed, and the admin's blocklist of phones that cannot be listed (issue 28). */
export async function imeiRoutes(app: ZodApp, { repos, guards, cache, imeiKey, database, notifier }: Services) {
  const blocklist = [guards.authenticate, guards.requirePermission('manage:imei-blocklist:any')];

  app.put(
    '/addedproducts/:id/imei',
    {
      preHandler: [guards.authenticate, guards.requirePermission('update:product:own')],
      schema: {
        operationId: 'setListingImei',
        tags: ['trust'],
        summary: "Give (or correct) the IMEI of one of the seller's listings on sale: it then carries \"IMEI checked\"",
        description: 'Checked as listing it would be: a blocked phone is refused with 422, a phone on another live listing with 409.',
        security: bearerAuth,
        params: IdParams,
        body: ListingImeiBody,
        response: { 200: ListingImei, ...errors(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const seller = actorOf(request);
      const product = await ownListingOnSale(repos.catalog, seller, request.params.id);
      const kept = imeiKey.keep(request.body.imei);
      try {
        if (!(await repos.imeis.setOnListing(product.id, seller.id, kept))) throw conflict('This phone has already been sold');
      } catch (error) {
        throw (await imeiRefusal(error, { db: database.db, audit: repos.audit, seller, listing: product.name, imei: kept })) ?? error;
      }
      cache.clear();
      return { imeiLast4: kept.last4 };
    },
  );

  app.get(
    '/admin/blocked-imeis',
    {
      preHandler: blocklist,
      schema: {
        operationId: 'listBlockedImeis',
        tags: ['trust'],
        summary: 'Phones that cannot be listed, newest first (each by its last 4 digits only)',
        security: bearerAuth,
        querystring: Pagination,
        response: { 200: BlockedImeiPage, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      return { ...(await repos.imeis.page(page, limit)), page, limit };
    },
  );

  app.post(
    '/admin/blocked-imeis',
    {
      preHandler: blocklist,
      schema: {
        operationId: 'blockImei',
        tags: ['trust'],
        summary: 'Block a phone by its IMEI: it cannot be listed, and its live listing, if any, is removed with the reason given',
        description: 'The block, the removal (its bookers told) and both entries in the activity log land in one transaction.',
        security: bearerAuth,
        body: NewBlockedImeiBody,
        response: { 201: Inserted, ...errors(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const admin = actorOf(request);
      const kept = imeiKey.keep(request.body.imei);
      const { reason } = request.body;
      const label = `IMEI •••• ${kept.last4}`;
      let insertedId: string | undefined;
      let told: Recorded | undefined;
      const block = async (tx: Tx) => {
        insertedId = await repos.imeis.block(tx, kept, reason, admin.id);
        if (!insertedId) throw conflict('This phone is already blocked');
        await repos.audit.record(tx, { actor: admin, action: 'block-imei', target: { type: 'imei', id: insertedId, label }, reason });
      };
      const [live] = await repos.imeis.liveListingIds(database.db, kept.hash);
      const removed =
        live &&
        (await repos.catalog.removeByAdmin(live, reason, async (tx, product) => {
          await block(tx);
          await repos.reports.resolve(tx, product.id, admin.id, 'actioned');
          await repos.audit.record(tx, { actor: admin, action: 'remove-listing', target: { type: 'product', id: product.id, label: product.name }, reason });
          told = await notifier.record(tx, notificationEvents.removed(product, reason, await repos.bookings.unpaidBookers(tx, product.id)));
        }));
      // No live listing (or it went meanwhile): the block alone.
      if (!removed) await database.db.transaction(block);
      cache.clear();
      await notifier.announce(told);
      return reply.code(201).send({ acknowledged: true as const, insertedId: insertedId! });
    },
  );

  app.delete(
    '/admin/blocked-imeis/:id',
    {
      preHandler: blocklist,
      schema: {
        operationId: 'unblockImei',
        tags: ['trust'],
        summary: 'Take a phone off the blocklist (it can be listed again), with a reason for the activity log',
        security: bearerAuth,
        params: IdParams,
        body: UnblockImeiBody,
        response: { 200: ModifiedCount, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const admin = actorOf(request);
      const { reason } = request.body;
      const { id } = request.params;
      const unblocked = await database.db.transaction(async (tx) => {
        const last4 = await repos.imeis.unblock(tx, id);
        if (last4) await repos.audit.record(tx, { actor: admin, action: 'unblock-imei', target: { type: 'imei', id, label: `IMEI •••• ${last4}` }, reason });
        return last4;
      });
      if (!unblocked) throw notFound('Blocked phone');
      return { modifiedCount: 1 };
    },
  );
}
