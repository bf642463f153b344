import { IdParams, ProductDetail, SearchQuery, SearchResults, SimilarProducts, SuggestQuery, Suggestions } from '@phonehaat/shared-api';
import type { Services } from '../../../services.ts';
import { keptFor } from '../../offers/index.ts';
import { publicListing } from '../../catalog/index.ts';
import { typingWords } from '../text-query.ts';
import { bearerAuth, errors, optionalBearer, sendCached, type ZodApp } from '../../../routes/types.ts';

/** Suggestions are the same for everyone and change slowly: browsers may keep them for a minute. */
const SUGGEST_MAX_AGE_S = 60;

export async function searchRoutes(app: ZodApp, { env, guards, cache, search, repos, shareCards, deviceChecks }: Services) {
  const browse = [guards.authenticate, guards.requirePermission('browse:products')];

  app.get(
    '/search',
    {
      preHandler: browse,
      schema: {
        operationId: 'searchProducts',
        tags: ['search'],
        summary: 'Phones on sale matching words (typos forgiven) and filters, with facet counts',
        description:
          'Words match the name (weighted highest), the brand and the description; a misspelt word also matches the nearest listing word. ' +
          'Each brand count applies every filter but the brand filter, and each condition count every filter but the condition filter. ' +
          'Sold and removed phones never appear. Repeat `brand` and `condition` (or separate them with commas) to pick several.',
        security: bearerAuth,
        querystring: SearchQuery,
        response: { 200: SearchResults, ...errors(400, 401, 403) },
      },
    },
    // Not cached: every search reads the database (the read cache is for the storefront's shared pages).
    async (request) => search.search(request.query),
  );

  app.get(
    '/search/suggest',
    {
      config: { rateLimit: { max: env.SUGGEST_RATE_LIMIT_MAX, timeWindow: '1 minute' } },
      schema: {
        operationId: 'suggestSearches',
        tags: ['search'],
        summary: 'Up to eight brands and listing names for what is being typed (at least 2 characters)',
        querystring: SuggestQuery,
        response: { 200: Suggestions, ...errors(400, 429) },
      },
    },
    async (request, reply) => {
      const key = typingWords(request.query.q).join(' ');
      reply.header('cache-control', `public, max-age=${SUGGEST_MAX_AGE_S}`);
      return sendCached(reply, cache, `suggest:${key}`, Suggestions, () => search.suggest(key));
    },
  );

  const listing = (id: string) => publicListing(repos.catalog, id);

  app.get(
    '/product/:id',
    {
      preHandler: guards.identify,
      schema: {
        operationId: 'getProduct',
        tags: ['products'],
        summary: 'One phone, to anyone (sold ones included, its status says so), with its seller; deleted or removed ones are gone (410)',
        security: optionalBearer,
        params: IdParams,
        response: { 200: ProductDetail, ...errors(400, 401, 404, 410) },
      },
    },
    async (request) => {
      const { describedAt, storedReport, ...product } = await listing(request.params.id);
      return {
        ...product,
        // Its newest check in its own browser (issue 68): step by step, old or not, PhoneHaat's signature checked.
        deviceReport: deviceChecks.viewStored(storedReport, describedAt),
        ownListing: product.sellerId === request.actor?.id,
        // Kept for a buyer at an agreed price (issue 65): "kept for you until …", and the price Book Now books at.
        keptFor: product.status === 'available' ? keptFor(await repos.offers.reservation(product._id), request.actor?.id) : null,
        updatedAt: product.updatedAt.toISOString(),
        shareImage: { en: shareCards.url(product, 'en'), bn: shareCards.url(product, 'bn') },
      };
    },
  );

  app.get(
    '/product/:id/similar',
    {
      preHandler: guards.identify,
      schema: {
        operationId: 'getSimilarProducts',
        tags: ['products'],
        summary: 'Up to four other phones of the same brand on sale, nearest in price (to anyone, as its page)',
        security: optionalBearer,
        params: IdParams,
        response: { 200: SimilarProducts, ...errors(400, 401, 404, 410) },
      },
    },
    async (request) => search.similar(await listing(request.params.id)),
  );
}
