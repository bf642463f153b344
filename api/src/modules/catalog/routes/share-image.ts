// A phone's share image (issue 48): what WhatsApp, Facebook and X show for its link (og:image, twitter:image).
import { z } from 'zod';
import { IdParams, ShareImageQuery } from '@phonehaat/shared-api';
import type { Services } from '../../../services.ts';
import { publicListing } from './public-listing.ts';
import { errors, IMMUTABLE, type ZodApp } from '../../../routes/types.ts';

/** The address names the version: kept anywhere for a year. */

export async function shareImageRoutes(app: ZodApp, { repos, shareCards }: Services) {
  app.get(
    '/product/:id/share-image.jpg',
    {
      // Fetched by chat apps' crawlers for every shared link, and kept by them and any CDN: never rate limited here.
      config: { rateLimit: false },
      schema: {
        operationId: 'getShareImage',
        tags: ['products'],
        summary: "A phone's share image, to anyone: 1200 × 630 JPEG under 300 KB, its price drawn on it, \"Sold\" once sold",
        description:
          'Drawn once per change of the phone and per language, then kept. With `v` the version its page names, it is cached ' +
          'for a year; any other `v` (an older page) is sent on (302) to the current one.',
        params: IdParams,
        querystring: ShareImageQuery,
        response: {
          200: { description: 'The image', content: { 'image/jpeg': { schema: z.string().describe('JPEG bytes') } } },
          302: { description: 'Sent on to the current version of the image: its address, in Location and as the body', content: { 'text/plain': { schema: z.string() } } },
          ...errors(400, 404, 410),
        },
      },
    },
    async (request, reply) => {
      const { lang, v } = request.query;
      const listing = await publicListing(repos.catalog, request.params.id);
      if (v !== shareCards.versionOf(listing)) {
        const current = shareCards.url(listing, lang);
        return reply.code(302).header('location', current).header('cache-control', 'no-cache').type('text/plain').send(current);
      }
      const body = await shareCards.image(listing, lang);
      return reply
        .header('cache-control', IMMUTABLE)
        .header('content-type', 'image/jpeg')
        .header('x-content-type-options', 'nosniff')
        // Bytes are sent as they are (Fastify serialises only objects); the schema covers the error answers.
        .send(body as never);
    },
  );
}
