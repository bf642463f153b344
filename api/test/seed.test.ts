import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@phonehaat/shared-api';
import { createFirebaseIdentity } from '../src/modules/identity/auth/identity.js';
import { demoPassword, demoUsers, seedProducts } from '../src/cli/seed-data.js';
import { openDatabase } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { seedDatabase } from '../src/db/seed.js';
import { auditLog, users } from '../src/db/schema.js';
import { auth, createHarness, databaseKind, firebaseSignIn, json, type Harness } from './support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe('seed', () => {
  // Draws and uploads every demo listing's photos twice over (sharp): a minute when the machine is busy.
  it('creates the demo accounts, who can sign in, and the demo listings once', { timeout: 120_000 }, async () => {
    const identity = createFirebaseIdentity(h.env);
    const first = await seedDatabase(h.database, h.env, identity.auth);
    expect(first.products).toBe(seedProducts.length);
    const again = await seedDatabase(h.database, h.env, identity.auth);
    expect(again.products).toBe(0);

    const seller = demoUsers.find((user) => user.role === 'Seller')!;
    const signIn = await firebaseSignIn(seller.email, demoPassword);
    expect(signIn.idToken).toBeTruthy();
    const jwt = await h.app.inject({ method: 'GET', url: `/jwt?email=${seller.email}`, headers: auth(signIn.idToken!) });
    expect(jwt.statusCode).toBe(200);

    const advertised = json<Product[]>(await h.app.inject({ method: 'GET', url: '/advertised?limit=50' }));
    expect(advertised).toHaveLength(seedProducts.filter((product) => product.advertised).length);
    // Each has two uploaded photos, the first its cover, served by this API: the storefront needs no internet.
    for (const product of advertised) {
      expect(product.photos).toHaveLength(2);
      expect(product.img).toBe(product.photos[0]!.medium);
    }
    const served = await h.app.inject({ method: 'GET', url: new URL(advertised[0]!.photos[1]!.large).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });
});

describe.runIf(databaseKind === 'pglite')('admin:grant', () => {
  const cli = (dataDir: string, ...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/admin-grant.ts', ...args], {
      cwd: join(import.meta.dirname, '..'),
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      encoding: 'utf8',
    });

  // Three runs of the command line, each starting Node and tsx.
  it('makes an existing account an admin, refuses an unknown one, and never opens a data folder in use', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'phonehaat-grant-'));
    try {
      const database = await openDatabase({ dataDir });
      await migrate(database);
      await database.db.insert(users).values({ name: 'Future Admin', email: 'boss@phonehaat.test', role: 'Seller' });
      const busy = cli(dataDir, 'boss@phonehaat.test');
      expect(busy.status).not.toBe(0);
      expect(busy.stderr).toMatch(/in use by process/);
      await database.close();

      const granted = cli(dataDir, 'Boss@PhoneHaat.test');
      expect(granted.stdout).toContain('is now an admin');
      expect(granted.status).toBe(0);
      const unknown = cli(dataDir, 'nobody@phonehaat.test');
      expect(unknown.status).toBe(1);
      expect(unknown.stderr).toContain('No active PhoneHaat account');

      const check = await openDatabase({ dataDir });
      const [row] = await check.db.select().from(users).where(eq(users.email, 'boss@phonehaat.test'));
      expect(row?.role).toBe('admin');
      // The grant is in the admins' audit log, from the command line.
      const [entry] = await check.db.select().from(auditLog).where(eq(auditLog.targetId, row!.id));
      expect(entry).toMatchObject({ action: 'grant-admin', actorId: null, actorName: 'command line' });
      await check.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
