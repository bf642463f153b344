// The API as the benchmark measures it: BENCH_PRODUCTS listings (bench/listings.ts) in in-memory PGlite,
// or in the PostgreSQL database at BENCH_DATABASE_URL (seeded unless BENCH_SEED=0, so a second server
// process can reuse it). Prints one JSON line: where to call, with what token, and the search's plan.
import { sql } from 'drizzle-orm';
import { SearchQuery } from '@phonehaat/shared-api';
import { buildApp, createServices } from '../src/app.js';
import { createTokenService } from '../src/modules/identity/auth/tokens.js';
import { parseEnv } from '../src/config/env.js';
import { openDatabase } from '../src/db/client.js';
import { brands, products, users } from '../src/db/schema.js';
import { createStripeGateway } from '../src/modules/payments/gateway.js';
import { measureInProcess, type InProcessResult } from './in-process.js';
import { SALES, seedBenchListings } from './seed.js';
import { explainedSearch, searches, typed } from './workload.js';

const total = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const env = parseEnv({ ...process.env, DATABASE_URL: process.env.BENCH_DATABASE_URL, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '100000000', SUGGEST_RATE_LIMIT_MAX: '100000000', MESSAGE_RATE_LIMIT_MAX: '100000000', PORT: '0' });
const database = await openDatabase({ url: env.DATABASE_URL, dataDir: 'memory://', poolSize: 10 });
const { db } = database;
const identity = { verifyIdToken: () => Promise.reject(new Error('not used by the benchmark')), disableUser: () => Promise.resolve() };

if (process.env.BENCH_SEED !== '0') await seedBenchListings(database, env.PUBLIC_URL, total);

const deps = { env, database, identity, gateway: createStripeGateway(env) };
const app = await buildApp(deps, { logger: { level: 'warn' } });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const [buyer] = await db.select().from(users).where(sql`${users.email} = 'buyer@bench.test'`);
const tokens = createTokenService(env.JWT_SECRET);
const token = await tokens.sign({ userId: buyer!.id, email: buyer!.email ?? '', role: 'Buyer' });
const [admin] = await db.select().from(users).where(sql`${users.email} = 'admin@bench.test'`);
const adminToken = await tokens.sign({ userId: admin!.id, email: admin!.email ?? '', role: 'admin' });
const [brand] = await db.select().from(brands).orderBy(brands.name).limit(1);
const [product] = await db.select({ id: products.id, sellerId: products.sellerId }).from(products).where(sql`${products.status} = 'available'`).limit(1);
// For the conversations' bench (bench/streams.ts): the listing's seller, and another buyer who only listens.
const [seller] = await db.select().from(users).where(sql`${users.id} = ${product!.sellerId}`);
const sellerToken = await tokens.sign({ userId: seller!.id, email: seller!.email ?? '', role: 'Seller' });
const [listener] = await db.select().from(users).where(sql`${users.email} = 'buyer1@bench.test'`);
const listenerToken = await tokens.sign({ userId: listener!.id, email: listener!.email ?? '', role: 'Buyer' });
const { search, priceGuide } = createServices(deps, app.log);
// The price guide's queries (issue 30): 20 models, conditions and years that have paid sales, in turn.
const guided = (await db.execute(sql`SELECT DISTINCT ON (p.model_key, p.condition) p.brand_id, p.name, p.condition, p.used_year FROM products p
  WHERE p.status = 'sold' AND p.model_key IS NOT NULL ORDER BY p.model_key, p.condition, p.id LIMIT 20`)) as unknown as { rows: { brand_id: string; name: string; condition: 'Excellent' | 'Good' | 'Fair'; used_year: number }[] };
const guideQueries = guided.rows.map((row) => ({ brandId: row.brand_id, name: row.name, condition: row.condition, usedYear: row.used_year }));
const priceGuides = guideQueries.map((query) => new URLSearchParams({ ...query, usedYear: String(query.usedYear) }).toString());
const filtersOf = (query: string) => SearchQuery.parse(Object.fromEntries(new URLSearchParams(query)));
const explain = await search.explain(filtersOf(explainedSearch));

/** With BENCH_IN_PROCESS_SECONDS: the search and suggestions without HTTP, one at a time and 20 at a time. */
const inProcess: InProcessResult[] = [];
const seconds = Number(process.env.BENCH_IN_PROCESS_SECONDS ?? 0);
if (seconds > 0) {
  const workloads: [string, (() => Promise<unknown>)[]][] = [
    ['search: words + two filters + facets', [() => search.search(filtersOf(explainedSearch))]],
    [`search: the ${searches.length} queries in turn`, searches.map((query) => () => search.search(filtersOf(query)))],
    [`suggest: the ${typed.length} prefixes in turn`, typed.map((q) => () => search.suggest(q))],
    [`price guide: ${guideQueries.length} models in turn (no cache: the repository itself)`, guideQueries.map((query) => () => priceGuide(query))],
  ];
  for (const [name, calls] of workloads) {
    for (const concurrency of [1, 20]) inProcess.push(await measureInProcess(name, calls, concurrency, seconds));
  }
}
// The parent reads this one line to know where and how to call.
console.log(JSON.stringify({ port, token, adminToken, sellerToken, listenerToken, brandId: brand!.id, productId: product!.id, products: total, sales: SALES, explain, inProcess, priceGuides }));
process.on('SIGTERM', () => void app.close().then(() => database.close()).then(() => process.exit(0)));
