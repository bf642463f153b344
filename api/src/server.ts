import Fastify from 'fastify';
import { buildApp, type Lifecycle } from './app.ts';
import { AppVerificationMissing, checkPhoneAppVerification } from './auth/app-verification.ts';
import { createFirebaseIdentity } from './auth/identity.ts';
import { EnvError, parseEnv } from './config/env.ts';
import { openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { createMetrics } from './metrics.ts';
import { createStripeGateway } from './payments/gateway.ts';
import { createRedis } from './redis.ts';
import { metricsRoutes } from './routes/metrics.ts';

async function main() {
  const env = parseEnv();
  // Production sends phone codes only with Firebase's app verification on (issue 46): asked before anything opens (the
  // Auth emulator has no reCAPTCHA configuration to ask, and takes the token as it comes).
  const appVerification = env.PHONE_APP_VERIFICATION === 'recaptcha-enterprise' && !env.FIREBASE_AUTH_EMULATOR_HOST ? await checkPhoneAppVerification(env) : undefined;
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  const applied = await migrate(database);
  const lifecycle: Lifecycle = { draining: false };
  const metrics = createMetrics(database);
  const log = Fastify({ logger: { level: env.LOG_LEVEL } }).log;
  const redis = env.REDIS_URL ? createRedis(env.REDIS_URL, log) : undefined;
  const app = await buildApp({ env, database, identity: createFirebaseIdentity(env), gateway: createStripeGateway(env), redis, lifecycle, metrics });
  if (applied.length) app.log.info({ applied }, 'database migrated');
  if (appVerification?.enforcement === 'AUDIT') app.log.warn(appVerification, "Firebase's reCAPTCHA for phone codes only audits: set it to ENFORCE once the scores look right");
  app.log.info({ database: database.kind, redis: Boolean(redis) }, 'database ready');

  // Metrics on a port of their own, so they need not be reachable where the API is.
  const metricsServer = env.METRICS_PORT === undefined ? undefined : Fastify({ logger: false });
  if (metricsServer) await metricsServer.register(async (scope) => metricsRoutes(scope, metrics));

  /**
   * SIGTERM (a rolling restart): stop accepting connections and report not-ready, finish the requests already
   * accepted (at most SHUTDOWN_TIMEOUT_MS), then close the database and Redis.
   */
  const close = async (signal: string) => {
    if (lifecycle.draining) return;
    lifecycle.draining = true;
    app.log.info({ signal, timeoutMs: env.SHUTDOWN_TIMEOUT_MS }, 'shutting down: finishing the requests in flight');
    const deadline = setTimeout(() => {
      app.log.error({ timeoutMs: env.SHUTDOWN_TIMEOUT_MS }, 'requests still in flight at the shutdown deadline; exiting anyway');
      process.exit(1);
    }, env.SHUTDOWN_TIMEOUT_MS);
    deadline.unref();
    await app.close();
    await metricsServer?.close();
    await redis?.quit().catch(() => redis.disconnect());
    await database.close();
    clearTimeout(deadline);
    app.log.info('shut down cleanly');
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ host: env.HOST, port: env.PORT });
  if (metricsServer) await metricsServer.listen({ host: env.HOST, port: env.METRICS_PORT });
}

main().catch((error: unknown) => {
  if (error instanceof EnvError || error instanceof AppVerificationMissing) {
    console.error(`PhoneHaat API cannot start.\n${error.message}`);
  } else {
    console.error('PhoneHaat API failed to start:', error);
  }
  process.exit(1);
});
