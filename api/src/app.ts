import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type FastifyPluginAsyncZod,
} from 'fastify-type-provider-zod';
import { FastifySSEPlugin } from 'fastify-sse-v2';
import { connectCacheBus } from './cache-bus.ts';
import { conversationRoutes } from './modules/conversations/http.ts';
import { notificationRoutes } from './modules/notifications/http.ts';
import { pushRoutes } from './modules/notifications/http.ts';
import { savedSearchRoutes } from './modules/search/http.ts';
import { watchRoutes } from './modules/search/http.ts';
import { createJobQueue } from './jobs/queue.ts';
import { runJobs } from './jobs/worker.ts';
import { callerChecksFirst } from './plugins/auth.ts';
import { holdToContract } from './plugins/contract.ts';
import { frameworkError, registerErrorHandling } from './plugins/errors.ts';
import { allowedMethods } from './plugins/methods.ts';
import { refuseNul } from './plugins/text.ts';
import { refuseUnknown } from './plugins/unknown-input.ts';
import { documentTransform } from './openapi/transform.ts';
import { createServices, type AppDeps, type Services } from './services.ts';
import { adminRoutes } from './modules/identity/http.ts';
import { bookingRoutes } from './modules/orders/http.ts';
import { catalogRoutes } from './modules/catalog/http.ts';
import { catalogChangeRoutes } from './modules/catalog/http.ts';
import { searchRoutes } from './modules/search/http.ts';
import { healthRoutes } from './routes/health.ts';
import { metricsRoutes } from './routes/metrics.ts';
import { paymentRoutes } from './modules/payments/http.ts';
import { photoRoutes } from './modules/catalog/http.ts';
import { holdRoutes, reportRoutes } from './modules/trust/http.ts';
import { deviceCheckPageRoutes, deviceCheckRoutes, imeiRoutes } from './modules/trust/http.ts';
import { reviewRoutes } from './modules/trust/http.ts';
import { rumRoutes } from './rum/routes.ts';
import { priceGuideRoutes } from './modules/catalog/http.ts';
import { nagadRoutes, paymentReviewRoutes, sslcommerzRoutes, walletPaymentRoutes } from './modules/payments/http.ts';
import { handoverRoutes } from './modules/orders/http.ts';
import { neirRoutes } from './modules/orders/http.ts';
import { feeRoutes } from './modules/orders/http.ts';
import { disputeRoutes } from './modules/orders/http.ts';
import { earningsRoutes } from './modules/orders/http.ts';
import { userRoutes } from './modules/identity/http.ts';
import { deliveryRoutes } from './modules/orders/http.ts';
import { phoneRoutes } from './modules/identity/http.ts';
import { offerRoutes } from './modules/offers/http.ts';
import { shareImageRoutes } from './modules/catalog/http.ts';
import { sitemapRoutes } from './modules/catalog/http.ts';

const imagesDir = fileURLToPath(new URL('../assets/images/', import.meta.url));

export { createServices, type AppDeps, type Lifecycle, type Services } from './services.ts';

/** What /docs and the contract test read: the API's OpenAPI document, before its routes are added. */
function openApiDocument(env: AppDeps['env']): FastifyDynamicSwaggerOptions['openapi'] {
  return {
    openapi: '3.1.0',
    info: {
      title: 'PhoneHaat API',
      description:
        'Second-hand phone marketplace REST API. Every operation lists the statuses it answers, each error in one shape ' +
        '(`message`, `fields`, `requestId`); the rules JSON Schema cannot state are in each operation\'s `x-rules` (the ' +
        'messages a 400 answers) and description. No text may contain U+0000. A query parameter an operation does not list, ' +
        'or a body field it does not describe, is refused with a 400 naming it (one policy for every operation). A known ' +
        'path asked with another method answers 405 with `Allow`.',
      version: '1.0.0',
      contact: { name: 'PhoneHaat', url: 'https://github.com/phonehaat' },
    },
    servers: [{ url: env.PUBLIC_URL, description: 'This deployment' }],
    tags: [
      { name: 'catalog', description: 'Brands and the phones on sale' },
      { name: 'products', description: "A seller's own listings" },
      { name: 'search', description: 'Search and suggestions' },
      { name: 'photos', description: 'Listing photos' },
      { name: 'sitemaps', description: 'Sitemaps for search engines: every public phone page in both languages' },
      { name: 'bookings', description: 'Booking a phone, and who booked it' },
      { name: 'offers', description: 'Bargaining: offers on phones open to them, counter-offers and their answers' },
      { name: 'delivery', description: "Courier delivery: the fee, sellers' pickup points, parcels and their steps, the courier's webhooks" },
      { name: 'disputes', description: "Buyers' disputes of held sales, and the admin's decisions" },
      { name: 'payouts', description: "Sellers' payout wallets, earnings and payouts; the admin's view of the money" },
      { name: 'payments', description: 'Paying for a booking by card (and its webhooks) or from a mobile wallet (bKash)' },
      { name: 'users', description: 'Accounts and roles' },
      { name: 'admin', description: 'Verifying and removing users' },
      { name: 'reports', description: 'Reports, moderation and the activity log' },
      { name: 'trust', description: "Phones' IMEIs and the blocklist of stolen ones; buyers' ratings and sellers' profiles" },
      { name: 'conversations', description: 'Messages between a buyer and a seller about a listing, and the live stream' },
      { name: 'notifications', description: "A person's notifications, which e-mails they get, and the devices they get pushes on" },
      { name: 'saved-searches', description: 'Searches a person keeps and phones they watch, told of new phones and lower prices' },
      { name: 'releases', description: "Real-user measurements per slice release: the shell's beacons, and the figures canaries are judged on" },
      { name: 'health', description: 'Liveness, readiness and metrics' },
    ],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  };
}

/** What every answer carries and what each instance does as it starts and closes: ids, metrics, caches, streams, beacons. */
async function addLifecycle(app: FastifyInstance, deps: AppDeps, services: Services) {
  const { env } = deps;
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // Shutting down: each connection closes after its response, so the server can finish and exit.
    if (services.lifecycle.draining) reply.header('connection', 'close');
  });
  app.addHook('onResponse', async (request, reply) => {
    services.metrics.observeRequest(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
  });
  // Listings with another website's image (the original contract took any URL) show PhoneHaat's placeholder (issue 43).
  // Not a reason to refuse to start: the next instance to start does it.
  app.addHook('onReady', async () => {
    const origin = new URL(env.PUBLIC_URL).origin;
    try {
      const replaced = await services.repos.catalog.replaceOutsideImages(origin, `${origin}/images/products/no-photo.svg`);
      if (replaced > 0) {
        services.cache.clear();
        app.log.info({ replaced }, "listings' outside images replaced by the placeholder");
      }
    } catch (error) {
      app.log.warn({ err: error }, "listings' outside images could not be replaced now");
    }
  });
  app.addHook('onClose', await connectCacheBus(services.cache, deps.database, app.log));
  app.addHook('onClose', await services.hub.connect());
  // Open event streams never end by themselves: end them when the server closes (the browsers reconnect elsewhere).
  app.addHook('preClose', async () => services.hub.closeAll());
  await app.register(FastifySSEPlugin);

  // Served here unless the server gives metrics a port of their own.
  if (!env.METRICS_PORT) await app.register(async (scope) => metricsRoutes(scope, services.metrics));
  // Real-user beacons counted in this instance's memory are added to PostgreSQL every few seconds, and at close: the
  // one timer of the instance's own (each instance flushes what it counted; the sweeps are the job queue's).
  const flush = setInterval(() => void services.rum.flush().catch((error: Error) => app.log.warn({ err: error }, 'real-user measurements flush failed')), env.RUM_FLUSH_MS);
  flush.unref();
  app.addHook('onClose', async () => {
    clearInterval(flush);
    await services.rum.flush();
  });
  // A courier's step answered before what it set off (a hold, a return, telling both sides) is finished first.
  app.addHook('onClose', () => services.delivery.drain());
}

/** The whole API as one plugin: external plugins first, then the routes. */
export const phonehaat: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { env } = deps;
  // The job queue — e-mail, payouts and every periodic sweep (decision 031) — runs in each instance unless JOB_QUEUE=off
  // (the API's tests turn it on where they need it, and wherever they send e-mail). Without it e-mail waits in the
  // outbox, released money stays owed and no sweep runs.
  const jobs = (env.JOB_QUEUE ?? (env.NODE_ENV === 'test' && !env.SMTP_URL && !env.VAPID_PUBLIC_KEY ? 'off' : 'on')) === 'on' ? createJobQueue(deps.database, env, app.log) : undefined;
  const services = createServices({ ...deps, jobs }, app.log);
  if (jobs) runJobs(app, services, jobs);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('actor', null);
  registerErrorHandling(app, allowedMethods(app, MAX_PARAM_LENGTH));
  holdToContract(app);
  app.addHook('preValidation', refuseNul);
  app.addHook('preValidation', refuseUnknown);

  await app.register(helmet, {
    // Images are read by the storefront on another origin.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  await app.register(cors, {
    origin: env.CORS_ORIGINS,
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Accept-Language', 'X-PhoneHaat-Browser'],
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
  // Who the caller is, and whether they may, before what they sent is checked (every route registered after this), and
  // after the rate limit has counted the request (its hook is added first): a flood of bad sign-in tokens is limited
  // before each is checked with Firebase.
  app.addHook('onRoute', callerChecksFirst);
  await app.register(swagger, {
    openapi: openApiDocument(env),
    transform: documentTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  await app.register(fastifyStatic, {
    root: imagesDir,
    prefix: '/images/',
    maxAge: '1d',
    index: false,
  });

  await addLifecycle(app, deps, services);

  for (const routes of [healthRoutes, userRoutes, catalogRoutes, catalogChangeRoutes, photoRoutes, searchRoutes, bookingRoutes, paymentRoutes, walletPaymentRoutes, sslcommerzRoutes, nagadRoutes, paymentReviewRoutes, handoverRoutes, neirRoutes, disputeRoutes, earningsRoutes, feeRoutes, adminRoutes, reportRoutes, holdRoutes, imeiRoutes, deviceCheckRoutes, deviceCheckPageRoutes, reviewRoutes, conversationRoutes, notificationRoutes, savedSearchRoutes, watchRoutes, rumRoutes, priceGuideRoutes, deliveryRoutes, phoneRoutes, offerRoutes, shareImageRoutes, sitemapRoutes, pushRoutes]) {
    await app.register(async (scope) => routes(scope, services));
  }
};

/**
 * A request as the log has it: Fastify's fields, its address without the secrets a query may carry (the event
 * stream's single-use ticket, which an EventSource can only send there).
 */
function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.replace(/([?&](?:ticket|token|code)=)[^&#]*/gi, '$1[redacted]'),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The longest path parameter the router takes (see buildApp). */
const MAX_PARAM_LENGTH = 1024;

export async function buildApp(deps: AppDeps, options: FastifyServerOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    bodyLimit: deps.env.BODY_LIMIT,
    trustProxy: deps.env.NODE_ENV === 'production',
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // A path parameter may be an e-mail address (GET /users/buyers/:email), which sign-up takes up to 254 characters,
    // written with escapes up to three times that: the router's default of 100 left long addresses unable to sign in.
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: frameworkError,
    // Shutting down, a request that still arrives on an open connection is served (with Connection: close)
    // rather than refused: it was accepted, and the load balancer learns from /health/ready instead.
    return503OnClosing: false,
    ...options,
    // A caller's logger options (a test's stream) keep the secrets out all the same.
    logger:
      options.logger === false
        ? false
        : {
            level: deps.env.LOG_LEVEL,
            // Tokens, cookies and webhook signatures never reach the logs; card data never reaches this API.
            redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["stripe-signature"]'],
            serializers: { req: requestForLog },
            ...(typeof options.logger === 'object' ? options.logger : {}),
          },
  });
  await app.register(phonehaat, deps);
  return app;
}
