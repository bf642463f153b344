import { createFirebaseIdentity } from '../modules/identity/index.ts';
import { parseEnv } from '../config/env.ts';
import { openDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { seedDatabase } from '../db/seed.ts';
import { demoPassword, demoUsers } from './seed-data.ts';

// pnpm --filter api seed — brands, demo accounts (emulator + database) and demo listings. Safe to repeat.
const env = parseEnv();
if (!env.FIREBASE_AUTH_EMULATOR_HOST && env.NODE_ENV !== 'production') {
  console.warn('FIREBASE_AUTH_EMULATOR_HOST is not set: demo accounts are created in the database only.');
}
const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  await migrate(database);
  const auth = env.FIREBASE_AUTH_EMULATOR_HOST ? createFirebaseIdentity(env).auth : undefined;
  const summary = await seedDatabase(database, env, auth);
  console.log(`Seeded ${summary.brands} brands, ${summary.users} demo accounts and ${summary.products} new listings.`);
  console.log(`Demo accounts (password ${demoPassword}): ${demoUsers.map((user) => `${user.email} (${user.role})`).join(', ')}`);
} finally {
  await database.close();
}
