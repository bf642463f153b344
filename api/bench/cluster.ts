// pnpm --filter api bench:cluster — one API instance against two behind a real load balancer (Debian's
// haproxy, installed when absent), on the PostgreSQL server at DATABASE_URL, with the read cache off so
// every request reaches the database. Appends its table to api/BENCHMARKS.md.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort } from '../test/support/api-process.js';
import { temporaryDatabase } from '../test/support/temporary-database.js';
import { explainedSearch } from './workload.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;
const apiDir = fileURLToPath(new URL('../', import.meta.url));
const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) {
  console.error('bench:cluster needs DATABASE_URL (a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/postgres): several instances share one database.');
  process.exit(2);
}

function haproxyBinary(): string {
  if (spawnSync('haproxy', ['-v']).status === 0) return 'haproxy';
  console.log('Installing Debian\'s haproxy (the load balancer in front of the instances)…');
  execFileSync('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy >/dev/null'], { stdio: 'inherit' });
  return 'haproxy';
}

interface Instance {
  port: number;
  token: string;
  brandId: string;
  productId: string;
  child: ChildProcess;
}

function startInstance(env: Record<string, string>): Promise<Instance> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/server.ts'], { cwd: apiDir, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    createInterface({ input: child.stdout! }).once('line', (line) => resolve({ ...JSON.parse(line), child }));
  });
}

function startHaproxy(binary: string, port: number, backends: number[]): ChildProcess {
  const config = `${tmpdir()}/phonehaat-haproxy-${port}.cfg`;
  writeFileSync(
    config,
    `global
  maxconn 4096
defaults
  mode http
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  option http-keep-alive
frontend api
  bind 127.0.0.1:${port}
  default_backend instances
backend instances
  balance roundrobin
  option httpchk GET /health/ready
${backends.map((backend, i) => `  server api${i} 127.0.0.1:${backend} check inter 1s`).join('\n')}
`,
  );
  return spawn(binary, ['-f', config, '-db'], { stdio: ['ignore', 'ignore', 'inherit'] });
}

async function waitFor(url: string) {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer`);
}

async function measure(base: string, path: string, token: string) {
  await autocannon({ url: base + path, connections: CONNECTIONS, duration: 2, headers: { authorization: `Bearer ${token}` } });
  const result = await autocannon({ url: base + path, connections: CONNECTIONS, duration: DURATION, headers: { authorization: `Bearer ${token}` } });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average as number, p99: result.latency.p99 as number };
}

const temp = await temporaryDatabase(adminUrl, 'phonehaat_bench');
const children: ChildProcess[] = [];
try {
  const binary = haproxyBinary();
  const env = { BENCH_DATABASE_URL: temp.url, CACHE_TTL_MS: '0' };
  console.log('Seeding 100,000 listings and starting two instances…');
  const first = await startInstance(env);
  children.push(first.child);
  const second = await startInstance({ ...env, BENCH_SEED: '0' });
  children.push(second.child);
  const [oneLb, twoLb] = [await freePort(), await freePort()];
  children.push(startHaproxy(binary, oneLb, [first.port]), startHaproxy(binary, twoLb, [first.port, second.port]));
  await waitFor(`http://127.0.0.1:${oneLb}/health/ready`);
  await waitFor(`http://127.0.0.1:${twoLb}/health/ready`);

  const routes = [
    { name: 'GET /advertised', path: '/advertised' },
    { name: "GET /products/:id (a brand's page)", path: `/products/${first.brandId}` },
    { name: 'GET /product/:id', path: `/product/${first.productId}` },
    { name: 'GET /search (words + two filters + facets)', path: `/search?${explainedSearch}` },
  ];
  const rows: string[] = [];
  for (const route of routes) {
    const direct = await measure(`http://127.0.0.1:${first.port}`, route.path, first.token);
    const one = await measure(`http://127.0.0.1:${oneLb}`, route.path, first.token);
    const two = await measure(`http://127.0.0.1:${twoLb}`, route.path, first.token);
    const fmt = (r: { rps: number; p99: number }) => `${Math.round(r.rps).toLocaleString('en-US')} (p99 ${r.p99} ms)`;
    rows.push(`| ${route.name} | ${fmt(direct)} | ${fmt(one)} | ${fmt(two)} | ${(two.rps / one.rps).toFixed(2)}× |`);
    console.log(rows.at(-1));
  }
  const section = `
## Several instances: one against two behind haproxy (\`pnpm --filter api bench:cluster\`)

Measured on ${new Date().toISOString().slice(0, 10)} on the PostgreSQL server, 100,000 listings, the read cache off (\`CACHE_TTL_MS=0\`: every
request reaches the database), ${CONNECTIONS} connections for ${DURATION} s after a 2 s warm-up; req/s with the p99. haproxy ${haproxyVersion(binary)}
balances round-robin and checks \`/health/ready\`. Everything (client, haproxy, both instances, PostgreSQL) shares this
machine's ${cpus().length} cores.

| route | one instance, direct | one behind haproxy | two behind haproxy | two ÷ one |
|---|---:|---:|---:|---:|
${rows.join('\n')}

On ${cpus().length} cores, two instances cannot double anything: a second Node process only helps while the first one's
single thread is the bottleneck and a core is free, and PostgreSQL, haproxy and the load generator use the same two cores.
Routes that are mostly PostgreSQL's work (search) gain little or nothing; on separate machines (the deployment this
prepares for) each instance brings its own cores, and the database its own.
`;
  const file = `${apiDir}BENCHMARKS.md`;
  const current = readFileSync(file, 'utf8');
  const marker = '\n## Several instances:';
  writeFileSync(file, (current.includes(marker) ? current.slice(0, current.indexOf(marker)) : current.trimEnd() + '\n') + section);
  console.log(section);
} finally {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));
  await temp.drop();
}

function haproxyVersion(binary: string) {
  return (spawnSync(binary, ['-v']).stdout?.toString().match(/version (\S+)/)?.[1] ?? '').trim();
}
