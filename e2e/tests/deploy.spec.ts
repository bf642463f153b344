import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { serve } from '@phonehaat/serve';
import { root } from '@phonehaat/stack';
import { createAccount, demo, expect, freePort, signIn, test } from '../fixtures';
import { e2eEnv, manifest, publicEnv } from '../stack';

// Each role remote is built and deployed alone: a redeploy is picked up by the running shell at its next
// page load, with no shell rebuild (remoteEntry.js is served no-cache; chunk names change with content).
const slices: { remote: string; path: string; heading: string | RegExp; account?: () => Promise<{ email: string; password: string }>; composed?: boolean }[] = [
  { remote: 'storefront', path: '/', heading: /up to 10% discount/, composed: true },
  { remote: 'buyer', path: '/dashboard/myorders', heading: 'My Orders', account: () => createAccount('Buyer') },
  { remote: 'seller', path: '/dashboard/myproduct', heading: 'My Product', account: () => createAccount('Seller') },
  { remote: 'admin', path: '/dashboard/allsellers', heading: 'All Sellers', account: async () => demo.admin },
];

/** The remote's chunks the shell hinted ahead of its JavaScript (from the remote's preload.json). */
const hintedChunks = (page: Page, port: number) =>
  page.evaluate(
    (origin) => Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]'), (link) => link.href).filter((href) => href.startsWith(`${origin}/assets/`)),
    `http://localhost:${port}`,
  );

function buildRemote(remote: string, outDir: string, buildId: string) {
  const result = spawnSync('pnpm', ['exec', 'vite', 'build', '--configLoader', 'runner', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: join(root, `mfe-${remote}`),
    env: { ...process.env, ...e2eEnv, ...publicEnv, PHONEHAAT_BUILD_ID: buildId },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`building mfe-${remote} failed:\n${result.stderr}`);
}

for (const slice of slices) {
  test(`a redeployed ${slice.remote} remote is picked up by the running shell without rebuilding it`, async ({ page }) => {
    test.skip(!existsSync(join(root, `mfe-${slice.remote}/dist/remoteEntry.js`)), `mfe-${slice.remote} is not built`);
    test.setTimeout(120_000);
    const shellIndex = join(root, 'shell/dist/index.html');
    const shellBuiltAt = statSync(shellIndex).mtimeMs;
    const work = mkdtempSync(join(tmpdir(), `phonehaat-${slice.remote}-`));
    const site = join(work, 'site');
    buildRemote(slice.remote, join(work, 'v1'), 'deploy-v1');
    buildRemote(slice.remote, join(work, 'v2'), 'deploy-v2');
    cpSync(join(work, 'v1'), site, { recursive: true });
    const port = await freePort();
    const server = await serve({ root: site, port, cors: true });
    // The deployed manifest points this slice at its new host: for the browser, and for the shell's server, which
    // composes a visitor's storefront pages from the same live manifest (decision 015).
    const liveManifest = join(root, 'shell/dist/remotes.json');
    const deployed = readFileSync(liveManifest, 'utf8');
    const moved = { ...manifest, [slice.remote]: `http://localhost:${port}/remoteEntry.js` };
    writeFileSync(liveManifest, JSON.stringify(moved));
    /** The build whose HTML the shell's server sent for this page (before any JavaScript ran), if it composed one. */
    const composedBuild = async () => (await (await page.request.get(slice.path)).text()).match(new RegExp(`data-remote="${slice.remote}" data-build="([^"]+)"`))?.[1];
    try {
      await page.route('**/remotes.json', (route) => route.fulfill({ json: moved }));
      if (slice.account) await signIn(page, await slice.account());
      await page.goto(slice.path);
      await expect(page.getByRole('heading', { name: slice.heading, level: 1 })).toBeVisible();
      await expect(page.locator(`[data-remote="${slice.remote}"]`)).toHaveAttribute('data-build', 'deploy-v1');
      if (slice.composed) expect(await composedBuild()).toBe('deploy-v1');

      // Redeploy: the new build replaces the old files on the remote's host.
      rmSync(site, { recursive: true, force: true });
      cpSync(join(work, 'v2'), site, { recursive: true });
      await page.reload();
      await expect(page.getByRole('heading', { name: slice.heading, level: 1 })).toBeVisible();
      await expect(page.locator(`[data-remote="${slice.remote}"]`)).toHaveAttribute('data-build', 'deploy-v2');
      // The HTML composed on the server follows the redeploy too, with no shell rebuild or restart.
      if (slice.composed) expect(await composedBuild()).toBe('deploy-v2');
      // What loads ahead of the JavaScript follows the redeploy too: every hinted chunk is one of the new build's.
      const hinted = await hintedChunks(page, port);
      expect(hinted.length).toBeGreaterThan(0);
      expect(hinted.filter((href) => !existsSync(join(work, 'v2', new URL(href).pathname)))).toEqual([]);
      expect(statSync(shellIndex).mtimeMs, 'the shell was not rebuilt').toBe(shellBuiltAt);
    } finally {
      writeFileSync(liveManifest, deployed);
      await server.close();
      rmSync(work, { recursive: true, force: true });
    }
  });
}
