// pnpm roll: a rolling restart of the compose stack's API replicas under load (issue 66). 200 requests a second of mixed
// traffic go through the balancer — the brands, the advertised phones, the sitemap, the fees,
// and writes (real-user beacons, each a page view that must be counted) — while each replica in turn is stopped
// (SIGTERM: it drains) and started again. Reported: failed requests, the p99 before and during the roll, and whether
// every beacon accepted was counted. The stack must be up (pnpm stack up).
import { randomBytes } from 'node:crypto';
import { containersConf, containerTools } from './podman.ts';
import { join } from 'node:path';
import { root } from '@phonehaat/stack';

const BALANCER = process.env.ROLL_URL ?? 'http://127.0.0.1:8080';
const RATE = Number(process.env.ROLL_RATE ?? 200);
const REPLICAS = ['phonehaat_api-1_1', 'phonehaat_api-2_1', 'phonehaat_api-3_1'];
const RUM_TOKEN = 'phonehaat-development-rum-reader';

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
  rollSeconds: number;
  phases: { replica: string; stopP99Ms: number; startP99Ms: number; stopSeconds: number; startSeconds: number }[];
}

/** Drives the traffic for `during` while `work` runs; the samples taken. */
async function underLoad(release: string, work: () => Promise<void>): Promise<Sample[]> {
  const samples: Sample[] = [];
  const pending = new Set<Promise<unknown>>();
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
  await driving;
  await Promise.all(pending);
  return samples;
}

/** Stops each replica (SIGTERM, it drains) and starts it again, waiting until the balancer's checks take it back. */
export async function roll(): Promise<RollReport> {
  const tools = containerTools(containersConf(join(root, '.data', 'images')));
  const release = randomBytes(6).toString('hex');
  let rollStart = 0;
  let rollEnd = 0;
  const phases: { replica: string; stopping: number; starting: number; ready: number }[] = [];
  const samples = await underLoad(release, async () => {
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    rollStart = performance.now();
    for (const replica of REPLICAS) {
      const stopping = performance.now();
      await tools.runAsync('podman', ['stop', '--time', '15', replica]);
      const starting = performance.now();
      await tools.runAsync('podman', ['start', replica]);
      // Ready again, then a second for the balancer's checks (every half second, two to rise).
      for (let tries = 0; tries < 120; tries += 1) {
        const ready = (await tools.runAsync('podman', ['exec', replica, 'node', '-e', "fetch('http://127.0.0.1:4100/health/ready').then((r)=>console.log(r.status),()=>console.log(0))"])).trim();
        if (ready === '200') break;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      await new Promise((resolve) => setTimeout(resolve, 1500));
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
  return {
    requests: samples.length,
    failed: samples.filter((sample) => !sample.ok),
    p99BeforeMs: Math.round(p99(samples.filter((sample) => sample.at < rollStart))),
    p99DuringMs: Math.round(p99(samples.filter((sample) => sample.at >= rollStart && sample.at <= rollEnd))),
    beaconsAccepted,
    viewsCounted,
    rollSeconds: Math.round((rollEnd - rollStart) / 1000),
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
  if (report.failed.length > 0 || report.viewsCounted !== report.beaconsAccepted) process.exitCode = 1;
}
