// pnpm --filter api bench:sitemap (and the last part of `bench`) — issue 48: the sitemap for 100,000 public listings on
// PostgreSQL (DATABASE_URL): the index and each of its four files (50,000 addresses, 25,000 phones in two languages)
// asked for five times over HTTP from one API instance, timed to the last byte. Target: every answer within 1 s.
// Loopback only; bounded in count. Appends its table to api/BENCHMARKS.md.
import pg from 'pg';
import { writeSection } from './section.js';
import { startApiProcess } from '../test/support/api-process.js';
import { temporaryDatabase } from '../test/support/temporary-database.js';

const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 100_000);
const RUNS = 5;
const TARGET_MS = 1000;
const adminUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  console.error('bench:sitemap needs DATABASE_URL (a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/postgres).');
  process.exit(2);
}

const database = await temporaryDatabase(adminUrl, 'phonehaat_bench');
let api: Awaited<ReturnType<typeof startApiProcess>> | undefined;
let failed = false;
try {
  api = await startApiProcess({ NODE_ENV: 'development', DATABASE_URL: database.url, LOG_LEVEL: 'warn', JOB_QUEUE: 'off', RATE_LIMIT_MAX: '1000000' });
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  const [{ seller }] = (await db.query(`INSERT INTO users (name, email, role) VALUES ('Bench seller', 'seller@bench.test', 'Seller') RETURNING id AS seller`)).rows;
  const [{ brand }] = (await db.query(`INSERT INTO brands (name) VALUES ('Bench') RETURNING id AS brand`)).rows;
  await db.query(
    `INSERT INTO products (seller_id, brand_id, name, img, condition, resale_price, original_price, used_year, phone, location, created_at, updated_at)
     SELECT $1, $2, 'Galaxy A' || n, 'https://example.com/p.png', 'Good', 20000, 30000, 2023, '01811000111', 'Dhaka', now() - n * interval '1 minute', now() - n * interval '1 minute'
     FROM generate_series(1, $3::int) AS n`,
    [seller, brand, LISTINGS],
  );
  await db.query('ANALYZE products');
  await db.end();

  const timed = async (path: string) => {
    const started = performance.now();
    const answer = await fetch(`${api!.url}${path}`);
    const body = await answer.text();
    if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${body.slice(0, 200)}`);
    return { ms: performance.now() - started, bytes: Buffer.byteLength(body), urls: body.split('<url>').length - 1 };
  };
  const files = [...(await (await fetch(`${api.url}/sitemap.xml`)).text()).matchAll(/<loc>[^<]*(\/sitemaps\/[^<]+)<\/loc>/g)].map((match) => match[1]!);
  const lines: string[] = [];
  for (const path of ['/sitemap.xml', ...files]) {
    const runs = [];
    for (let run = 0; run < RUNS; run++) runs.push(await timed(path));
    const sorted = runs.map((run) => run.ms).sort((a, b) => a - b);
    const worst = sorted.at(-1)!;
    if (worst > TARGET_MS) failed = true;
    lines.push(`| ${path} | ${runs[0]!.urls.toLocaleString('en')} | ${(runs[0]!.bytes / 1024 / 1024).toFixed(1)} MB | ${sorted[Math.floor(RUNS / 2)]!.toFixed(0)} | ${worst.toFixed(0)} | ${worst <= TARGET_MS ? 'yes' : '**no**'} |`);
  }
  const table = [
    '## Sitemap (issue 48)',
    '',
    `\`pnpm --filter api bench:sitemap\`, ${new Date().toISOString().slice(0, 10)}: ${LISTINGS.toLocaleString('en')} public listings on PostgreSQL, one API instance, each answer asked for ${RUNS} times over loopback HTTP and timed to its last byte (one query through a cursor per file, written as read). Target: within ${TARGET_MS} ms.`,
    '',
    '| Answer | Addresses | Size | Median ms | Slowest ms | Within 1 s |',
    '| --- | ---: | ---: | ---: | ---: | --- |',
    ...lines,
    '',
  ].join('\n');
  console.log(table);
  writeSection('## Sitemap (issue 48)', table);
} finally {
  api?.child.kill('SIGTERM');
  await api?.exited;
  await database.drop();
}
if (failed) process.exit(1);
