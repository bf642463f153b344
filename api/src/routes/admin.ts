import { BuyerSummary, DeletedCount, IdParams, ModifiedCount, SellerSummary } from '@phonehaat/shared-api';
import { z } from 'zod';
import type { Services } from '../app.js';
import { notFound } from '../errors.js';
import { bearerAuth, errors, type ZodApp } from './types.js';

export async function adminRoutes(app: ZodApp, { repos, guards, identity, cache }: Services) {
  const admin = (permission: 'read:user:any' | 'verify:seller:any' | 'delete:user:any') => [
    guards.authenticate,
    guards.requirePermission(permission),
  ];

  app.get(
    '/users/allsellers',
    {
      preHandler: admin('read:user:any'),
      schema: { summary: 'All sellers', security: bearerAuth, response: { 200: z.array(SellerSummary), ...errors(401, 403) } },
    },
    async () => repos.users.listSellers(),
  );

  app.get(
    '/users/allbuyers',
    {
      preHandler: admin('read:user:any'),
      schema: { summary: 'All buyers', security: bearerAuth, response: { 200: z.array(BuyerSummary), ...errors(401, 403) } },
    },
    async () => repos.users.listBuyers(),
  );

  app.put(
    '/seller/verify/:id',
    {
      preHandler: admin('verify:seller:any'),
      schema: {
        summary: 'Verify a seller (their listings then carry the badge)',
        security: bearerAuth,
        params: IdParams,
        response: { 200: ModifiedCount, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const modifiedCount = await repos.users.verifySeller(request.params.id);
      if (modifiedCount === undefined) throw notFound('Seller');
      cache.clear();
      return { modifiedCount };
    },
  );

  for (const role of ['Seller', 'Buyer'] as const) {
    app.delete(
      `/${role.toLowerCase()}/:id`,
      {
        preHandler: admin('delete:user:any'),
        schema: {
          summary: `Remove a ${role.toLowerCase()} and switch off their sign-in${role === 'Seller' ? '; their listings go too' : ''}`,
          security: bearerAuth,
          params: IdParams,
          response: { 200: DeletedCount, ...errors(400, 401, 403, 404, 502) },
        },
      },
      async (request) => {
        const removed = await repos.users.remove(request.params.id, role);
        if (!removed) throw notFound(role);
        cache.clear();
        if (removed.firebaseUid) await identity.disableUser(removed.firebaseUid);
        return { deletedCount: 1 };
      },
    );
  }
}
