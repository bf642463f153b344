// Sitemaps for search engines (issue 48), at the API and served at the site's own address by the shell's server.
import { PassThrough } from 'node:stream';
import { z } from 'zod';
import { SitemapFileParams } from '@phonehaat/shared-api';
import { notFound } from '../../../errors.ts';
import type { Services } from '../../../services.ts';
import { errors, type ZodApp } from '../../../routes/types.ts';

/** Crawlers come back for it; an hour old is new enough. */
const CACHE = 'public, max-age=3600';
const XML = 'application/xml; charset=utf-8';
const xmlAnswer = (description: string) => ({ description, content: { 'application/xml': { schema: z.string().describe('XML') } } });

export async function sitemapRoutes(app: ZodApp, { sitemaps }: Services) {
  app.get(
    '/sitemap.xml',
    {
      config: { rateLimit: false },
      schema: {
        operationId: 'getSitemapIndex',
        tags: ['sitemaps'],
        summary: "The sitemap index: one file per 50,000 addresses of public phone pages (each phone's page in English and Bangla)",
        response: { 200: xmlAnswer('A sitemap index (sitemaps.org 0.9)') },
      },
    },
    async (_request, reply) => reply.header('cache-control', CACHE).type(XML).send(await sitemaps.index()),
  );

  app.get(
    '/sitemaps/:file',
    {
      config: { rateLimit: false },
      schema: {
        operationId: 'getSitemapFile',
        tags: ['sitemaps'],
        summary: 'One file of the sitemap: up to 50,000 addresses of public phone pages with their lastmod and other language',
        description: "Read from the database by one query through a cursor and written as it is read. A file past the index's last is 404.",
        params: SitemapFileParams,
        response: { 200: xmlAnswer('A sitemap (sitemaps.org 0.9, with xhtml:link alternates)'), ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const n = Number(/\d+/.exec(request.params.file)![0]);
      if (n > (await sitemaps.fileCount())) throw notFound('Sitemap file');
      const out = new PassThrough();
      sitemaps.write(n, out).catch((error: Error) => {
        request.log.error({ err: error }, 'sitemap file failed while being written');
        out.destroy(error);
      });
      // A stream is sent as it is (Fastify serialises only objects); the schema covers the error answers.
      return reply.header('cache-control', CACHE).type(XML).send(out as never);
    },
  );
}
