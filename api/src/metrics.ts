import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from './db/client.ts';

/**
 * What the API reports in Prometheus' text format at /metrics: requests by route and status with their
 * latency, the event loop's lag (with Node's other default metrics), the database pool, the read cache,
 * payments and rate-limit rejections. One registry per app, so tests can build several.
 */
export function createMetrics(database: Pick<Database, 'poolStats'>) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by route and status, with their duration (its _count is the number of requests)',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  new Gauge({
    name: 'phonehaat_db_pool_connections',
    help: 'Database pool connections: in use, idle, and requests waiting for one',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const { total, idle, waiting } = database.poolStats();
      this.set({ state: 'in_use' }, total - idle);
      this.set({ state: 'idle' }, idle);
      this.set({ state: 'waiting' }, waiting);
    },
  });
  const cacheLookups = new Counter({
    name: 'phonehaat_read_cache_lookups_total',
    help: 'Read cache lookups, by result (hit or miss)',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  const payments = new Counter({
    name: 'phonehaat_payments_total',
    help: 'Succeeded card payments settled, by outcome (settled: a sale; refunded: the phone was already sold)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const rateLimited = new Counter({
    name: 'phonehaat_rate_limit_rejections_total',
    help: 'Requests refused with 429, by route',
    labelNames: ['route'] as const,
    registers: [registry],
  });
  return {
    registry,
    observeRequest(method: string, route: string | undefined, statusCode: number, seconds: number) {
      // Unknown paths share one label, so a scan of random URLs cannot grow the series without bound.
      requests.observe({ method, route: route ?? 'unmatched', status_code: String(statusCode) }, seconds);
    },
    cache: { hit: () => cacheLookups.inc({ result: 'hit' }), miss: () => cacheLookups.inc({ result: 'miss' }) },
    paymentSettled: (outcome: 'settled' | 'refunded') => payments.inc({ outcome }),
    rateLimited: (route: string | undefined) => rateLimited.inc({ route: route ?? 'unmatched' }),
  };
}
export type Metrics = ReturnType<typeof createMetrics>;
