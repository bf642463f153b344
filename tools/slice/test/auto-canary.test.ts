// --auto canaries (issue 29): the deployer judges a canary on the real-user figures and rolls it back, or promotes it,
// by itself, saying why; a person's promote or rollback wins; two deployer processes take one decision.
import { afterEach, describe, expect, it } from 'vitest';
import type { ReleaseFigures } from '@phonehaat/shared-api';
import { createDeployer, type FiguresSource } from '../src/deployer.js';
import { defaultJudgeSettings } from '../src/judge.js';
import { storeRelease } from '../src/release.js';
import { fakeBuild, shellFacts, startDeployer, tokens } from './support.js';

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((item) => item.close()));
});

const settings = { ...defaultJudgeSettings, minViews: 20, healthyMs: 60_000 };
type Counts = Record<string, { views: number; errors: number }>;
/** Figures as the API would answer them, from counts per release set by the test. */
const figuresFrom =
  (counts: Counts): FiguresSource =>
  async (_remote, releases) =>
    releases.map((release): ReleaseFigures => {
      const { views, errors } = counts[release] ?? { views: 0, errors: 0 };
      return { release, views, errors, errorRate: views ? errors / views : null, lcpP75: 1800, lcpSamples: views, inpP75: 100, inpSamples: views };
    });

async function withCanary(counts: Counts, judgeSettings = settings) {
  const d = await startDeployer({ figures: figuresFrom(counts), judgeSettings });
  opened.push(d);
  const release = async (mark: string) => (await storeRelease(d.store, 'storefront', fakeBuild('storefront', mark), { commit: 'abc1234', by: 'test' })).version;
  const [live, canary] = [await release('good'), await release('bad')];
  await d.call('POST', '/remotes/storefront/promote', { token: tokens.storefront, body: { version: live } });
  const promoted = await d.call('POST', '/remotes/storefront/promote', { token: tokens.storefront, body: { version: canary, canary: 10, auto: true } });
  expect(promoted.status, promoted.body.error).toBe(200);
  return { d, live, canary };
}

describe('an --auto canary', () => {
  it('is left alone while there are too few views, and status says so', async () => {
    const counts: Counts = {};
    const { d, canary } = await withCanary(counts);
    counts[canary] = { views: 12, errors: 12 };
    await d.deployer.judgeCanaries();
    expect(d.deployer.state().remotes.storefront?.canary).toMatchObject({ version: canary, auto: true });
    const status = await d.call('GET', '/status');
    expect(status.body).toMatchObject({ remotes: { storefront: { judgment: { decision: 'wait', canary, reason: expect.stringMatching(/^too few page views to judge: canary 12, live 0/) } } } });
  });

  it('that throws is rolled back by itself, and the history says why with the figures', async () => {
    const counts: Counts = {};
    const { d, live, canary } = await withCanary(counts);
    counts[live] = { views: 200, errors: 2 };
    counts[canary] = { views: 25, errors: 25 };
    await d.deployer.judgeCanaries();
    const state = d.deployer.state();
    expect(state.remotes.storefront?.canary).toBeUndefined();
    expect(state.remotes.storefront?.live?.version).toBe(live);
    expect(state.history.at(-1)).toMatchObject({
      action: 'cancel-canary',
      version: canary,
      by: 'deployer (auto canary)',
      reason: expect.stringMatching(/^error rate 100% \(25\/25 views\) against 1\.0% \(2\/200 views\) live: z = [\d.]+, p = < 0\.0001 < 0\.01$/),
    });
    expect((await d.call('GET', '/manifest')).body).toEqual({ remotes: { storefront: { version: live, entry: expect.any(String) } } });
  });

  it('that stays healthy for the set time is promoted to everyone', async () => {
    const counts: Counts = {};
    const { d, live, canary } = await withCanary(counts, { ...settings, healthyMs: 0 });
    counts[live] = { views: 200, errors: 2 };
    counts[canary] = { views: 30, errors: 0 };
    await d.deployer.judgeCanaries();
    expect(d.deployer.state().remotes.storefront).toMatchObject({ live: { version: canary }, previous: [{ version: live }] });
    expect(d.deployer.state().history.at(-1)).toMatchObject({ action: 'full', version: canary, from: live, reason: expect.stringMatching(/^healthy for 0 min: error rate 0\.0% \(0\/30 views\)/) });
  });

  it("gives way to a person's rollback: the judgment of a canary that is gone changes nothing", async () => {
    const counts: Counts = {};
    const { d, live, canary } = await withCanary(counts);
    await d.call('POST', '/remotes/storefront/rollback', { token: tokens.storefront });
    counts[live] = { views: 200, errors: 0 };
    counts[canary] = { views: 25, errors: 25 };
    const before = d.deployer.state().history.length;
    await d.deployer.judgeCanaries();
    expect(d.deployer.state().history.length).toBe(before);
  });

  it('is decided once when two deployer processes share the state and judge at the same moment', async () => {
    const counts: Counts = {};
    const { d, live, canary } = await withCanary(counts);
    counts[live] = { views: 200, errors: 0 };
    counts[canary] = { views: 25, errors: 25 };
    const other = await createDeployer({ store: d.store, stateFile: d.stateFile, tokens: new Map(), shellFacts: async () => shellFacts, publicUrl: 'http://cdn.test/releases', figures: figuresFrom(counts), judgeSettings: settings });
    await Promise.all([d.deployer.judgeCanaries(), other.judgeCanaries(), d.deployer.judgeCanaries(), other.judgeCanaries()]);
    const cancelled = other.state().history.filter((entry) => entry.action === 'cancel-canary');
    expect(cancelled).toHaveLength(1);
    // The other process serves what the first decided (it reads the shared state again).
    const served = await other.listen(0);
    try {
      expect(await (await fetch(`${served.url}/manifest`)).json()).toEqual({ remotes: { storefront: { version: live, entry: expect.any(String) } } });
    } finally {
      await served.close();
    }
  });

  it('needs a canary percent; --auto alone is refused', async () => {
    const d = await startDeployer();
    opened.push(d);
    const version = (await storeRelease(d.store, 'storefront', fakeBuild('storefront', 'x'), { commit: 'abc1234', by: 'test' })).version;
    const answer = await d.call('POST', '/remotes/storefront/promote', { token: tokens.storefront, body: { version, auto: true } });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('auto: auto judges a canary: give its percent too');
  });

  it("reports the live release's and the canary's figures for `pnpm slice status`", async () => {
    const counts: Counts = {};
    const { d, live, canary } = await withCanary(counts);
    counts[live] = { views: 200, errors: 2 };
    const answer = await d.call('GET', '/remotes/storefront/figures');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ remote: 'storefront', releases: [{ release: live, views: 200, errors: 2 }, { release: canary, views: 0 }] });
    expect((await d.call('GET', '/remotes/checkout/figures')).status).toBe(404);
  });
});
