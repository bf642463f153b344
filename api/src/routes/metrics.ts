import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../metrics.ts';

/** Prometheus' text format; never rate limited (a scraper calls it every few seconds). */
export async function metricsRoutes(app: FastifyInstance, metrics: Metrics) {
  app.get('/metrics', { schema: { hide: true, operationId: 'getMetrics', tags: ['health'] }, config: { rateLimit: false } }, async (_request, reply) =>
    reply.header('content-type', metrics.registry.contentType).send(await metrics.registry.metrics()),
  );
}
