import type { FastifyInstance, RouteOptions } from 'fastify';
import { endpoints, type Shapes } from '@phonehaat/shared-api/endpoints';
import { operations, type OperationId } from '@phonehaat/shared-api/operations';

/**
 * Operations the frontends never call, so outside the contract: probes, Prometheus, photo and share-image bytes,
 * sitemaps, Stripe's, SSLCommerz's and the courier's webhooks (and SSLCommerz's return, a browser's form post), the catalog's changes (the shell's server listens).
 */
const OUTSIDE = new Set(['getMetrics', 'getLiveness', 'getReadiness', 'getPhoto', 'getShareImage', 'getSitemapIndex', 'getSitemapFile', 'receiveStripeWebhook', 'sslcommerzIpn', 'sslcommerzReturn', 'nagadCallback', 'receiveCourierWebhook', 'watchCatalogChanges']);

const isZod = (schema: unknown) => typeof schema === 'object' && schema !== null && '_zod' in schema;

const parts = { params: 'params', query: 'querystring', body: 'body' } as const;

/** How a route differs from its operation in the contract (shared-api's operations.ts and endpoints.ts), or nothing. */
export function differences(route: Pick<RouteOptions, 'method' | 'url' | 'schema'>): string[] {
  const schema = (route.schema ?? {}) as Record<string, unknown> & { operationId?: string; response?: Record<string, unknown> };
  const id = schema.operationId;
  if (!id) return ['it has no operationId'];
  if (OUTSIDE.has(id)) return [];
  if (!Object.hasOwn(operations, id)) return [`${id} is not in the contract`];
  const method = [route.method].flat().find((m) => m !== 'HEAD');
  const found: string[] = [];
  if (`${method} ${route.url}` !== operations[id as OperationId]) found.push(`${id} is ${method} ${route.url}, the contract says ${operations[id as OperationId]}`);
  const shapes: Shapes = endpoints[id as OperationId];
  for (const [part, key] of Object.entries(parts) as [keyof typeof parts, string][]) {
    if (schema[key] !== shapes[part]) found.push(`${id}'s ${part} is not the contract's`);
  }
  const success = Object.keys(schema.response ?? {}).filter((status) => /^2/.test(status)).sort()[0];
  const answer = success === undefined ? undefined : schema.response?.[success];
  // An answer that is not JSON (the event stream) is documented by a plain JSON schema, and has none in the contract.
  if ((isZod(answer) ? answer : undefined) !== shapes.response) found.push(`${id}'s answer is not the contract's`);
  return found;
}

/**
 * Holds the API to the contract the frontends are typed from (decision 036): a route that differs from its operation
 * (method, path, or any schema other than the contract's very object), or a contract operation no route serves, stops
 * the API from starting, with what differs.
 */
export function holdToContract(app: FastifyInstance) {
  const served = new Set<string>();
  app.addHook('onRoute', (route) => {
    if (route.url === '*' || route.url.startsWith('/docs') || route.url.endsWith('/*') || [route.method].flat().every((m) => m === 'HEAD')) return;
    const found = differences(route);
    if (found.length) throw new Error(`The API differs from its contract (shared-api/src/operations.ts): ${found.join('; ')}`);
    served.add(String((route.schema as { operationId?: string }).operationId));
  });
  app.addHook('onReady', async () => {
    const unserved = Object.keys(operations).filter((id) => !served.has(id));
    if (unserved.length) throw new Error(`The contract names operations the API does not serve: ${unserved.join(', ')}`);
  });
}
