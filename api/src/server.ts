import Fastify from 'fastify';
import { buildApp, type Lifecycle } from './app.ts';
import { AppVerificationMissing, checkPhoneAppVerification } from './modules/identity/index.ts';
import { createFirebaseIdentity } from './modules/identity/index.ts';
import { EnvError, parseEnv } from './config/env.ts';
import { openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { createMetrics } from './metrics.ts';
import { createStripeGateway } from './modules/payments/index.ts';
import { createRedis } from './redis.ts';
import { metricsRoutes } from './routes/metrics.ts';

/** A database that is not up yet (PostgreSQL starting beside the API, a name not yet resolvable), not a wrong one. */
const NOT_UP_YET = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', '57P03']);
/**
 * node-postgres's own words for a connection not made within connectionTimeoutMillis, or closed by a server still
 * starting (it gives no code for either).
 */
const TIMED_OUT = /connection timeout|timeout exceeded when trying to connect|connection terminated unexpectedly/i;
const notUpYet = (error: unknown): boolean => {
  const { code, cause, errors, message } = (error ?? {}) as { code?: string; cause?: unknown; errors?: unknown[]; message?: string };
  return (code !== undefined && NOT_UP_YET.has(code)) || TIMED_OUT.test(message ?? '') || (cause !== undefined && notUpYet(cause)) || (errors?.some(notUpYet) ?? false);
};

/**
 * Opens the database and migrates it, waiting up to a minute for a server that is still starting (a compose stack, a
 * pod beside its database: issue 66), one try a second; any other failure, or a database still down, stops the start.
 */
async function databaseWhenUp(url: string | undefined, dataDir: string) {
  for (let attempt = 1; ; attempt += 1) {
    const database = await openDatabase({ url, dataDir });
    try {
      return { database, applied: await migrate(database) };
    } catch (error) {
      await database.close().catch(() => undefined);
      if (!notUpYet(error) || attempt >= 60) throw error;
      console.error(`the database is not up yet (${String((error as Error).message ?? error)}): trying again`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

async function main() {
  const env = parseEnv();
  // Production sends phone codes only with Firebase's app verification on (issue 46): asked before anything opens (the
  // Auth emulator has no reCAPTCHA configuration to ask, and takes the token as it comes).
  const appVerification = env.PHONE_APP_VERIFICATION === 'recaptcha-enterprise' && !env.FIREBASE_AUTH_EMULATOR_HOST ? await checkPhoneAppVerification(env) : undefined;
  const { database, applied } = await databaseWhenUp(env.DATABASE_URL, env.DATA_DIR);
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
    // Still serving, but not ready: a balancer's health check (or Kubernetes' endpoints) takes this long to stop sending
    // new requests here (issue 66: a roll without a failed request). Then no new connection is taken.
    if (env.SHUTDOWN_DRAIN_DELAY_MS > 0) await new Promise((resolve) => setTimeout(resolve, env.SHUTDOWN_DRAIN_DELAY_MS));
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
