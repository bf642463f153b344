// The stack as an operator runs it (issue 66): the images built offline, the compose stack up with three API replicas
// behind HAProxy, a rolling restart under load with nothing failed or lost, and the chart's API Deployment brought up by
// `podman kube play` with three replicas. Needs podman, buildah, podman-compose and mmdebstrap (.ci/run installs them).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from '@phonehaat/stack';
import { buildImages, IMAGES } from './build.ts';
import { render } from './chart.ts';
import { balancerSees, roll } from './roll.ts';
import { PROJECT, stack, stackTools } from './stack.ts';

const tools = stackTools();
const BALANCER = 'http://127.0.0.1:8080';
/** Whether a container's API answers its readiness inside the container (the chart's pods: no balancer in front). */
const answersReady = (container: string) =>
  tools.runAsync('podman', ['exec', container, 'node', '-e', "fetch('http://127.0.0.1:4100/health/ready').then((r)=>console.log(r.status),()=>console.log(0))"]).then(
    (out) => out.trim() === '200',
    () => false,
  );
/** Whether the balancer's own checks (GET /health/ready every half second) have taken this replica in. */
const ready = async (container: string) => (await balancerSees(container.replace(/^phonehaat_(api-\d)_1$/, '$1'))) === 'UP';
/** What a replica's container is (running, exited with its code, created and never started) and says, for a failed run. */
const described = async (name: string) => {
  const state = await tools.runAsync('podman', ['inspect', '--format', '{{.State.Status}} exit={{.State.ExitCode}} oom={{.State.OOMKilled}} {{.State.Error}}', name]).catch((error: Error) => error.message);
  const logs = await tools.runAsync('podman', ['logs', '--tail', '15', name]).catch((error: Error) => error.message);
  return `${name}: ${state.trim()}\n${logs.trim()}`;
};
/** Whether `check` holds within `seconds` of wall time (a check may itself take seconds: `podman exec` on a busy machine). */
async function eventually(check: () => Promise<boolean>, seconds: number) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
}

/** What `stack up` printed: shown when a replica is not ready. */
let upSaid = '';
beforeAll(async () => {
  // README's test command builds the images beside the unit suites (`pnpm images --no-typecheck`), then runs this alone:
  // what it measures (a roll's latency under load) wants the machine to itself.
  if (!process.env.IMAGES_PREBUILT) await buildImages();
  await stack('down').catch(() => '');
  upSaid = await stack('up');
}, 900_000);
afterAll(async () => {
  await tools.runAsync('podman', ['kube', 'down', join(root, '.data', 'images', 'api-deployment.yaml')]).catch(() => '');
  // The Deployment's emptyDir, made a named volume by podman.
  await tools.runAsync('podman', ['volume', 'rm', '--force', 'tmp']).catch(() => '');
  await stack('down').catch(() => '');
}, 120_000);

describe('the compose stack', () => {
  it('brings three API replicas up behind the balancer', async () => {
    const replicas = ['phonehaat_api-1_1', 'phonehaat_api-2_1', 'phonehaat_api-3_1'];
    // Three replicas, the shell's server and the deployer start at once on a fresh database: two minutes on a busy
    // 2-core machine (each replica waits for PostgreSQL, then migrates under the advisory lock in turn), and more when the
    // host takes CPU from it: a clean-clone run with 45 % of the CPU stolen listed one replica of three at 150 s (the
    // rest of this file then found all three ready). Five minutes at most.
    const allReady = await eventually(async () => (await Promise.all(replicas.map(ready))).every(Boolean), 300);
    // Not ready: every container of the stack (running or not), what each replica is and says, and the database's log.
    const said = allReady ? '' : (await Promise.all([...replicas, 'phonehaat_postgres_1'].map(described))).join('\n');
    const all = allReady ? '' : await tools.runAsync('podman', ['ps', '--all', '--filter', `label=io.podman.compose.project=${PROJECT}`, '--format', '{{.Names}}\t{{.Status}}']).catch((error: Error) => error.message);
    const sessions = allReady ? '' : await tools.runAsync('podman', ['exec', 'phonehaat_postgres_1', 'psql', '-U', 'postgres', '-c', 'SELECT client_addr, state, wait_event_type, wait_event, left(query, 80) AS query FROM pg_stat_activity WHERE backend_type = $$client backend$$']).catch((error: Error) => error.message);
    expect(allReady, `${upSaid}\n${all}\n${said}\n${sessions}`).toBe(true);
    expect(await eventually(async () => (await fetch(`${BALANCER}/categories`).catch(() => undefined))?.ok === true, 30)).toBe(true);
    // Each image says who runs it: never root.
    for (const image of Object.values(IMAGES).filter((name) => !/base|node/.test(name))) expect(tools.run('podman', ['image', 'inspect', '--format', '{{.Config.User}}', image], { quiet: true }).trim()).not.toMatch(/^(|0|root)(:|$)/);
  }, 420_000);

  it("serves a visitor's first page composed by the shell's server, the remotes from the live manifest through the static origin", async () => {
    const SHELL = 'http://localhost:4200';
    const composed = async () => {
      const response = await fetch(`${SHELL}/`).catch(() => undefined);
      return response?.ok && (await response.text()).includes('id="phonehaat-hydration"') ? response : undefined;
    };
    expect(await eventually(async () => (await composed()) !== undefined, 90)).toBe(true);
    const first = await fetch(`${SHELL}/`);
    const html = await first.text();
    const manifest = (JSON.parse(/<script type="application\/json" id="phonehaat-hydration">(.*?)<\/script>/s.exec(html)![1]!) as { manifest: Record<string, string> }).manifest;
    expect(Object.keys(manifest).sort()).toEqual(['admin', 'buyer', 'inbox', 'seller', 'storefront']);
    for (const entry of Object.values(manifest)) {
      expect(entry).toMatch(/^http:\/\/localhost:8081\/releases\/\w+\/[0-9a-f]+\/remoteEntry\.js$/);
      const file = await fetch(entry);
      expect(file.status).toBe(200);
      expect(file.headers.get('cache-control')).toContain('immutable');
    }
    // The same visitor again: the page kept (the API's changes and the deployer heard), offered to a CDN to keep.
    const cookie = first.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
    expect(await eventually(async () => (await fetch(`${SHELL}/`, { headers: { cookie } })).headers.get('cache-control') === 'public, no-cache', 30)).toBe(true);
  }, 180_000);

  it('rolls every replica under 200 requests a second without a failed request, or a lost payment, webhook, message or page view', async () => {
    const report = await roll();
    expect(report.failed).toEqual([]);
    expect(report.viewsCounted).toBe(report.beaconsAccepted);
    // Sales paid by card whose only record is Stripe's webhook through the balancer, and messages: none lost.
    expect(report.sales).toBeGreaterThanOrEqual(20);
    expect(report.unpaid).toEqual([]);
    expect(report.messages).toBeGreaterThanOrEqual(15);
    expect(report.missing).toEqual([]);
    expect(report.requests).toBeGreaterThan(6000);
    // The goal is twice the p99 before the roll; this 2-core machine, running the whole stack, the load and (in
    // `pnpm test`) the other packages' tests, measures 1.5–3.4× (README, decision 045), so the test holds three times
    // or 250 ms: what it catches is a roll that stalls the replicas left serving (the first measurement, before
    // decision 045's fixes: a 1.3 s p99).
    expect(report.p99DuringMs).toBeLessThanOrEqual(Math.max(3 * report.p99BeforeMs, 250));
  }, 180_000);
  it("has the outside services' local stand-ins where the browser reaches them, and the sales' e-mails caught", async () => {
    const standins = { auth: 'http://127.0.0.1:9299/', stripe: 'http://127.0.0.1:4310/v1/health', bkash: 'http://127.0.0.1:4320/health', sslcommerz: 'http://127.0.0.1:4350/health', nagad: 'http://127.0.0.1:4360/health', pathao: 'http://127.0.0.1:4330/health', push: 'http://127.0.0.1:4340/health', mail: 'http://127.0.0.1:1280/' };
    // Ready as the launcher counts it (services.ts): any answer below 500 (the local Stripe asks for a key, 401).
    for (const [name, url] of Object.entries(standins)) expect((await fetch(url)).status, name).toBeLessThan(500);
    // The API replicas reach the mail catcher by name: the roll's sales told the seller (seeded as seller@phonehaat.test).
    const toSeller = async () => ((await (await fetch('http://127.0.0.1:1280/api/email')).json()) as { to: { address: string }[] }[]).filter((mail) => mail.to.some((to) => to.address === 'seller@phonehaat.test'));
    expect(await eventually(async () => (await toSeller()).length > 0, 60)).toBe(true);
  }, 90_000);
});

describe("the chart's API Deployment, played by podman", () => {
  it('runs three replicas that all become ready', async () => {
    const deployment = render({ 'api.autoscaling.enabled': 'false', 'image.pullPolicy': 'Never' }).find((object) => object.kind === 'Deployment' && object.metadata.name === 'phonehaat-api')!;
    // podman 4.3 binds a containerPort on the host (three replicas would collide), and has no ConfigMap or Secret to
    // read: the chart's Deployment with its environment given inline, on the compose stack's network and database.
    const pod = (deployment.spec as { template: { spec: { containers: Record<string, unknown>[] } } }).template.spec;
    pod.containers = pod.containers.map(({ ports: _ports, envFrom: _envFrom, env, readinessProbe: _readiness, livenessProbe: _liveness, startupProbe: _startup, ...container }) => ({
      ...container,
      env: [...(env as object[]), { name: 'NODE_ENV', value: 'development' }, { name: 'DATABASE_URL', value: 'postgres://postgres@postgres:5432/postgres' }, { name: 'LOG_LEVEL', value: 'warn' }],
    }));
    const file = join(root, '.data', 'images', 'api-deployment.yaml');
    writeFileSync(file, stringify(deployment));
    await tools.runAsync('podman', ['kube', 'play', '--network', 'phonehaat_default', file]);
    // One pod a replica: phonehaat-api-pod-0 … 2, each with its container "api".
    const containers = (await tools.runAsync('podman', ['ps', '--filter', 'name=^phonehaat-api-pod-[0-9]+-api$', '--format', '{{.Names}}'])).trim().split('\n').filter(Boolean);
    expect(containers).toHaveLength(3);
    expect(await eventually(async () => (await Promise.all(containers.map(answersReady))).every(Boolean), 90)).toBe(true);
  }, 240_000);
});
