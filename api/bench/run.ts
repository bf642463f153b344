// pnpm --filter api bench — seeds 10,000 listings, then measures the storefront's reads with autocannon
// (50 connections) against a bare route, and writes the table to api/BENCHMARKS.md.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const apiDir = fileURLToPath(new URL('../', import.meta.url));

const server = spawn(process.execPath, ['--import', 'tsx', 'bench/server.ts'], { cwd: apiDir, stdio: ['ignore', 'pipe', 'inherit'] });
const info = await new Promise<{ port: number; token: string; brandId: string; products: number }>((resolve, reject) => {
  server.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  createInterface({ input: server.stdout! }).once('line', (line) => resolve(JSON.parse(line)));
});
const base = `http://127.0.0.1:${info.port}`;

const routes = [
  { name: 'GET /health (bare)', path: '/health' },
  { name: 'GET /categories', path: '/categories' },
  { name: 'GET /advertised', path: '/advertised' },
  { name: 'GET /products/:id', path: `/products/${info.brandId}`, headers: { authorization: `Bearer ${info.token}` } },
];

async function measure(route: (typeof routes)[number], duration: number) {
  const result = await autocannon({ url: base + route.path, connections: CONNECTIONS, duration, headers: route.headers });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${route.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99, p50: result.latency.p50 };
}

try {
  const results = [];
  for (const route of routes) {
    await measure(route, 2); // warm-up: JIT, caches
    results.push({ ...route, ...(await measure(route, DURATION)) });
  }
  const bare = results[0]!.rps;
  const rows = results.map((r, i) => {
    const ratio = r.rps / bare;
    const ok = i === 0 ? '—' : r.p99 < 20 && ratio >= 0.3 ? 'yes' : 'NO';
    return `| ${r.name} | ${Math.round(r.rps).toLocaleString('en-US')} | ${r.p50} | ${r.p99} | ${i === 0 ? '100%' : `${Math.round(ratio * 100)}%`} | ${ok} |`;
  });
  const report = `# API benchmark

Measured by \`pnpm --filter api bench\` on ${new Date().toISOString().slice(0, 10)}: ${info.products.toLocaleString('en-US')} listings in
embedded PGlite, autocannon with ${CONNECTIONS} connections for ${DURATION} s per route (after a 2 s warm-up), client and server on the
same machine (${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}).
Target: every read's p99 under 20 ms, and at least 30% of the bare route's requests per second.
After the first request the reads are answered from the in-process cache (docs/decisions/005-read-cache.md); every
request still passes CORS, helmet, the rate limiter and, for \`/products/:id\`, the bearer-token check.

| route | req/s | p50 ms | p99 ms | of bare | meets target |
|---|---:|---:|---:|---:|:---:|
${rows.join('\n')}
`;
  writeFileSync(`${apiDir}BENCHMARKS.md`, report);
  console.log(report);
  if (rows.some((row) => row.endsWith('| NO |'))) process.exitCode = 1;
} finally {
  server.kill('SIGTERM');
}
