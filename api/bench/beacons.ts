// pnpm --filter api bench (its last part) — what the real-user beacons (issue 29) cost the reads: GET /categories at a
// steady 1,000 requests a second, alone and with 500 beacons a second on the same instance, in turns (alone, with,
// alone, with), 10 s each after a warm-up; the target is a p99 within 10% of the alone runs'. Then every accepted beacon
// must be found counted in PostgreSQL (PGlite here), so the speed is not bought by dropping them.
// Loopback only; bounded in rate and time. Appends its table to api/BENCHMARKS.md.
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { writeSection } from './section.js';
import autocannon from 'autocannon';
import { DEV_RUM_READ_TOKEN } from '../src/config/env.js';
import { startServer } from './spawn-server.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const READS_PER_SECOND = 1000;
const BEACONS_PER_SECOND = 500;

/** Beacons as the shell sends them: a view, its vitals, now and then an error; several releases and routes. */
const releases = ['a1b2c3d4e5f6', 'b2c3d4e5f6a1'];
const routes = ['/', '/products/:id', '/product/:id', '/search', '/blog'];
const beacon = (i: number) =>
  JSON.stringify({
    page: { remote: 'storefront', release: releases[i % 2], route: routes[i % routes.length], lang: i % 3 ? 'en' : 'bn' },
    events: [{ type: 'view' }, { type: 'vital', name: 'LCP', value: 800 + (i % 2000) }, { type: 'vital', name: 'TTFB', value: 90 + (i % 200) }, ...(i % 50 === 0 ? [{ type: 'error', kind: 'uncaught' }] : [])],
  });
const bodies = Array.from({ length: 200 }, (_, i) => beacon(i));

if (process.argv[2] === '--send-beacons') {
  let next = 0;
  const result = await autocannon({
    url: process.argv[4]!,
    connections: 10,
    overallRate: BEACONS_PER_SECOND,
    duration: Number(process.argv[3]),
    requests:
      process.argv[5] === 'health'
        ? [{ method: 'GET', path: '/health' }]
        : [{ method: 'POST', headers: { 'content-type': 'text/plain;charset=UTF-8' }, setupRequest: (request: Record<string, unknown>) => ({ ...request, path: '/rum', body: bodies[next++ % bodies.length] }) }],
  });
  console.log(JSON.stringify({ ok: result['2xx'], failed: result.non2xx + result.errors, rps: result.requests.average }));
  process.exit(0);
}

const server = await startServer({ BENCH_PRODUCTS: '2000', RUM_RATE_LIMIT_MAX: '100000000', RUM_FLUSH_MS: '2000' });
const base = `http://127.0.0.1:${server.info.port}`;

/**
 * GET /categories at a steady rate, timed to the microsecond here (autocannon counts whole milliseconds, and a p99 of
 * 2 ms moves by 50% with one): one request every 1/READS_PER_SECOND s over 10 kept-alive sockets.
 */
async function reads(seconds: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: 10 });
  const times: number[] = [];
  let failures = 0;
  const one = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      request(`${base}/categories`, { agent }, (response) => {
        response.resume();
        response.on('end', () => {
          if (response.statusCode === 200) times.push(performance.now() - started);
          else failures++;
          resolve();
        });
      })
        .on('error', () => (failures++, resolve()))
        .end();
    });
  const pending: Promise<void>[] = [];
  const start = performance.now();
  for (let i = 0; i < seconds * READS_PER_SECOND; i++) {
    const due = start + (i * 1000) / READS_PER_SECOND;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(one());
  }
  await Promise.all(pending);
  agent.destroy();
  const sorted = times.sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
  return { failures, p50: at(50), p99: at(99), rps: times.length / seconds };
}

/** 500 beacons a second from a process of its own (so the reads' client is not slowed by it), through autocannon. */
function beacons(seconds: number, to: 'rum' | 'health' = 'rum'): Promise<{ ok: number; failed: number; rps: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--send-beacons', String(seconds), base, to], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) => child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`the beacon sender exited with ${code}`)))));
}

interface Run {
  label: string;
  load: 'alone' | 'health' | 'rum';
  p50: number;
  p99: number;
  rps: number;
  beaconsPerSecond?: number;
}
const runs: Run[] = [];
let sent = 0;
try {
  await Promise.all([reads(3), beacons(3)]); // warm-up: JIT, the cache, the first flushes
  // Alone; with 500 requests/s of the bare /health from the same sender (what any 500 requests/s cost this machine);
  // with 500 beacons/s. Twice, in turns.
  for (const load of ['alone', 'health', 'rum', 'alone', 'health', 'rum'] as const) {
    const [read, beacon] = await Promise.all([reads(SECONDS), load === 'alone' ? undefined : beacons(SECONDS, load)]);
    if (read.failures) throw new Error(`/categories: ${read.failures} failed`);
    if (beacon?.failed) throw new Error(`/${load}: ${beacon.failed} failed`);
    if (beacon && load === 'rum') sent += beacon.ok;
    const round = (ms: number) => Math.round(ms * 100) / 100;
    const label = { alone: 'alone', health: `with ${BEACONS_PER_SECOND} GET /health/s (control)`, rum: `with ${BEACONS_PER_SECOND} beacons/s` }[load];
    runs.push({ label, load, p50: round(read.p50), p99: round(read.p99), rps: read.rps, ...(beacon ? { beaconsPerSecond: beacon.rps } : {}) });
    console.log(runs.at(-1));
  }
  // Everything accepted is counted: after the next flush, the views in PostgreSQL are the beacons answered 204.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const counted = await fetch(`${base}/rum/releases?remote=storefront&releases=${releases.join(',')}&since=${encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString())}`, {
    headers: { authorization: `Bearer ${DEV_RUM_READ_TOKEN}` },
  }).then(async (response) => ((await response.json()) as { releases: { views: number }[] }).releases.reduce((sum, release) => sum + release.views, 0));
  const warmUp = counted - sent; // the warm-up's beacons are counted too
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const alone = mean(runs.filter((run) => run.load === 'alone').map((run) => run.p99));
  const control = mean(runs.filter((run) => run.load === 'health').map((run) => run.p99));
  const loaded = mean(runs.filter((run) => run.load === 'rum').map((run) => run.p99));
  const change = ((loaded - alone) / alone) * 100;
  const ok = change <= 10;
  const table = [
    `## Real-user beacons while serving reads (PGlite)`,
    '',
    `\`GET /categories\` at a steady ${READS_PER_SECOND.toLocaleString('en-US')} requests/s (10 connections), alone and with ${BEACONS_PER_SECOND} beacons/s to \`POST /rum\` on the same instance, in turns, ${SECONDS} s each after a warm-up (bench/beacons.ts).`,
    '',
    '| run | /categories req/s | p50 ms | p99 ms | other requests/s |',
    '|---|---:|---:|---:|---:|',
    ...runs.map((run) => `| ${run.label} | ${Math.round(run.rps).toLocaleString('en-US')} | ${run.p50} | ${run.p99} | ${run.beaconsPerSecond ? Math.round(run.beaconsPerSecond) : '—'} |`),
    '',
    `p99 with the beacons ${loaded.toFixed(2)} ms against ${alone.toFixed(2)} ms alone: ${change >= 0 ? '+' : ''}${change.toFixed(1)}% (target ≤ +10%): ${ok ? 'yes' : 'NO'}. ` +
      `With the same rate of the bare \`/health\` instead: ${control.toFixed(2)} ms (${(((control - alone) / alone) * 100).toFixed(1)}%): what any ${BEACONS_PER_SECOND} more requests a second cost this machine. ` +
      `Beacons answered 204 in the measured runs: ${sent.toLocaleString('en-US')}; views counted in PostgreSQL: ${counted.toLocaleString('en-US')} (the warm-up's ${warmUp.toLocaleString('en-US')} included)${warmUp >= 0 ? ', none lost' : ': SOME LOST'}.`,
    '',
  ].join('\n');
  console.log(`\n${table}`);
  writeSection('## Real-user beacons while serving reads', table);
  if (!ok || warmUp < 0) process.exitCode = 1;
} finally {
  await server.stop();
}
