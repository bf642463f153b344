import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { root, type RemoteName } from '@phonehaat/stack';
import { createAccount, demo, expect, signIn, slice, sliceStatus, test } from '../fixtures';
import { releasesOf, sliceDataDir } from '../stack';

// Issue 16: each team ships its slice alone with `pnpm slice`. A release is stored, promoted by the deployer, and
// picked up by the running shell at the next page load (browser and server-composed HTML alike), with no shell rebuild;
// a rollback needs no build; a canary splits visitors stickily; the compatibility gate refuses a release that
// needs another React. The tests share the releases the first ones make, so they run in order.
test.describe.configure({ mode: 'serial' });

const slices: { remote: RemoteName; path: string; heading: string | RegExp; account?: () => Promise<{ email: string; password: string }>; composed?: boolean }[] = [
  { remote: 'storefront', path: '/', heading: /up to 10% discount/, composed: true },
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
      const build = await shownBuild(page, 'storefront', /up to 10% discount/);
      await page.reload();
      expect(await shownBuild(page, 'storefront', /up to 10% discount/), 'the same visitor gets the same build on reload').toBe(build);
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
    expect(await shownBuild(wasOnCanary, 'storefront', /up to 10% discount/)).not.toBe('release-storefront-v2');
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
  const live = await shownBuild(page, 'storefront', /up to 10% discount/);
  const version = await release('storefront', 'needs-react-20', { PHONEHAAT_SHARED_REQUIRE: 'react=^20.0.0' });
  const provided = (JSON.parse(readFileSync(join(root, 'shell/dist/federation.json'), 'utf8')) as { provides: Record<string, string> }).provides.react;

  const run = await slice(['promote', 'storefront', version]);
  expect(run.code).toBe(1);
  expect(run.stderr).toBe(`slice: storefront ${version} is refused, and nothing live changed: react: the release needs ^20.0.0, the live shell provides ${provided}`);
  const after = await sliceStatus();
  expect(after.remotes.storefront?.live).toEqual(before.remotes.storefront?.live);
  expect(after.remotes.storefront?.releases.find((item) => item.version === version)).toMatchObject({ status: 'refused', reason: expect.stringContaining('react') });
  await page.reload();
  expect(await shownBuild(page, 'storefront', /up to 10% discount/)).toBe(live);
  expect(await composedBuild(page, '/')).toBe(live);
});
