import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ApiError } from '@phonehaat/shared-api';
import type { ReadCache } from '../cache.ts';

export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Response schemas for the error statuses a route can answer with. */
export const errors = <const S extends number>(...statuses: S[]) =>
  Object.fromEntries(statuses.map((status) => [status, ApiError])) as Record<S, typeof ApiError>;

export const bearerAuth = [{ bearer: [] }];

/** Files whose address changes with their bytes (photos by their key, share images by their version): cached for good. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A public read: visitors are welcome; a signed-in caller is served as themselves. */
export const optionalBearer: { [scheme: string]: string[] }[] = [{}, { bearer: [] }];

/**
 * Answers a public read from the cache as ready-made JSON. The body is checked against its schema
 * once, when the cache is filled, instead of on every request (the hot path of the storefront).
 */
export async function sendCached<S extends z.ZodType>(
  reply: FastifyReply,
  cache: ReadCache,
  key: string,
  schema: S,
  load: () => Promise<z.input<S>>,
): Promise<never> {
  const body = await cache.get(`json:${key}`, async () => JSON.stringify(schema.parse(await load())));
  return reply.header('content-type', 'application/json; charset=utf-8').send(body) as never;
}
