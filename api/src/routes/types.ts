import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiError } from '@phonehaat/shared-api';

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
