// pnpm roll: a rolling restart of the compose stack's API replicas under load (issue 66). 200 requests a second of mixed
// traffic go through the balancer — the brands, the advertised phones, the sitemap, the fees, and writes: real-user
// beacons (each a page view that must be counted), sales booked and paid by card (recorded by Stripe's webhook alone)
// and messages (roll-market.ts) — while each replica in turn is stopped (SIGTERM: it drains) and started again.
// Reported: failed requests, the p99 before and during the roll, whether every beacon accepted was counted, every sale
// paid and every message kept. The stack must be up and seeded (pnpm stack up).
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { containersConf, containerTools } from './podman.ts';
import { join } from 'node:path';
import { root } from '@phonehaat/stack';
import { marketTraffic, prepareMarket, type Recorder } from './roll-market.ts';

const BALANCER = process.env.ROLL_URL ?? 'http://127.0.0.1:8080';
const RATE = Number(process.env.ROLL_RATE ?? 200);
const REPLICAS = ['phonehaat_api-1_1', 'phonehaat_api-2_1', 'phonehaat_api-3_1'];
const STATS = process.env.ROLL_STATS_URL ?? 'http://127.0.0.1:8404/stats;csv';
const RUM_TOKEN = 'phonehaat-development-rum-reader';
const TARGETS = { balancer: BALANCER, emulator: process.env.ROLL_EMULATOR_HOST ?? '127.0.0.1:9299', stripe: process.env.ROLL_STRIPE_URL ?? 'http://127.0.0.1:4310' };
/** A sale every 1.5 s and a message every 2 s, among the reads and beacons. */
const SALE_EVERY_MS = Number(process.env.ROLL_SALE_EVERY_MS ?? 1500);
const MESSAGE_EVERY_MS = Number(process.env.ROLL_MESSAGE_EVERY_MS ?? 2000);
/** How long the traffic runs before the roll: the p99 it is compared with (20 s: some 4,000 requests, the 40 slowest above it). */
const BEFORE_MS = Number(process.env.ROLL_BEFORE_MS ?? 20_000);

interface Sample {
  at: number;
  ms: number;
  ok: boolean;
  what: string;
  status: number;
}

const p99 = (samples: Sample[]) => {
  const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))]! : 0;
};

export interface RollReport {
  requests: number;
  failed: Sample[];
  p99BeforeMs: number;
  p99DuringMs: number;
  beaconsAccepted: number;
  viewsCounted: number;
  /** Sales paid at Stripe (their webhooks through the balancer), and those the API never recorded as paid. */
  sales: number;
  unpaid: string[];
  /** Messages accepted, and those not in their conversation afterwards. */
  messages: number;
  missing: string[];
  rollSeconds: number;
  kinds: { [what: string]: { count: number; p99BeforeMs: number; p99DuringMs: number } };
  phases: { replica: string; stopP99Ms: number; startP99Ms: number; stopSeconds: number; startSeconds: number }[];
}

/** Drives the traffic while `work` runs; the samples taken. */
async function underLoad(release: string, market: ReturnType<typeof marketTraffic>, work: () => Promise<void>): Promise<Sample[]> {
  const samples: Sample[] = [];
  const pending = new Set<Promise<unknown>>();
  const record: Recorder = async (what, request) => {
    const at = performance.now();
    try {
      const response = await request();
      const body = await response.arrayBuffer();
      samples.push({ at, ms: performance.now() - at, ok: response.ok, what, status: response.status });
      return new Response(body, { status: response.status });
    } catch {
      samples.push({ at, ms: performance.now() - at, ok: false, what, status: 0 });
      return undefined;
    }
  };
  const every = (ms: number, flow: (record: Recorder) => Promise<void>) =>
    setInterval(() => {
      const running = flow(record).finally(() => pending.delete(running));
      pending.add(running);
    }, ms);
  const timers = [every(SALE_EVERY_MS, market.sale), every(MESSAGE_EVERY_MS, market.message)];
  const requests = [
    { what: 'brands', send: () => fetch(`${BALANCER}/categories`) },
    { what: 'advertised', send: () => fetch(`${BALANCER}/advertised?limit=12`) },
    { what: 'sitemap', send: () => fetch(`${BALANCER}/sitemap.xml`) },
    { what: 'fees', send: () => fetch(`${BALANCER}/fees`) },
    {
      what: 'beacon',
      send: () =>
        fetch(`${BALANCER}/rum`, {
          method: 'POST',
          headers: { 'content-type': 'text/plain' },
          body: JSON.stringify({ page: { remote: 'shell', release, route: '/', lang: 'en' }, events: [{ type: 'view' }] }),
        }),
    },
  ];
  let done = false;
  const driving = (async () => {
    const started = performance.now();
    for (let n = 0; !done; n += 1) {
      const due = started + (n * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const request = requests[n % requests.length]!;
      const at = performance.now();
      const sent = request
        .send()
        .then(
          async (response) => {
            await response.arrayBuffer();
            samples.push({ at, ms: performance.now() - at, ok: response.ok, what: request.what, status: response.status });
          },
          () => void samples.push({ at, ms: performance.now() - at, ok: false, what: request.what, status: 0 }),
        )
        .finally(() => pending.delete(sent));
      pending.add(sent);
    }
  })();
  await work();
  done = true;
  for (const timer of timers) clearInterval(timer);
  await driving;
  await Promise.all(pending);
  return samples;
}

/** What the balancer sees of an API replica (api-1 …): UP, DOWN (checks failing), … (HAProxy's statistics, CSV). */
export async function balancerSees(server: string): Promise<string | undefined> {
  const csv = await fetch(STATS).then((response) => response.text(), () => '');
  const line = csv.split('\n').find((row) => row.startsWith(`api,${server},`));
  // The CSV's header names the columns; `status` is the 18th.
  return line?.split(',')[17];
}

/** Stops each replica (SIGTERM, it drains) and starts it again, waiting until the balancer's checks take it back. */
export async function roll(): Promise<RollReport> {
  const tools = containerTools(containersConf(join(root, '.data', 'images')));
  const release = randomBytes(6).toString('hex');
  let rollStart = 0;
  let rollEnd = 0;
  const phases: { replica: string; stopping: number; starting: number; ready: number }[] = [];
  // Phones enough for a sale every 1.5 s through a roll of up to three minutes.
  const market = marketTraffic(await prepareMarket(TARGETS, 120), TARGETS);
  const samples = await underLoad(release, market, async () => {
    await new Promise((resolve) => setTimeout(resolve, BEFORE_MS));
    rollStart = performance.now();
    for (const replica of REPLICAS) {
      const stopping = performance.now();
      await tools.runAsync('podman', ['stop', '--time', '15', replica]);
      const starting = performance.now();
      await tools.runAsync('podman', ['start', replica]);
      // Back in the balancer (its checks: every half second, two to rise), as its statistics say; asked over HTTP, not
      // by a process started in the container (a `podman exec` every half second cost the machine a third of a core).
      const server = replica.replace(/^phonehaat_(.*)_1$/, '$1');
      const deadline = performance.now() + 120_000;
      while ((await balancerSees(server)) !== 'UP' && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
      phases.push({ replica, stopping, starting, ready: performance.now() });
    }
    rollEnd = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 5_000));
  });
  // Every beacon accepted is a view counted, once the replicas have written what they counted.
  const beaconsAccepted = samples.filter((sample) => sample.what === 'beacon' && sample.ok).length;
  let viewsCounted = 0;
  for (let tries = 0; tries < 20; tries += 1) {
    const figures = (await (await fetch(`${BALANCER}/rum/releases?remote=shell&releases=${release}`, { headers: { authorization: `Bearer ${RUM_TOKEN}` } })).json()) as { releases: { views: number }[] };
    viewsCounted = figures.releases[0]?.views ?? 0;
    if (viewsCounted >= beaconsAccepted) break;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  // Every sample and when each replica stopped, started and was back, for a closer look (ROLL_SAMPLES=file.json).
  if (process.env.ROLL_SAMPLES) writeFileSync(process.env.ROLL_SAMPLES, JSON.stringify({ rollStart, rollEnd, phases, samples }));
  const { sales, unpaid, messages, missing } = await market.lost();
  return {
    sales,
    unpaid,
    messages,
    missing,
    requests: samples.length,
    failed: samples.filter((sample) => !sample.ok),
    p99BeforeMs: Math.round(p99(samples.filter((sample) => sample.at < rollStart))),
    p99DuringMs: Math.round(p99(samples.filter((sample) => sample.at >= rollStart && sample.at <= rollEnd))),
    beaconsAccepted,
    viewsCounted,
    rollSeconds: Math.round((rollEnd - rollStart) / 1000),
    // Each kind of request's p99 before and during the roll, and how many there were.
    kinds: Object.fromEntries(
      [...new Set(samples.map((sample) => sample.what))].map((what) => {
        const of = samples.filter((sample) => sample.what === what);
        return [what, { count: of.length, p99BeforeMs: Math.round(p99(of.filter((sample) => sample.at < rollStart))), p99DuringMs: Math.round(p99(of.filter((sample) => sample.at >= rollStart && sample.at <= rollEnd))) }];
      }),
    ),
    // Where the time went: the p99 while each replica drained and stopped, and while it started again.
    phases: phases.map(({ replica, stopping, starting, ready }) => ({
      replica,
      stopP99Ms: Math.round(p99(samples.filter((sample) => sample.at >= stopping && sample.at < starting))),
      startP99Ms: Math.round(p99(samples.filter((sample) => sample.at >= starting && sample.at < ready))),
      stopSeconds: Math.round((starting - stopping) / 100) / 10,
      startSeconds: Math.round((ready - starting) / 100) / 10,
    })),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const report = await roll();
  console.log(JSON.stringify({ ...report, failed: report.failed.length, failures: report.failed.slice(0, 10) }, null, 2));
  if (report.failed.length > 0 || report.viewsCounted !== report.beaconsAccepted || report.unpaid.length > 0 || report.missing.length > 0) process.exitCode = 1;
}
