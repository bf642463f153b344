// pnpm --filter api bench (its last part) — matching new listings against 100,000 saved searches (issue 27):
//  1. one listing matched (the matcher's work after its commit: the indexed query, recording the matches and their
//     notifications), 300 listings one after another: p50 and p99 against the 20 ms target;
//  2. publishing a listing (its transaction, as POST /addedproducts runs it, then the matching started after the
//     commit as the route starts it), with 100,000 saved searches, 300 with the matching and 300 without, in turns:
//     the slowdown against the 10% target.
// On the PostgreSQL server at DATABASE_URL (a database it creates and drops); without it, on embedded PGlite.
// Appends its table to api/BENCHMARKS.md.
import { writeSection } from './section.js';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { SearchQuery } from '@phonehaat/shared-api';
import { createServices } from '../src/app.js';
import { parseEnv } from '../src/config/env.js';
import { openDatabase } from '../src/db/client.js';
import { brands, savedSearches, users } from '../src/db/schema.js';
import { createStripeGateway } from '../src/modules/payments/gateway.js';
import { requiredWords } from '../src/modules/search/repositories/saved-searches.js';
import type { SearchCriteria } from '../src/modules/search/repositories/search.js';
import { temporaryDatabase } from '../test/support/temporary-database.js';
import { benchListing } from './listings.js';
import { BUYERS, seedBenchListings } from './seed.js';

const SEARCHES = Number(process.env.BENCH_SAVED_SEARCHES ?? 100_000);
const LISTINGS = Number(process.env.BENCH_PRODUCTS_FOR_MATCHING ?? 20_000);
const ROUNDS = 300;
/** Ten new listings a second: many times PhoneHaat's busiest hour (a few thousand a day). */
const PACE_MS = 100;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return { p50: round(percentile(sorted, 50)), p99: round(percentile(sorted, 99)), mean: round(times.reduce((a, b) => a + b, 0) / times.length) };
};

const adminUrl = process.env.DATABASE_URL;
const temp = adminUrl ? await temporaryDatabase(adminUrl, 'phonehaat_bench_matching') : undefined;
try {
  const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'warn', DATABASE_URL: temp?.url });
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: 'memory://', poolSize: 10 });
  const engine = database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  console.log(`saved searches on ${engine}: seeding ${LISTINGS.toLocaleString('en-US')} listings…`);
  await seedBenchListings(database, env.PUBLIC_URL, LISTINGS);
  const identity = { verifyIdToken: () => Promise.reject(new Error('not used')), disableUser: () => Promise.resolve() };
  const services = createServices({ env, database, identity, gateway: createStripeGateway(env) }, Fastify({ logger: { level: 'warn' } }).log);
  const { db } = database;
  const brandRows = await db.select().from(brands);
  const brandId = new Map(brandRows.map((brand) => [brand.name, brand.id]));
  const [seller] = await db.select().from(users).where(sql`${users.email} = 'seller1@bench.test'`);

  /**
   * What people save: mostly a model by its words ("iphone 13", "galaxy s21 fe"), often under a price and some in a
   * condition or from a brand; one in ten with no words, only a brand, a price cap and a condition.
   */
  const queries = Array.from({ length: 600 }, (_, i) => {
    const listing = benchListing(i * 37);
    const words = listing.name.split(' ');
    const params = new URLSearchParams();
    if (i % 10 === 0) {
      params.set('brand', brandId.get(listing.brand)!);
      params.set('maxPrice', String(Math.round(listing.resalePrice * 0.9)));
      params.append('condition', 'Excellent');
      return params;
    }
    params.set('q', words.slice(0, Math.max(2, Math.min(words.length, 2 + (i % 3)))).join(' '));
    if (i % 5 < 3) params.set('maxPrice', String(Math.round(listing.resalePrice * (0.8 + (i % 4) * 0.1))));
    if (i % 4 === 0) params.append('condition', i % 8 === 0 ? 'Excellent' : 'Good');
    if (i % 6 === 0) params.set('brand', brandId.get(listing.brand)!);
    return params;
  });
  const criteria: SearchCriteria[] = [];
  for (const query of queries) criteria.push(await services.search.criteriaOf(SearchQuery.parse(Object.fromEntries(query))));
  const buyerIds = (await db.execute(sql`SELECT id FROM users WHERE role = 'Buyer' ORDER BY email LIMIT ${Math.min(BUYERS, SEARCHES)}`)) as unknown as { rows: { id: string }[] };

  /**
   * Publishing as the route does: the listing's transaction, then (when `matching`) the matching started after the
   * commit; one listing every `everyMs` (0: back to back).
   */
  let published = 0;
  const publishTimes = async (everyMs: number, rounds: number, matching: boolean) => {
    const times: number[] = [];
    const begun = performance.now();
    for (let i = 0; i < rounds; i++) {
      const wait = begun + i * everyMs - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const { brand, ...listing } = benchListing(900_000 + published++);
      const started = performance.now();
      const id = await services.repos.catalog.createProduct(seller!.id, { ...listing, brandId: brandId.get(brand)!, img: `${env.PUBLIC_URL}/images/products/iphone-13-pro.svg`, phone: '01711-000000' });
      if (matching) services.matcher.afterCommit(id);
      times.push(performance.now() - started);
    }
    await services.matcher.idle(); // the last matchings finish before the next part
    return times;
  };
  /**
   * With matching and without, in turns of 50 (so that whatever drifts over the minutes, the database growing, the
   * machine's speed, falls on both sides alike).
   */
  const publishInTurns = async (everyMs: number) => {
    const without: number[] = [];
    const withMatching: number[] = [];
    for (let turn = 0; turn < ROUNDS / 50; turn++) {
      without.push(...(await publishTimes(everyMs, 50, false)));
      withMatching.push(...(await publishTimes(everyMs, 50, true)));
    }
    return { without: summary(without), withMatching: summary(withMatching) };
  };

  console.log(`saving ${SEARCHES.toLocaleString('en-US')} searches…`);
  for (let start = 0; start < SEARCHES; start += 2000) {
    const rows = Array.from({ length: Math.min(2000, SEARCHES - start) }, (_, k) => {
      const i = start + k;
      const c = criteria[i % criteria.length]!;
      return {
        userId: buyerIds.rows[i % buyerIds.rows.length]!.id,
        name: `Search ${i}`,
        query: queries[i % queries.length]!.toString(),
        tsquery: c.tsquery ?? null,
        required: requiredWords(c.tsquery),
        brands: c.brands,
        conditions: c.conditions,
        minPrice: c.minPrice ?? null,
        maxPrice: c.maxPrice ?? null,
        fromYear: c.fromYear ?? null,
        locationTsquery: c.location ?? null,
        verified: c.verified,
      };
    });
    await db.insert(savedSearches).values(rows);
  }
  await db.execute(sql`ANALYZE saved_searches`);

  console.log('matching new listings one by one…');
  const findTimes: number[] = [];
  const matchTimes: number[] = [];
  let matches = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const { brand, ...listing } = benchListing(500_000 + i * 13);
    const id = await services.repos.catalog.createProduct(seller!.id, { ...listing, brandId: brandId.get(brand)!, img: `${env.PUBLIC_URL}/images/products/iphone-13-pro.svg`, phone: '01711-000000' });
    let started = performance.now();
    await services.repos.savedSearches.find(id);
    findTimes.push(performance.now() - started);
    started = performance.now();
    matches += await services.matcher.matchListing(id);
    matchTimes.push(performance.now() - started);
  }
  const finding = summary(findTimes);
  const matching = summary(matchTimes);

  console.log(`publishing with ${SEARCHES.toLocaleString('en-US')} saved searches, with matching and without, in turns…`);
  await publishTimes(0, 100, true); // warming up (the compiler, the connections), so that neither side is measured cold
  const paced = await publishInTurns(PACE_MS);
  const burst = await publishInTurns(0);
  const change = (a: { mean: number }, b: { mean: number }) => Math.round(((b.mean - a.mean) / a.mean) * 1000) / 10;
  const slowdown = change(paced.without, paced.withMatching);
  const burstSlowdown = change(burst.without, burst.withMatching);
  const signed = (n: number) => `${n >= 0 ? '+' : ''}${n}%`;

  const table = [
    `## Matching new listings against saved searches (${engine})`,
    '',
    `Measured by \`pnpm --filter api bench\` (bench/saved-searches.ts) on ${new Date().toISOString().slice(0, 10)}: ${SEARCHES.toLocaleString('en-US')} saved searches`,
    `(600 kinds: a model by two to four of its words, often under a price, some in a condition or from a brand; one in`,
    `ten with no words, only a brand, a price cap and a condition), ${LISTINGS.toLocaleString('en-US')} listings, ${ROUNDS} new listings one after`,
    'another, in the process (no HTTP). Publishing is the listing\'s transaction as POST /addedproducts runs it, then the',
    `matching started after the commit, as the route starts it (one at a time); ${ROUNDS} with it and ${ROUNDS} without, in turns of 50.`,
    '',
    '| what | p50 ms | p99 ms | mean ms | target | meets target |',
    '|---|---:|---:|---:|---|:---:|',
    `| matching one new listing: the saved searches it matches (the indexed query) | ${finding.p50} | ${finding.p99} | ${finding.mean} | p99 ≤ 20 | ${finding.p99 <= 20 ? 'yes' : 'NO'} |`,
    `| …and recording them with their notifications (${(matches / ROUNDS).toFixed(1)} matches a listing) | ${matching.p50} | ${matching.p99} | ${matching.mean} | — | — |`,
    `| publishing a listing every ${PACE_MS} ms, no matching | ${paced.without.p50} | ${paced.without.p99} | ${paced.without.mean} | — | — |`,
    `| publishing a listing every ${PACE_MS} ms, each matched after its commit | ${paced.withMatching.p50} | ${paced.withMatching.p99} | ${paced.withMatching.mean} | mean ≤ +10% | ${slowdown <= 10 ? 'yes' : 'NO'} (${signed(slowdown)}) |`,
    `| publishing back to back (no pause), no matching | ${burst.without.p50} | ${burst.without.p99} | ${burst.without.mean} | — | — |`,
    `| publishing back to back, each matched after its commit (the matchings queue behind) | ${burst.withMatching.p50} | ${burst.withMatching.p99} | ${burst.withMatching.mean} | — | ${signed(burstSlowdown)} |`,
    '',
  ].join('\n');
  console.log(`\n${table}`);
  writeSection(`## Matching new listings against saved searches (${engine})`, table);
  await database.close();
} finally {
  await temp?.drop();
}
