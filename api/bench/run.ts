// pnpm --filter api bench — seeds 100,000 listings (BENCH_PRODUCTS) and measures with autocannon:
//  1. the storefront's cached reads (50 connections) against a bare route;
//  2. search, suggestions and the product page with the read cache off (20 connections): every request
//     queries the database;
// on embedded PGlite, and also on the PostgreSQL server at DATABASE_URL when it is set (in a database the
// benchmark creates and drops). Writes the tables and the search's plan to api/BENCHMARKS.md.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { temporaryDatabase } from '../test/support/temporary-database.js';
import { BUYERS } from './seed.js';
import { startServer, type ServerInfo } from './spawn-server.js';
import { adminSearches, browses, explainedSearch, searches, typed } from './workload.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = 2;
const apiDir = fileURLToPath(new URL('../', import.meta.url));

interface Route {
  name: string;
  /** One path, or several taken in turn, request by request. */
  paths: string[];
  /** Signed in: as the buyer (true) or as the admin. */
  auth?: boolean | 'admin';
  /** p99 target in ms; undefined: reported only. */
  target?: number;
}

type Tokens = Pick<ServerInfo, 'token' | 'adminToken'>;

async function measure(base: string, tokens: Tokens, route: Route, connections: number, duration: number) {
  const token = route.auth === 'admin' ? tokens.adminToken : tokens.token;
  let next = 0;
  const result = await autocannon({
    url: base,
    connections,
    duration,
    headers: route.auth ? { authorization: `Bearer ${token}` } : {},
    requests: [{ method: 'GET', setupRequest: (request: Record<string, unknown>) => ({ ...request, path: route.paths[next++ % route.paths.length] }) }],
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${route.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average as number, p50: result.latency.p50 as number, p99: result.latency.p99 as number };
}

async function run(base: string, tokens: Tokens, routes: Route[], connections: number) {
  const results = [];
  for (const route of routes) {
    await measure(base, tokens, route, connections, WARMUP); // JIT, caches, the database's buffers
    results.push({ ...route, ...(await measure(base, tokens, route, connections, DURATION)) });
  }
  return results;
}

const fmt = (rps: number) => Math.round(rps).toLocaleString('en-US');

async function benchEngine(engine: string, databaseUrl?: string) {
  const temp = databaseUrl ? await temporaryDatabase(databaseUrl, 'phonehaat_bench') : undefined;
  const dbEnv: Record<string, string> = temp ? { BENCH_DATABASE_URL: temp.url } : {};
  const servers: { stop(): Promise<void> }[] = [];
  try {
    console.log(`${engine}: seeding, then measuring as deployed (read cache on)…`);
    // It also measures the search without HTTP before it listens (bench/in-process.ts).
    const deployed = await startServer({ ...dbEnv, BENCH_IN_PROCESS_SECONDS: String(DURATION) });
    servers.push(deployed);
    const { info } = deployed;
    const base = `http://127.0.0.1:${info.port}`;
    const readResults = await run(base, info, [
      { name: 'GET /health (bare)', paths: ['/health'] },
      { name: 'GET /categories', paths: ['/categories'] },
      { name: 'GET /advertised', paths: ['/advertised'] },
      { name: 'GET /products/:id', paths: [`/products/${info.brandId}`], auth: true },
    ], 50);
    const searchResults = await run(base, info, [
      { name: `GET /search: words + two filters + facets (\`${decodeURIComponent(explainedSearch.replaceAll('+', ' '))}\`)`, paths: [`/search?${explainedSearch}`], auth: true, target: 50 },
      { name: `GET /search: ${searches.length} such queries in turn, broad ones too`, paths: searches.map((query) => `/search?${query}`), auth: true, target: 50 },
      { name: 'GET /product/:id', paths: [`/product/${info.productId}`], auth: true },
      { name: 'GET /product/:id/similar', paths: [`/product/${info.productId}/similar`], auth: true },
      {
        name: `GET /search: filters only, no words (${browses.length} in turn)`,
        paths: browses.map((query) => `/search?${query.replace('{brand}', info.brandId)}`),
        auth: true,
      },
      { name: `GET /users/allbuyers: a name searched, page 1 (${fmt(BUYERS)} buyers)`, paths: adminSearches.map((q) => `/users/allbuyers?q=${q}&page=1&limit=20`), auth: 'admin' },
      { name: 'GET /users/allbuyers: an email searched', paths: ['/users/allbuyers?q=buyer4242%40bench&page=1&limit=20'], auth: 'admin' },
      { name: 'GET /users/allbuyers: page 500 of the whole list', paths: ['/users/allbuyers?page=500&limit=20'], auth: 'admin' },
    ], 20);
    await deployed.stop();

    console.log(`${engine}: measuring with the read cache off…`);
    // PGlite lives in the server process: a new one seeds again; a PostgreSQL database is reused.
    const uncached = await startServer({ ...dbEnv, CACHE_TTL_MS: '0', ...(temp ? { BENCH_SEED: '0' } : {}) } as Record<string, string>);
    servers.push(uncached);
    const coldResults = await run(`http://127.0.0.1:${uncached.info.port}`, uncached.info, [
      { name: `GET /search/suggest (${typed.length} typed prefixes in turn, every one a cache miss)`, paths: typed.map((q) => `/search/suggest?q=${encodeURIComponent(q)}`), target: 30 },
      { name: `GET /search: the ${searches.length} queries, nothing cached (the caller and the vocabulary read every time)`, paths: searches.map((query) => `/search?${query}`), auth: true },
      { name: `GET /price-guide: ${uncached.info.priceGuides.length} models, conditions and years in turn, nothing cached`, paths: uncached.info.priceGuides.map((query) => `/price-guide?${query}`), auth: true },
    ], 20);
    await uncached.stop();
    return { engine, info, readResults, searchResults: [...searchResults, ...coldResults] };
  } finally {
    // A failed measurement must not leave a server running.
    await Promise.all(servers.map((server) => server.stop()));
    await temp?.drop();
  }
}

const engines = [await benchEngine('PGlite (embedded)')];
if (process.env.DATABASE_URL) engines.push(await benchEngine('PostgreSQL server', process.env.DATABASE_URL));

let failed = false;
const sections = engines.map(({ engine, info, readResults, searchResults }) => {
  const bare = readResults[0]!.rps;
  const readRows = readResults.map((r, i) => {
    const ratio = r.rps / bare;
    const ok = i === 0 ? '—' : r.p99 < 20 && ratio >= 0.3 ? 'yes' : 'NO';
    failed ||= ok === 'NO';
    return `| ${r.name} | ${fmt(r.rps)} | ${r.p50} | ${r.p99} | ${i === 0 ? '100%' : `${Math.round(ratio * 100)}%`} | ${ok} |`;
  });
  const searchRows = searchResults.map((r) => {
    const ok = r.target === undefined ? '—' : r.p99 < r.target ? 'yes' : 'NO';
    failed ||= ok === 'NO';
    return `| ${r.name} | ${fmt(r.rps)} | ${r.p50} | ${r.p99} | ${r.target === undefined ? '—' : `< ${r.target}`} | ${ok} |`;
  });
  // The price guide's query (issue 30): p99 ≤ 10 ms uncached, one at a time (the query itself, without HTTP).
  const inProcessRows = info.inProcess.map((r) => {
    const target = r.name.startsWith('price guide') && r.concurrency === 1 ? (r.p99 <= 10 ? 'yes (≤ 10 ms)' : 'NO (≤ 10 ms)') : '—';
    failed ||= target.startsWith('NO');
    return `| ${r.name} | ${r.concurrency} | ${fmt(r.rps)} | ${r.p50} | ${r.p99} | ${target} |`;
  });
  return `## ${engine}, ${info.products.toLocaleString('en-US')} listings and ${info.sales.toLocaleString('en-US')} paid sales

Cached reads, 50 connections. Target: p99 under 20 ms, and at least 30% of the bare route's requests per second.

| route | req/s | p50 ms | p99 ms | of bare | meets target |
|---|---:|---:|---:|---:|:---:|
${readRows.join('\n')}

Search and the product page, 20 connections. \`/search\` has no response cache: every request runs the search in the
database. The first rows ran as deployed (the caller, the brands and the vocabulary come from the read cache); the last
two with the read cache off (\`CACHE_TTL_MS=0\`), so every suggestion is computed and a search reads everything.

| route | req/s | p50 ms | p99 ms | p99 target | meets target |
|---|---:|---:|---:|---:|:---:|
${searchRows.join('\n')}

The same searches and suggestions without HTTP: the API's search service called in the benchmark server's own process
([bench/in-process.ts](bench/in-process.ts)), read cache on as deployed, ${DURATION} s each. One at a time, p50 is what
one search costs the database (and the service's JS); 20 at a time, the p99 is the least the HTTP rows above could show
with 20 connections, since HTTP only adds to it.

| call | at once | calls/s | p50 ms | p99 ms | meets target |
|---|---:|---:|---:|---:|:---:|
${inProcessRows.join('\n')}

The plan of \`/search?${decodeURIComponent(explainedSearch.replaceAll('+', ' '))}\` (\`EXPLAIN ANALYZE\`, one run):

\`\`\`
${info.explain}
\`\`\`
`;
});

const report = `# API benchmark

Measured by \`pnpm --filter api bench\` on ${new Date().toISOString().slice(0, 10)}${process.env.DATABASE_URL ? ' (with `DATABASE_URL` set, so on both engines)' : ''}:
the listings of [bench/listings.ts](bench/listings.ts) (${engines[0]!.info.products.toLocaleString('en-US')} of them, the models people sell here, spread over the
brands, 1 in 20 sold, 2,000 sellers, 100,000 buyers), autocannon for ${DURATION} s per route after a ${WARMUP} s warm-up, client and server on the same
machine (${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}). The queries are in [bench/workload.ts](bench/workload.ts).
The cached reads come from the in-process cache (docs/decisions/005-read-cache.md); every request still passes CORS, helmet,
the rate limiter and, where marked, the bearer-token check. \`/search\` has no response cache (docs/decisions/010-search.md).

${sections.join('\n')}`;
// bench:cluster's section (several instances) stays as it was.
const previous = existsSync(`${apiDir}BENCHMARKS.md`) ? readFileSync(`${apiDir}BENCHMARKS.md`, 'utf8') : '';
const clusterSection = previous.includes('\n## Several instances:') ? previous.slice(previous.indexOf('\n## Several instances:')) : '';
writeFileSync(`${apiDir}BENCHMARKS.md`, report + clusterSection);
console.log(report);
if (failed) process.exitCode = 1;
