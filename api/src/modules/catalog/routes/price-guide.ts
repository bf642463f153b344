import { IdParams, PriceGuide, PriceGuideQuery } from '@phonehaat/shared-api';
import type { Services } from '../../../services.ts';
import { bearerAuth, errors, optionalBearer, type ZodApp } from '../../../routes/types.ts';
import { publicListing } from './public-listing.ts';

/** The price guide of a model (issue 30), for the phone's page and Add a product. */
export async function priceGuideRoutes(app: ZodApp, { guards, cache, priceGuide, repos }: Services) {
  const browse = [guards.authenticate, guards.requirePermission('browse:products')];
  const guideOf = (query: PriceGuideQuery) =>
    cache.get(`price-guide:${query.brandId}:${query.name.toLowerCase()}:${query.condition}:${query.usedYear}`, () => priceGuide(query));

  app.get(
    '/price-guide',
    {
      preHandler: browse,
      schema: {
        operationId: 'getPriceGuide',
        tags: ['catalog'],
        summary: 'What phones of a model, condition and year of purchase sell for: the median and the 25th–75th percentile, a distribution and a weekly median',
        description:
          'From paid sales of the last 90 days where there are at least 5, otherwise from the asking prices on sale, otherwise no figure; absurd prices (beyond 1.5 interquartile ranges) are left out. Read through the read cache, which every write clears.',
        security: bearerAuth,
        querystring: PriceGuideQuery,
        response: { 200: PriceGuide, ...errors(400, 401, 403) },
      },
    },
    async (request) => guideOf(request.query),
  );

  app.get(
    '/product/:id/price-guide',
    {
      preHandler: guards.identify,
      schema: {
        operationId: 'getProductPriceGuide',
        tags: ['products'],
        summary: "The price guide of a phone's own model, condition and year of purchase (its page draws it, to anyone)",
        security: optionalBearer,
        params: IdParams,
        response: { 200: PriceGuide, ...errors(400, 401, 404, 410) },
      },
    },
    async (request) => {
      const product = await publicListing(repos.catalog, request.params.id);
      return guideOf({ brandId: product.brandId, name: product.name, condition: product.condition, usedYear: product.usedYear });
    },
  );
}
