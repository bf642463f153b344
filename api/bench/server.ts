// The API as the benchmark measures it: in-memory PGlite seeded with BENCH_PRODUCTS listings.
import { randomUUID } from 'node:crypto';
import { buildApp } from '../src/app.js';
import { createTokenService } from '../src/auth/tokens.js';
import { parseEnv } from '../src/config/env.js';
import { openDatabase } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { advertisements, brands, products, users } from '../src/db/schema.js';
import { createStripeGateway } from '../src/payments/gateway.js';
import { seedBrands } from '../src/cli/seed-data.js';

const total = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const env = parseEnv({ ...process.env, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '100000000', PORT: '0' });
const database = await openDatabase({ dataDir: 'memory://' });
await migrate(database);
const { db } = database;

const brandRows = await db.insert(brands).values(seedBrands.map((name) => ({ name }))).returning();
const sellers = await db
  .insert(users)
  .values(Array.from({ length: 50 }, (_, i) => ({ name: `Seller ${i}`, email: `seller${i}@bench.test`, role: 'Seller' as const, verified: i % 3 === 0 })))
  .returning();
const [buyer] = await db.insert(users).values({ name: 'Bench Buyer', email: 'buyer@bench.test', role: 'Buyer' }).returning();

const conditions = ['Excellent', 'Good', 'Fair'] as const;
for (let start = 0; start < total; start += 1000) {
  const rows = Array.from({ length: Math.min(1000, total - start) }, (_, k) => {
    const i = start + k;
    return {
      id: randomUUID(),
      sellerId: sellers[i % sellers.length]!.id,
      brandId: brandRows[i % brandRows.length]!.id,
      name: `Bench phone ${i}`,
      img: `${env.PUBLIC_URL}/images/products/iphone-13-pro.svg`,
      condition: conditions[i % 3]!,
      resalePrice: 5000 + (i % 90) * 1000,
      originalPrice: 100_000,
      usedYear: 2019 + (i % 6),
      phone: '01711-000000',
      location: 'Dhaka',
      description: 'Benchmark listing',
      status: i % 20 === 0 ? ('sold' as const) : ('available' as const),
      createdAt: new Date(Date.now() - i * 1000),
    };
  });
  await db.insert(products).values(rows);
  // One in ten is advertised.
  await db.insert(advertisements).values(rows.filter((_, k) => k % 10 === 0).map((row) => ({ productId: row.id, createdAt: row.createdAt })));
}

const app = await buildApp(
  {
    env,
    database,
    identity: {
      verifyIdToken: () => Promise.reject(new Error('not used by the benchmark')),
      disableUser: () => Promise.resolve(),
    },
    gateway: createStripeGateway(env),
  },
  { logger: { level: 'warn' } },
);
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const token = await createTokenService(env.JWT_SECRET).sign({ userId: buyer!.id, email: buyer!.email, role: 'Buyer' });
// The parent reads this one line to know where and how to call.
console.log(JSON.stringify({ port, token, brandId: brandRows[0]!.id, products: total }));
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
