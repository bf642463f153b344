import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { root, type RemoteName } from '@phonehaat/stack';
import { createAccount, demo, expect, expectAccessible, expectNoSidewaysScroll, signIn, slice, sliceStatus, test } from '../fixtures';
import { AUTO_HEALTHY_MS, deployerUrl, releasesOf, sliceDataDir } from '../stack';

// Issue 16: each team ships its slice alone with `pnpm slice`. A release is stored, promoted by the deployer, and
// picked up by the running shell at the next page load (browser and server-composed HTML alike), with no shell rebuild;
// a rollback needs no build; a canary splits visitors stickily; the compatibility gate refuses a release that
// needs another React. The tests share the releases the first ones make, so they run in order.
test.describe.configure({ mode: 'serial' });

const slices: { remote: RemoteName; path: string; heading: string | RegExp; account?: () => Promise<{ email: string; password: string }>; composed?: boolean }[] = [
  { remote: 'storefront', path: '/', heading: /Sell your old phone/, composed: true },
  // The signed-in pages are composed for their user too (decision 018).
  { remote: 'buyer', path: '/dashboard/myorders', heading: 'My Orders', account: () => createAccount('Buyer'), composed: true },
  { remote: 'seller', path: '/dashboard/addproduct', heading: 'Add a product', account: () => createAccount('Seller'), composed: true },
  { remote: 'admin', path: '/dashboard/allsellers', heading: 'All Sellers', account: async () => demo.admin, composed: true },
  // The fifth slice (issue 26), released and rolled back alone like the others.
  { remote: 'inbox', path: '/inbox', heading: 'Messages', account: () => createAccount('Buyer'), composed: true },
];

/** The releases made by the first tests, by remote: promoted, rolled back, then used again by the later tests. */
const made: Partial<Record<RemoteName, string>> = {};
const shellIndex = join(root, 'shell/dist/index.html');

/** Makes a release of a remote with its own build id (its pages' data-build), as a team's CI would. */
async function release(remote: RemoteName, buildId: string, env: Record<string, string> = {}): Promise<string> {
  const run = await slice(['release', remote], { PHONEHAAT_BUILD_ID: buildId, ...env });
  expect(run.code, run.stderr).toBe(0);
  expect(run.stdout).toMatch(/^[0-9a-f]{12}$/);
  return run.stdout;
}

async function expectOk(args: string[]) {
  const run = await slice(args);
  expect(run.code, `pnpm slice ${args.join(' ')}: ${run.stderr}`).toBe(0);
  return run;
}

/** The build a page shows, once its heading is up. */
async function shownBuild(page: Page, remote: RemoteName, heading: string | RegExp): Promise<string | null> {
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  return page.locator(`[data-remote="${remote}"]`).getAttribute('data-build');
}

/** The build whose HTML the shell's server sent for a path (before any JavaScript ran), for this browser's visitor or user. */
const composedBuild = async (page: Page, path: string, remote: RemoteName = 'storefront') =>
  (await (await page.request.get(path)).text()).match(new RegExp(`data-remote="${remote}" data-build="([^"]+)"`))?.[1];

for (const { remote, path, heading, account, composed } of slices) {
  test(`${remote === 'admin' ? 'an' : 'a'} ${remote} release goes live at the next load when promoted and back at once when rolled back, with no shell rebuild`, async ({ page }) => {
    test.setTimeout(240_000);
    const shellBuiltAt = statSync(shellIndex).mtimeMs;
    const before = (await sliceStatus()).remotes[remote]?.live?.version;
    expect(before, `${remote} is live from the stack's start`).toMatch(/^[0-9a-f]{12}$/);

    const version = await release(remote, `release-${remote}-v2`);
    expect(version).not.toBe(before);
    // Stored, not live: visitors see no change.
    if (account) await signIn(page, await account());
    await page.goto(path);
    const original = await shownBuild(page, remote, heading);
    expect(original).not.toBe(`release-${remote}-v2`);
    expect((await sliceStatus()).remotes[remote]?.releases.find((item) => item.version === version)?.status).toBe('stored');

    await expectOk(['promote', remote, version]);
    await page.reload();
    expect(await shownBuild(page, remote, heading)).toBe(`release-${remote}-v2`);
    if (composed) expect(await composedBuild(page, path, remote)).toBe(`release-${remote}-v2`);
    // What loads ahead of the JavaScript follows too: every chunk hinted for the remote is the new release's.
    const hinted = await page.evaluate((base) => Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]'), (link) => link.href).filter((href) => href.startsWith(base)), releasesOf(remote));
    expect(hinted.length).toBeGreaterThan(0);
    expect(hinted.filter((href) => !href.startsWith(`${releasesOf(remote)}${version}/`))).toEqual([]);

    const rollback = await expectOk(['rollback', remote]);
    test.info().annotations.push({ type: 'rollback', description: `${remote}: ${rollback.ms} ms` });
    expect(rollback.ms, 'a rollback takes seconds, with no build').toBeLessThan(10_000);
    await page.reload();
    expect(await shownBuild(page, remote, heading)).toBe(original);
    if (composed) expect(await composedBuild(page, path, remote)).toBe(original);
    expect((await sliceStatus()).remotes[remote]?.live?.version).toBe(before);
    expect(statSync(shellIndex).mtimeMs, 'the shell was not rebuilt').toBe(shellBuiltAt);
    made[remote] = version;
  });
}

test('a storefront canary at 50% reaches some fresh visitors, each stays on their side, and rollback cancels it', async ({ browser }) => {
  test.setTimeout(240_000);
  test.skip(!made.storefront, 'needs the storefront release made above');
  await expectOk(['promote', 'storefront', made.storefront!, '--canary', '50']);
  const seen: { build: string | null; page: Page }[] = [];
  try {
    for (let visitor = 0; visitor < 20; visitor++) {
      const page = await (await browser.newContext()).newPage();
      await page.goto('/');
      const build = await shownBuild(page, 'storefront', /Sell your old phone/);
      await page.reload();
      expect(await shownBuild(page, 'storefront', /Sell your old phone/), 'the same visitor gets the same build on reload').toBe(build);
      expect(await composedBuild(page, '/'), "the server's HTML agrees with the browser").toBe(build);
      seen.push({ build, page });
    }
    const builds = new Set(seen.map((visitor) => visitor.build));
    expect(builds.size, 'both the live build and the canary are seen').toBe(2);
    expect(builds.has('release-storefront-v2')).toBe(true);
    const status = await sliceStatus();
    expect(status.remotes.storefront?.canary).toMatchObject({ version: made.storefront, percent: 50 });

    await expectOk(['rollback', 'storefront']);
    const wasOnCanary = seen.find((visitor) => visitor.build === 'release-storefront-v2')!.page;
    await wasOnCanary.reload();
    expect(await shownBuild(wasOnCanary, 'storefront', /Sell your old phone/)).not.toBe('release-storefront-v2');
    expect((await sliceStatus()).remotes.storefront?.canary).toBeUndefined();
  } finally {
    await Promise.all(seen.map((visitor) => visitor.page.context().close()));
  }
});

test('the buyer and seller teams promote at the same moment: both land, and the history records both', async () => {
  test.skip(!made.buyer || !made.seller, 'needs the buyer and seller releases made above');
  const [buyer, seller] = await Promise.all([slice(['promote', 'buyer', made.buyer!]), slice(['promote', 'seller', made.seller!])]);
  expect([buyer.code, seller.code], `${buyer.stderr} ${seller.stderr}`).toEqual([0, 0]);
  const status = await sliceStatus();
  expect(status.remotes.buyer?.live?.version).toBe(made.buyer);
  expect(status.remotes.seller?.live?.version).toBe(made.seller);
  const lastTwo = status.history.slice(-2).map(({ remote, action, version }) => ({ remote, action, version }));
  expect(lastTwo).toEqual(
    expect.arrayContaining([
      { remote: 'buyer', action: 'promote', version: made.buyer },
      { remote: 'seller', action: 'promote', version: made.seller },
    ]),
  );
  await Promise.all([expectOk(['rollback', 'buyer']), expectOk(['rollback', 'seller'])]);
});

test("the seller team's token cannot promote the admin remote, and nothing changes", async () => {
  test.skip(!made.admin, 'needs the admin release made above');
  const tokens = JSON.parse(readFileSync(join(sliceDataDir, 'tokens.json'), 'utf8')) as Record<string, string>;
  const before = await sliceStatus();
  const run = await slice(['promote', 'admin', made.admin!], { SLICE_TOKEN: tokens.seller! });
  expect(run.code).toBe(1);
  expect(run.stderr).toBe("slice: the seller team's token cannot change the admin remote");
  const wrong = await slice(['promote', 'admin', made.admin!], { SLICE_TOKEN: 'not-a-token-of-this-deployer' });
  expect(wrong.code).toBe(1);
  expect(wrong.stderr).toBe('slice: the token is not one the deployer knows');
  expect((await sliceStatus()).remotes.admin).toEqual(before.remotes.admin);
});

test('a storefront release built for another React is refused with the versions named, and the live site is unchanged', async ({ page }) => {
  test.setTimeout(240_000);
  const before = await sliceStatus();
  await page.goto('/');
  const live = await shownBuild(page, 'storefront', /Sell your old phone/);
  const version = await release('storefront', 'needs-react-20', { PHONEHAAT_SHARED_REQUIRE: 'react=^20.0.0' });
  const provided = (JSON.parse(readFileSync(join(root, 'shell/dist/federation.json'), 'utf8')) as { provides: Record<string, string> }).provides.react;

  const run = await slice(['promote', 'storefront', version]);
  expect(run.code).toBe(1);
  expect(run.stderr).toBe(`slice: storefront ${version} is refused, and nothing live changed: react: the release needs ^20.0.0, the live shell provides ${provided}`);
  const after = await sliceStatus();
  expect(after.remotes.storefront?.live).toEqual(before.remotes.storefront?.live);
  expect(after.remotes.storefront?.releases.find((item) => item.version === version)).toMatchObject({ status: 'refused', reason: expect.stringContaining('react') });
  await page.reload();
  expect(await shownBuild(page, 'storefront', /Sell your old phone/)).toBe(live);
  expect(await composedBuild(page, '/')).toBe(live);
});

// Issue 29: an --auto canary is judged on what people's browsers measure. Synthetic visitors (bounded: fresh browser
// contexts, three at a time, for at most a minute) load the home page; the shell's beacons reach the API, and the
// deployer rolls a broken canary back by itself, or promotes a healthy one, with the reason in the history.

/** The canary the deployer rolled back by itself (for the admin's Releases page after it). */
let rolledBackCanary: string | undefined;

/** A copy of the storefront's build whose home page throws as its code loads (a bad release, as a team might ship). */
function brokenStorefrontBuild(): string {
  const folder = cloneBuild('storefront', 'broken');
  // preload.json (tools/federation/vite.ts) lists each exposed page's chunks, its own module first.
  const pages = JSON.parse(readFileSync(join(folder, 'preload.json'), 'utf8')) as Record<string, { js: string[] }>;
  const first = pages['home-page']?.js[0];
  expect(first, "the storefront's build lists its home page's chunks").toBeDefined();
  // Evaluating the page's module throws: in the browser, the home page cannot start (the server's render is untouched).
  const chunk = join(folder, first!);
  writeFileSync(chunk, `throw new Error('PhoneHaat e2e: a broken home page');\n${readFileSync(chunk, 'utf8')}`);
  return folder;
}

/** A copy of a remote's build with its own content (so its own version id), otherwise the same. */
function cloneBuild(remote: RemoteName, mark: string): string {
  const folder = mkdtempSync(join(tmpdir(), `phonehaat-e2e-${remote}-${mark}-`));
  cpSync(join(root, `mfe-${remote}/dist`), folder, { recursive: true });
  appendFileSync(join(folder, 'remoteEntry.js'), `\n// ${mark} ${Date.now()}\n`);
  return folder;
}

const deployerStatus = async () => (await (await fetch(`${deployerUrl}/status`)).json()) as Omit<Awaited<ReturnType<typeof sliceStatus>>, 'history'> & {
  history: { action: string; version: string; by: string; reason?: string; at: string }[];
};

/**
 * Fresh visitors load the home page, three at a time, until `done` says so or the time runs out; each stays until
 * its page view's beacon has gone. Answers the visitors' cookies and which release each got.
 */
async function visitUntil(browser: Browser, done: () => Promise<boolean>, withinMs: number) {
  const visitors: { cookies: Awaited<ReturnType<BrowserContext['cookies']>>; release?: string }[] = [];
  const until = Date.now() + withinMs;
  let finished = false;
  const visitor = async () => {
    while (!finished && Date.now() < until) {
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        const beacon = page.waitForRequest((request) => request.url().endsWith('/rum') && request.method() === 'POST', { timeout: 15_000 });
        await page.goto('/');
        const manifest = (await (await page.request.get('/remotes.json')).json()) as Record<string, string>;
        await beacon.catch(() => undefined);
        visitors.push({ cookies: await context.cookies(), release: /\/([0-9a-f]{12})\/remoteEntry\.js/.exec(manifest.storefront ?? '')?.[1] });
      } finally {
        await context.close();
      }
    }
  };
  const watcher = async () => {
    while (!finished && Date.now() < until) {
      if (await done()) finished = true;
      else await new Promise((resolve) => setTimeout(resolve, 500));
    }
    finished = true;
  };
  await Promise.all([watcher(), visitor(), visitor(), visitor()]);
  return visitors;
}

test('a storefront canary that breaks the home page is rolled back by itself within 60 s, saying why; its visitors get the good release', async ({ browser, page }) => {
  test.setTimeout(180_000);
  const live = (await sliceStatus()).remotes.storefront!.live!.version;
  const run = await slice(['release', 'storefront', '--from', brokenStorefrontBuild()]);
  expect(run.code, run.stderr).toBe(0);
  const broken = run.stdout;

  const promoted = await expectOk(['promote', 'storefront', broken, '--canary', '50', '--auto']);
  expect(promoted.stdout).toContain('judged by the deployer');
  const promotedAt = Date.now();
  const rolledBack = async () => (await deployerStatus()).remotes.storefront?.canary === undefined;
  const visitors = await visitUntil(browser, rolledBack, 60_000);
  const tookMs = Date.now() - promotedAt;
  test.info().annotations.push({ type: 'auto rollback', description: `${tookMs} ms, ${visitors.length} visitors` });
  expect(await rolledBack(), `rolled back within 60 s (${visitors.length} visitors)`).toBe(true);
  expect(tookMs).toBeLessThan(60_000);

  const status = await deployerStatus();
  expect(status.remotes.storefront?.live?.version).toBe(live);
  const why = status.history.findLast((entry) => entry.version === broken && entry.action === 'cancel-canary');
  // (The live release's own rate is what the journeys beside this one left: one that breaks a page on purpose counts.)
  expect(why).toMatchObject({ by: 'deployer (auto canary)', reason: expect.stringMatching(/^error rate \d+% \(\d+\/\d+ views\) against \d+\.\d% \(\d+\/\d+ views\) live: z = [\d.]+, p = /) });
  // The team sees it too, with the figures.
  const told = await expectOk(['status', 'storefront']);
  expect(told.stdout).toContain(`cancel-canary ${broken}`);
  expect(told.stdout).toMatch(/why: error rate/);

  // A visitor who was on the canary gets the good release at their next load.
  const onCanary = visitors.find((visitor) => visitor.release === broken);
  expect(onCanary, 'some visitors were on the canary').toBeDefined();
  await page.context().addCookies(onCanary!.cookies);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /Sell your old phone/, level: 1 })).toBeVisible();
  await expect(page.locator('#root')).toHaveAttribute('data-started', 'hydrated');
  await expect(page.getByRole('alert')).toHaveCount(0);
  const manifest = (await (await page.request.get('/remotes.json')).json()) as Record<string, string>;
  expect(manifest.storefront).toContain(`/${live}/remoteEntry.js`);
  rolledBackCanary = broken;
});

test("an admin sees the storefront's releases over time: the broken canary's error rate, and the rollback with its reason", async ({ page }) => {
  test.skip(!rolledBackCanary, 'needs the canary rolled back above');
  await signIn(page, demo.admin);
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Releases' }).click();
  await expect(page.getByRole('heading', { name: 'Releases', level: 1 })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Error rate per release over the last 6 hours/ })).toBeVisible();
  const canaryRow = page.getByTestId('release-totals').getByRole('row').filter({ hasText: rolledBackCanary! });
  await expect(canaryRow).toContainText('100%');
  await expect(page.getByTestId('release-history').getByRole('listitem').filter({ hasText: `Canary cancelled: ${rolledBackCanary}` })).toContainText(/deployer \(auto canary\)\s*error rate 100%/);
  await expect(page).toHaveURL(/\/dashboard\/releases$/);
  await page.getByLabel('Slice').selectOption('inbox');
  await expect(page).toHaveURL(/remote=inbox/);
  await page.getByLabel('Slice').selectOption('storefront');
  await expect(canaryRow).toBeVisible();
  // On a phone: the charts fit, nothing scrolls sideways.
  await page.setViewportSize({ width: 360, height: 800 });
  await expect(page.getByRole('img', { name: /^p75 LCP per release/ })).toBeVisible();
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
});

test('a healthy storefront canary under the same traffic is promoted to everyone by itself', async ({ browser }) => {
  test.setTimeout(180_000);
  const live = (await sliceStatus()).remotes.storefront!.live!.version;
  const run = await slice(['release', 'storefront', '--from', cloneBuild('storefront', 'healthy')]);
  expect(run.code, run.stderr).toBe(0);
  const healthy = run.stdout;
  await expectOk(['promote', 'storefront', healthy, '--canary', '50', '--auto']);
  const promotedAt = Date.now();
  // Until the deployer ends the canary one way or the other.
  const judged = async () => (await deployerStatus()).remotes.storefront?.canary === undefined;
  const visitors = await visitUntil(browser, judged, AUTO_HEALTHY_MS + 60_000);
  test.info().annotations.push({ type: 'auto promotion', description: `${Date.now() - promotedAt} ms, ${visitors.length} visitors` });
  const last = (await deployerStatus()).history.findLast((entry) => entry.version === healthy);
  expect(last?.action, `promoted to everyone (${visitors.length} visitors; the deployer: ${last?.action} ${last?.reason ?? ''})`).toBe('full');
  expect(Date.now() - promotedAt).toBeGreaterThanOrEqual(AUTO_HEALTHY_MS);
  const status = await deployerStatus();
  expect(status.remotes.storefront?.canary).toBeUndefined();
  expect(status.history.findLast((entry) => entry.version === healthy)).toMatchObject({ action: 'full', by: 'deployer (auto canary)', reason: expect.stringMatching(/^healthy for \d+ min: error rate 0\.0%/) });
  // Back to the release before, as a team would after this trial.
  await expectOk(['rollback', 'storefront']);
  expect((await sliceStatus()).remotes.storefront?.live?.version).toBe(live);
});

// Issue 67: a slice's new page ships with its release alone. The storefront team adds a page (its file and one
// declaration in its own src/routes.ts), releases and promotes it: the live shell, not built again, serves it composed
// on its server, hydrates it in the browser, and forgets it when the release is rolled back.
test('a page a slice adds is served, composed and hydrated once its release is promoted, and gone when it is rolled back, with no shell build', async ({ page }) => {
  test.setTimeout(240_000);
  const shellBuiltAt = statSync(shellIndex).mtimeMs;
  const live = (await sliceStatus()).remotes.storefront!.live!.version;
  const routes = join(root, 'mfe-storefront/src/routes.ts');
  const file = join(root, 'mfe-storefront/src/exposed/e2e-warranty-page.tsx');
  const declared = readFileSync(routes, 'utf8');
  let version: string;
  try {
    writeFileSync(
      file,
      `import { useState } from 'react';
export default function WarrantyPage() {
  const [checks, setChecks] = useState(0);
  return (
    <section>
      <h1>Warranty check</h1>
      <button type="button" onClick={() => setChecks((count) => count + 1)}>Check my phone</button>
      <p role="status">{checks} checks</p>
    </section>
  );
}
`,
    );
    appendFileSync(
      routes,
      `pages.push({ path: '/warranty', module: 'warranty-page', file: './src/exposed/e2e-warranty-page.tsx', permission: null, label: { en: 'the warranty check', bn: 'ওয়ারেন্টি যাচাই' }, composed: true });\n`,
    );
    version = await release('storefront', 'release-storefront-warranty');
  } finally {
    writeFileSync(routes, declared);
    rmSync(file, { force: true });
  }
  // Not live yet: the address is nobody's page.
  expect(await (await page.request.get('/warranty')).text()).not.toContain('Warranty check');
  await expectOk(['promote', 'storefront', version]);

  // Composed on the shell's server from the release's own page list: the HTML holds the page before any script runs.
  const html = await (await page.request.get('/warranty')).text();
  expect(html).toContain('<h1>Warranty check</h1>');
  expect(html).toContain('"module":"warranty-page"');
  // Hydrated where it stands, and alive: its button works.
  await page.goto('/warranty');
  await expect(page.locator('#root')).toHaveAttribute('data-started', 'hydrated');
  await expect(page.getByRole('heading', { name: 'Warranty check', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Check my phone' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'checks' })).toHaveText('1 checks');
  // The rest of the storefront is the same release's.
  await page.goto('/');
  await expect(page.locator('[data-remote="storefront"]')).toHaveAttribute('data-build', 'release-storefront-warranty');

  // Rolled back: the page goes with its release, at once.
  await expectOk(['rollback', 'storefront']);
  expect((await sliceStatus()).remotes.storefront?.live?.version).toBe(live);
  expect(await (await page.request.get('/warranty')).text()).not.toContain('Warranty check');
  await page.goto('/warranty');
  await expect(page.getByRole('heading', { name: 'Looks like our services are currently offline', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Warranty check' })).toHaveCount(0);
  expect(statSync(shellIndex).mtimeMs, 'the shell was not built again').toBe(shellBuiltAt);
});
