import { ChangedPrice, ChangePriceBody, IdParams, Watching } from '@phonehaat/shared-api';
import type { Services } from '../../../services.ts';
import { badRequest, conflict, notFound } from '../../../errors.ts';
import { notificationEvents } from '../../notifications/index.ts';
import { actorOf } from '../../../plugins/auth.ts';
import { ownListingOnSale } from '../../catalog/index.ts';
import { bearerAuth, errors, type ZodApp } from '../../../routes/types.ts';

/** "Watch this phone" and the seller's price changes that tell its watchers (issue 27). */
export async function watchRoutes(app: ZodApp, { repos, guards, notifier, cache, priceReview }: Services) {
  const watcher = [guards.authenticate, guards.requirePermission('watch:product')];
  const tags = ['saved-searches'];

  /** A phone on sale that is not the caller's own. */
  async function watchable(productId: string, userId: string) {
    const product = await repos.catalog.findProduct(productId);
    if (!product || product.deletedAt) throw notFound('Product');
    if (product.sellerId === userId) throw conflict('This is your own listing');
    return product;
  }

  app.get(
    '/product/:id/watch',
    { preHandler: watcher, schema: { operationId: 'getWatch', tags, summary: 'Whether the caller watches this phone', security: bearerAuth, params: IdParams, response: { 200: Watching, ...errors(400, 401, 403) } } },
    async (request) => ({ watching: await repos.watches.isWatching(actorOf(request).id, request.params.id) }),
  );

  app.put(
    '/product/:id/watch',
    {
      preHandler: watcher,
      schema: {
        operationId: 'watchProduct',
        tags,
        summary: 'Watch a phone: told when its price goes down, or when it is sold (a repeat changes nothing)',
        security: bearerAuth,
        params: IdParams,
        response: { 200: Watching, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const me = actorOf(request);
      const product = await watchable(request.params.id, me.id);
      if (product.status === 'sold') throw conflict('This phone has already been sold');
      await repos.watches.watch(me.id, product.id);
      return { watching: true };
    },
  );

  app.delete(
    '/product/:id/watch',
    { preHandler: watcher, schema: { operationId: 'unwatchProduct', tags, summary: 'Stop watching a phone', security: bearerAuth, params: IdParams, response: { 200: Watching, ...errors(400, 401, 403) } } },
    async (request) => {
      await repos.watches.unwatch(actorOf(request).id, request.params.id);
      return { watching: false };
    },
  );

  app.put(
    '/addedproducts/:id/price',
    {
      preHandler: [guards.authenticate, guards.requirePermission('update:product:own')],
      schema: {
        operationId: 'changeProductPrice',
        'x-rules': ['Resale price cannot be more than the original price'],
        tags: ['products'],
        summary: "Change the asking price of one of the seller's listings on sale (never above its original price); a lower one tells its watchers",
        security: bearerAuth,
        params: IdParams,
        body: ChangePriceBody,
        response: { 200: ChangedPrice, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const seller = actorOf(request);
      const product = await ownListingOnSale(repos.catalog, seller, request.params.id);
      const { resalePrice } = request.body;
      if (resalePrice > product.originalPrice) throw badRequest('Resale price cannot be more than the original price', 'resalePrice');
      const changed = await repos.watches.changePrice(product.id, seller.id, resalePrice, async (tx, change) =>
        change.newPrice < change.oldPrice
          ? notifier.record(tx, notificationEvents.priceDrop({ id: product.id, name: change.name }, await repos.watches.watchers(tx, product.id), change.oldPrice, change.newPrice, new Date()))
          : undefined,
      );
      if (!changed) throw conflict('This phone has already been sold');
      // A new price far below the guide's range is marked for review again; one raised out of reach is not (issue 70).
      await priceReview.check({ id: product.id, sellerId: seller.id, brandId: product.brandId, name: product.name, condition: product.condition, usedYear: product.usedYear, resalePrice: changed.newPrice });
      cache.clear();
      await notifier.announce(changed.told);
      return { _id: product.id, resalePrice: changed.newPrice };
    },
  );
}
