import { PriceGuide, PriceGuideQuery } from '@phonehaat/shared-api';
import type { Services } from '../services.js';
import { bearerAuth, errors, sendCached, type ZodApp } from './types.js';

/** The price guide of a model (issue 30), for the phone's page and Add a product. */
export async function priceGuideRoutes(app: ZodApp, { guards, cache, priceGuide }: Services) {
  app.get(
    '/price-guide',
    {
      preHandler: [guards.authenticate, guards.requirePermission('browse:products')],
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
    async (request, reply) => {
      const query = request.query;
      const key = `price-guide:${query.brandId}:${query.name.toLowerCase()}:${query.condition}:${query.usedYear}`;
      return sendCached(reply, cache, key, PriceGuide, () => priceGuide(query));
    },
  );
}
