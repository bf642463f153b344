import { buildApp } from './app.js';
import { createFirebaseIdentity } from './auth/identity.js';
import { EnvError, parseEnv } from './config/env.js';
import { openDatabase } from './db/client.js';
import { migrate } from './db/migrate.js';
import { createStripeGateway } from './payments/gateway.js';

async function main() {
  const env = parseEnv();
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  const applied = await migrate(database);
  const app = await buildApp({ env, database, identity: createFirebaseIdentity(env), gateway: createStripeGateway(env) });
  if (applied.length) app.log.info({ applied }, 'database migrated');
  app.log.info({ database: database.kind }, 'database ready');

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ host: env.HOST, port: env.PORT });
}

main().catch((error: unknown) => {
  if (error instanceof EnvError) {
    console.error(`PhoneHaat API cannot start.\n${error.message}`);
  } else {
    console.error('PhoneHaat API failed to start:', error);
  }
  process.exit(1);
});
