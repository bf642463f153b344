import { BuyerList, DeletedCount, IdParams, ModifiedCount, SellerList, UserListQuery } from '@phonehaat/shared-api';
import type { Services } from '../../../services.ts';
import { HttpError, notFound } from '../../../errors.ts';
import { actorOf } from '../../../plugins/auth.ts';
import { notificationEvents } from '../../notifications/index.ts';
import type { Recorded } from '../../notifications/index.ts';
import { bearerAuth, errors, type ZodApp } from '../../../routes/types.ts';

/** The admin lists' page size when a page is asked for without a limit. */
const DEFAULT_LIMIT = 20;

export async function adminRoutes(app: ZodApp, services: Services) {
  peopleListRoutes(app, services);
  peopleRemovalRoutes(app, services);
}

/** The admin's lists of sellers and buyers, and verifying a seller. */
function peopleListRoutes(app: ZodApp, { repos, guards, cache, notifier }: Services) {
  const admin = (permission: 'read:user:any' | 'verify:seller:any' | 'delete:user:any' | 'reset:phone:any') => [
    guards.authenticate,
    guards.requirePermission(permission),
  ];
  const lists = [
    { path: '/users/allsellers', role: 'sellers', kind: 'Seller', list: repos.users.listSellers, answer: SellerList },
    { path: '/users/allbuyers', role: 'buyers', kind: 'Buyer', list: repos.users.listBuyers, answer: BuyerList },
  ] as const;

  for (const { path, role, kind, list, answer } of lists) {
    app.get(
      path,
      {
        preHandler: admin('read:user:any'),
        schema: {
          operationId: role === 'sellers' ? 'listSellers' : 'listBuyers',
          tags: ['admin'],
          summary: `All ${role}, newest first`,
          description:
            'With `q`, `page` or `limit`: one page `{ users, total, page, limit }`, `q` matching the name or email. ' +
            'Without any of them: every one as a plain list (the original contract, for older admin remotes).',
          security: bearerAuth,
          querystring: UserListQuery,
          response: { 200: answer, ...errors(400, 401, 403) },
        },
      },
      async (request) => {
        const { q, page: pageNumber, limit } = request.query;
        // (TypeScript cannot tie each list to its own schema in this loop; the response schema checks the answer.)
        if (q === undefined && pageNumber === undefined && limit === undefined) return (await list()) as never;
        const paging = { q: q || undefined, page: pageNumber ?? 1, limit: limit ?? DEFAULT_LIMIT };
        // Counting every match is the costly half of a page (100,000 users); the total may lag a write by at most
        // the read cache's TTL, and this instance's own writes clear it at once.
        const [users, total] = await Promise.all([
          list(paging),
          cache.get(`users-total:${kind}:${paging.q?.toLowerCase() ?? ''}`, () => repos.users.count(kind, paging.q)),
        ]);
        return { users, total, page: paging.page, limit: paging.limit } as never;
      },
    );
  }

  app.put(
    '/seller/verify/:id',
    {
      preHandler: admin('verify:seller:any'),
      schema: {
        operationId: 'verifySeller',
        tags: ['admin'],
        summary: 'Verify a seller (their listings then carry the badge)',
        security: bearerAuth,
        params: IdParams,
        response: { 200: ModifiedCount, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      let told: Recorded | undefined;
      const modifiedCount = await repos.users.verifySeller(request.params.id, async (tx, seller) => {
        await repos.audit.record(tx, { actor, action: 'verify-seller', target: { type: 'user', id: seller.id, label: `${seller.name} (${seller.email})` } });
        told = await notifier.record(tx, [notificationEvents.verified(seller.id)]);
      });
      if (modifiedCount === undefined) throw notFound('Seller');
      cache.clear();
      await notifier.announce(told);
      return { modifiedCount };
    },
  );
}

/** Removing an account, and resetting a number. */
function peopleRemovalRoutes(app: ZodApp, { repos, guards, identity, cache, notifier }: Services) {
  const admin = (permission: 'read:user:any' | 'verify:seller:any' | 'delete:user:any' | 'reset:phone:any') => [
    guards.authenticate,
    guards.requirePermission(permission),
  ];

  app.delete(
    '/users/:id/phone',
    {
      preHandler: admin('reset:phone:any'),
      schema: {
        operationId: 'resetPhone',
        tags: ['admin'],
        summary: "Take a person's verified phone number off their account (they verify one again before listing, booking or writing)",
        description: 'Also taken off their Firebase account, so the number no longer signs in to it and may be verified on another account. In the activity log.',
        security: bearerAuth,
        params: IdParams,
        response: { 200: ModifiedCount, ...errors(400, 401, 403, 404, 503) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const reset = await repos.users.resetPhone(request.params.id, async (tx, person) => {
        await repos.audit.record(tx, { actor, action: 'reset-phone', target: { type: 'user', id: person.id, label: `${person.name} (…${person.phone!.slice(-3)})` } });
      });
      if (!reset) throw notFound('Person');
      cache.clear();
      // Asked again on a repeat too: a reset whose Firebase half failed is finished by the next.
      if (reset.person.firebaseUid) {
        try {
          await identity.unlinkPhone?.(reset.person.firebaseUid);
        } catch (error) {
          // Taken off PhoneHaat's account already; Firebase keeps it until asked again (the reset can be repeated).
          request.log.error({ err: error }, 'could not take a reset number off the Firebase account');
          throw new HttpError(503, 'The number was taken off the account, but not yet off its sign-in: try again in a minute');
        }
      }
      return { modifiedCount: reset.modified };
    },
  );

  for (const role of ['Seller', 'Buyer'] as const) {
    app.delete(
      `/${role.toLowerCase()}/:id`,
      {
        preHandler: admin('delete:user:any'),
        schema: {
          operationId: `remove${role}`,
          tags: ['admin'],
          summary: `Remove a ${role.toLowerCase()} and switch off their sign-in${role === 'Seller' ? '; their listings go too' : ''}`,
          security: bearerAuth,
          params: IdParams,
          response: { 200: DeletedCount, ...errors(400, 401, 403, 404, 502) },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        const action = role === 'Seller' ? 'remove-seller' : 'remove-buyer';
        let told: Recorded | undefined;
        const removed = await repos.users.remove(request.params.id, role, async (tx, user, listings) => {
          await repos.audit.record(tx, { actor, action, target: { type: 'user', id: user.id, label: `${user.name} (${user.email})` } });
          const gone = await Promise.all(listings.map(async (listing) => notificationEvents.gone(listing, await repos.bookings.unpaidBookers(tx, listing.id))));
          told = await notifier.record(tx, gone.flat());
        });
        if (!removed) throw notFound(role);
        cache.clear();
        await notifier.announce(told);
        if (removed.firebaseUid) await identity.disableUser(removed.firebaseUid);
        return { deletedCount: 1 };
      },
    );
  }
}
