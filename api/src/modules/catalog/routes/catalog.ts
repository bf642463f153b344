import {
  Acknowledged,
  AdvertiseBody,
  AdvertisedQuery,
  BrandList,
  CategoryParams,
  DeletedCount,
  OwnEmailQuery,
  IdParams,
  Inserted,
  NewProductBody,
  OUTSIDE_IMAGE,
  ProductList,
  ProductPage,
  ProductPageQuery,
  SellerListingList,
} from '@phonehaat/shared-api';
import type { Services } from '../../../services.ts';
import { badRequest, conflict, notFound } from '../../../errors.ts';
import { actorOf, assertCan } from '../../../plugins/auth.ts';
import { photoNotAllowed } from '../photos/service.ts';
import { PhotoNotAllowedError } from '../repositories/photos.ts';
import { imeiRefusal } from '../../trust/index.ts';
import { bearerAuth, errors, sendCached, type ZodApp } from '../../../routes/types.ts';

export async function catalogRoutes(app: ZodApp, services: Services) {
  browseRoutes(app, services);
  listingRoutes(app, services);
}

/** Brands and the phones on sale, as anyone reads them. */
function browseRoutes(app: ZodApp, { repos, guards, cache, brands }: Services) {
  const { catalog } = repos;
  for (const path of ['/categories', '/productbrandname']) {
    app.get(
      path,
      { schema: { operationId: path === '/categories' ? 'listBrands' : 'listBrandNames', tags: ['catalog'], summary: 'All brands', response: { 200: BrandList } } },
      async (_request, reply) => sendCached(reply, cache, 'brands', BrandList, brands),
    );
  }

  app.get(
    '/advertised',
    {
      schema: {
        operationId: 'listAdvertised',
        tags: ['catalog'],
        summary: 'Advertised phones still on sale, newest first',
        querystring: AdvertisedQuery,
        response: { 200: ProductList, ...errors(400) },
      },
    },
    async (request, reply) => {
      const { limit } = request.query;
      return sendCached(reply, cache, `advertised:${limit}`, ProductList, () => catalog.listAdvertised(limit));
    },
  );

  app.get(
    '/products/:categoryId',
    {
      preHandler: [guards.authenticate, guards.requirePermission('browse:products')],
      schema: {
        operationId: 'listBrandProducts',
        tags: ['catalog'],
        summary: "A brand's phones on sale, paginated",
        security: bearerAuth,
        params: CategoryParams,
        querystring: ProductPageQuery,
        response: { 200: ProductPage, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { categoryId } = request.params;
      const { page, limit } = request.query;
      return sendCached(reply, cache, `brand:${categoryId}:${page}:${limit}`, ProductPage, async () => {
        const brand = (await brands()).find(({ _id }) => _id === categoryId);
        if (!brand) throw notFound('Brand');
        return { brand, page, limit, ...(await catalog.listByBrand(categoryId, page, limit)) };
      });
    },
  );
}

/** A seller's listings: listed, read, taken down, advertised. */
function listingRoutes(app: ZodApp, { env, repos, guards, cache, brands, photos, matcher, imeiKey, database, priceReview }: Services) {
  const { catalog } = repos;
  app.post(
    '/addedproducts',
    {
      preHandler: [guards.authenticate, guards.requirePermission('create:product'), guards.requireVerifiedPhone],
      schema: {
        operationId: 'createProduct',
        'x-rules': ['Choose a brand from the list', 'A photo is not one of your uploads, or is already on another listing: upload it again', OUTSIDE_IMAGE],
        tags: ['catalog'],
        summary: 'List a phone for sale (the seller is the caller)',
        description:
          'Give `photos` (ids from POST /uploads, in order, the first the cover) or, as the original contract did, an `img` URL: ' +
          "one of PhoneHaat's own images (a `/photos/...` file from an upload, or a `/images/products/...` picture) on this API's address.",
        security: bearerAuth,
        body: NewProductBody,
        response: { 201: Inserted, ...errors(400, 401, 403, 409, 422) },
      },
    },
    async (request, reply) => {
      const seller = actorOf(request);
      const brand = (await brands()).find(({ _id }) => _id === request.body.brandId);
      if (!brand) throw badRequest('Choose a brand from the list', 'brandId');
      const { photos: photoIds = [], img, imei, ...fields } = request.body;
      if (img && new URL(img).origin !== new URL(env.PUBLIC_URL).origin) throw badRequest(OUTSIDE_IMAGE, 'img');
      const cover = photoIds.length ? await photos.coverOf(seller.id, photoIds) : img!;
      const kept = imei ? imeiKey.keep(imei) : undefined;
      // The listing carries the seller's verified number (requireVerifiedPhone), 01XXXXXXXXX, not one typed (issue 46).
      const phone = seller.phone!.slice('+88'.length);
      let insertedId: string;
      try {
        insertedId = await catalog.createProduct(seller.id, { ...fields, phone, img: cover, imei: kept }, photoIds, repos.photos.place);
      } catch (error) {
        if (error instanceof PhotoNotAllowedError) throw photoNotAllowed();
        throw (kept && (await imeiRefusal(error, { db: database.db, audit: repos.audit, seller, listing: fields.name, imei: kept }))) || error;
      }
      // A new seller's price far below the guide's range is marked for review, and buyers warned (issue 70).
      await priceReview.check({ id: insertedId, sellerId: seller.id, ...fields });
      cache.clear();
      matcher.afterCommit(insertedId);
      return reply.code(201).send({ acknowledged: true, insertedId });
    },
  );

  app.get(
    '/addedproducts',
    {
      preHandler: guards.authenticate,
      schema: {
        operationId: 'listMyProducts',
        tags: ['catalog'],
        summary: "A seller's own listings, sold ones and those PhoneHaat removed included, with their booking counts",
        security: bearerAuth,
        querystring: OwnEmailQuery,
        response: { 200: SellerListingList, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { email } = request.query;
      if (email === undefined || email === actor.email) {
        assertCan(actor, { own: 'read:product:own' }, actor.id);
        return catalog.listBySeller(actor.id);
      }
      assertCan(actor, { any: 'read:product:any' }, '');
      const seller = await repos.users.findByEmail(email);
      return seller && !seller.deletedAt ? catalog.listBySeller(seller.id) : [];
    },
  );

  app.delete(
    '/postedproduct/:id',
    {
      preHandler: [guards.authenticate, guards.requirePermission('delete:product:own', 'delete:product:any')],
      schema: {
        operationId: 'deleteProduct',
        tags: ['catalog'],
        summary: 'Remove a listing (its owner or an admin); its order history stays',
        security: bearerAuth,
        params: IdParams,
        response: { 200: DeletedCount, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const product = await catalog.findProduct(request.params.id);
      if (!product || product.deletedAt) throw notFound('Product');
      assertCan(actorOf(request), { own: 'delete:product:own', any: 'delete:product:any' }, product.sellerId);
      const deletedCount = await catalog.removeProduct(product.id);
      cache.clear();
      // Orders show a sold phone's photos; an unsold listing's go with it.
      if (deletedCount && product.status !== 'sold') await photos.removeFiles(await repos.photos.removeForProduct(product.id));
      return { deletedCount };
    },
  );

  app.post(
    '/advertisedproducts',
    {
      preHandler: [guards.authenticate, guards.requirePermission('advertise:product:own')],
      schema: {
        operationId: 'advertiseProduct',
        tags: ['catalog'],
        summary: 'Advertise one of your phones on the home page (a repeat changes nothing)',
        security: bearerAuth,
        body: AdvertiseBody,
        response: { 200: Acknowledged, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const product = await catalog.findProduct(request.body.id);
      if (!product || product.deletedAt) throw notFound('Product');
      assertCan(actorOf(request), { own: 'advertise:product:own' }, product.sellerId);
      if (product.status === 'sold') throw conflict('A sold phone cannot be advertised');
      await catalog.advertise(product.id);
      cache.clear();
      return { acknowledged: true as const };
    },
  );
}
