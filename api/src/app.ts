import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type FastifyPluginAsyncZod,
} from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { IdentityProvider } from './auth/identity.js';
import { createTokenService } from './auth/tokens.js';
import { connectCacheBus } from './cache-bus.js';
import { ReadCache } from './cache.js';
import type { Env } from './config/env.js';
import type { Database } from './db/client.js';
import { createMetrics, type Metrics } from './metrics.js';
import type { PaymentGateway } from './payments/gateway.js';
import { createSettlement } from './payments/settlement.js';
import { createSearchService } from './search/search-service.js';
import { createGuards } from './plugins/auth.js';
import { registerErrorHandling } from './plugins/errors.js';
import { createAuditRepository } from './repositories/audit.js';
import { createBookingsRepository } from './repositories/bookings.js';
import { createCatalogRepository } from './repositories/catalog.js';
import { createPhotosRepository } from './repositories/photos.js';
import { createReportsRepository } from './repositories/reports.js';
import { createPhotoService } from './photos/service.js';
import { createPhotoStore } from './photos/store.js';
import { createSearchRepository } from './repositories/search.js';
import { createUsersRepository } from './repositories/users.js';
import { adminRoutes } from './routes/admin.js';
import { bookingRoutes } from './routes/bookings.js';
import { catalogRoutes } from './routes/catalog.js';
import { searchRoutes } from './routes/search.js';
import { healthRoutes } from './routes/health.js';
import { metricsRoutes } from './routes/metrics.js';
import { paymentRoutes } from './routes/payments.js';
import { photoRoutes } from './routes/photos.js';
import { reportRoutes } from './routes/reports.js';
import { userRoutes } from './routes/users.js';

/** Set when the instance is shutting down: it then reports not-ready while it finishes its requests. */
export interface Lifecycle {
  draining: boolean;
}

export interface AppDeps {
  env: Env;
  database: Database;
  identity: IdentityProvider;
  gateway: PaymentGateway;
  /** With REDIS_URL: rate limits counted across instances, and its health in readiness. */
  redis?: Redis | undefined;
  lifecycle?: Lifecycle;
  /** Given by the server when /metrics is served on a port of its own (METRICS_PORT). */
  metrics?: Metrics;
}

const imagesDir = fileURLToPath(new URL('../assets/images/', import.meta.url));
const PHOTO_CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/** Everything a route needs, built once per app. */
export function createServices({ env, database, identity, gateway, redis, lifecycle, metrics = createMetrics(database) }: AppDeps) {
  const cache = new ReadCache(env.CACHE_TTL_MS, 2000, metrics.cache);
  const users = createUsersRepository(database.db);
  const photosRepo = createPhotosRepository(database.db);
  const photos = createPhotoService({
    repo: photosRepo,
    store: createPhotoStore(env, database.db),
    publicUrl: env.PUBLIC_URL,
  });
  const catalog = createCatalogRepository(database.db, photos.toPhoto);
  const bookings = createBookingsRepository(database.db);
  const tokens = createTokenService(env.JWT_SECRET);
  /** Every brand, from the read cache (writes clear it). */
  const brands = () => cache.get('brands', () => catalog.listBrands());
  return {
    env,
    cache,
    gateway,
    tokens,
    brands,
    repos: { users, catalog, bookings, photos: photosRepo, reports: createReportsRepository(database.db), audit: createAuditRepository(database.db) },
    photos,
    search: createSearchService({ search: createSearchRepository(database.db, photos.toPhoto), catalog, cache, brands }),
    guards: createGuards({ tokens, identity, users, cache }),
    identity,
    database,
    redis,
    metrics,
    lifecycle: lifecycle ?? { draining: false },
    settle: createSettlement(database.db, gateway, { onSold: () => cache.clear(), onSettled: metrics.paymentSettled }),
  };
}
export type Services = ReturnType<typeof createServices>;

/** The whole API as one plugin: external plugins first, then the routes. */
export const phonehaat: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const services = createServices(deps);
  const { env } = deps;

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('actor', null);
  registerErrorHandling(app);

  await app.register(helmet, {
    // Images are read by the storefront on another origin.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  await app.register(cors, {
    origin: env.CORS_ORIGINS,
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Accept-Language'],
    exposedHeaders: ['X-Request-Id'],
    maxAge: 600,
  });
  await app.register(rateLimit, {
    max: env.RATE_LIMIT_MAX,
    timeWindow: '1 minute',
    // With Redis, every instance counts in one place; if Redis goes away the limiter lets requests through
    // (after at most redis.ts's command timeout) rather than failing them.
    ...(deps.redis ? { redis: deps.redis, nameSpace: `${env.REDIS_PREFIX}rate-limit:`, skipOnError: true } : {}),
    onExceeded: (request) => services.metrics.rateLimited(request.routeOptions.url),
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'PhoneHaat API', description: 'Second-hand phone marketplace REST API', version: '1.0.0' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  await app.register(fastifyStatic, {
    root: imagesDir,
    prefix: '/images/',
    maxAge: '1d',
    index: false,
  });

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // Shutting down: each connection closes after its response, so the server can finish and exit.
    if (services.lifecycle.draining) reply.header('connection', 'close');
  });
  app.addHook('onResponse', async (request, reply) => {
    services.metrics.observeRequest(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
  });
  app.addHook('onClose', await connectCacheBus(services.cache, deps.database, app.log));

  // Served here unless the server gives metrics a port of their own.
  if (!env.METRICS_PORT) await app.register(async (scope) => metricsRoutes(scope, services.metrics));
  // Uploads never put on a listing go after a day; every instance sweeps (the sweep is idempotent).
  const sweep = setInterval(() => {
    services.photos.cleanup().catch((error: Error) => app.log.warn({ err: error }, 'photo cleanup failed'));
  }, PHOTO_CLEANUP_INTERVAL_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  for (const routes of [healthRoutes, userRoutes, catalogRoutes, photoRoutes, searchRoutes, bookingRoutes, paymentRoutes, adminRoutes, reportRoutes]) {
    await app.register(async (scope) => routes(scope, services));
  }
};

export async function buildApp(deps: AppDeps, options: FastifyServerOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    bodyLimit: deps.env.BODY_LIMIT,
    trustProxy: deps.env.NODE_ENV === 'production',
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // Shutting down, a request that still arrives on an open connection is served (with Connection: close)
    // rather than refused: it was accepted, and the load balancer learns from /health/ready instead.
    return503OnClosing: false,
    logger: {
      level: deps.env.LOG_LEVEL,
      // Tokens, cookies and webhook signatures never reach the logs; card data never reaches this API.
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["stripe-signature"]'],
    },
    ...options,
  });
  await app.register(phonehaat, deps);
  return app;
}
