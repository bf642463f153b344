import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { launchOptions } from '../browser';
import type { Page } from '@playwright/test';
import { releasesOf, shellUrl } from '../stack';
import { expect, slice, sliceStatus, test } from '../fixtures';

/** The storefront files this page loaded, by address (the resource timings of its document). */
const storefrontFiles = (page: Page) =>
  page.evaluate((base) => performance.getEntriesByType('resource').map((entry) => entry.name).filter((name) => name.startsWith(base)), releasesOf('storefront'));

// Issue 48: PhoneHaat on the phone's home screen. The app is installable (its manifest and service worker as Chrome
// judges them), and a page that cannot be reached shows the offline page in the person's language.
test.use({ serviceWorkers: 'allow' });

test.describe('the installable app', () => {
  test('is installable, named and started in the page language', async () => {
    // Chrome does not install from a private window, which is what a test's browser context is: a profile of its own.
    const profile = mkdtempSync(join(tmpdir(), 'phonehaat-install-'));
    const context = await chromium.launchPersistentContext(profile, { ...launchOptions, baseURL: shellUrl });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      for (const [path, name, start] of [['/', 'PhoneHaat — second-hand phones in Bangladesh', '/?source=app'], ['/bn', 'ফোনহাট — বাংলাদেশে পুরোনো ফোন কেনাবেচা', '/bn?source=app']] as const) {
        await page.goto(path);
        await expect(page.locator('#root[data-started]')).toBeAttached({ timeout: 15_000 });
        const cdp = await context.newCDPSession(page);
        // The same check Chrome's install prompt and Lighthouse's installability audit make.
        await expect.poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors, { timeout: 15_000 }).toEqual([]);
        const manifest = await cdp.send('Page.getAppManifest');
        expect(manifest.errors).toEqual([]);
        const data = JSON.parse(manifest.data ?? '{}') as { name: string; start_url: string; icons: { sizes: string }[] };
        expect(data.name).toBe(name);
        expect(data.start_url).toBe(start);
        expect(data.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
        await cdp.detach();
      }
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  test("shows the offline page in the person's language when a page cannot be reached, and the app again once it can", async ({ page, context }) => {
    await page.goto('/');
    // The worker registers once the first page is on screen, and takes charge of the page.
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker?.controller)), { timeout: 20_000 }).toBe(true);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
    await expect(page).toHaveTitle('You are offline · PhoneHaat');
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.locator('#root[data-started]')).toBeAttached({ timeout: 15_000 });
    await expect(page.getByRole('heading', { name: 'You are offline' })).toHaveCount(0);

    await page.goto('/bn');
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'আপনি অফলাইনে আছেন' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'আবার চেষ্টা করুন' })).toBeVisible();
    await context.setOffline(false);
  });

  test('a release takes effect at the next load with the worker in charge, and so does a rollback: never a mixed set', async ({ page }) => {
    test.setTimeout(240_000);
    const live = (await sliceStatus()).remotes.storefront?.live?.version;
    await page.goto('/');
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker?.controller)), { timeout: 20_000 }).toBe(true);
    // Loaded once more under the worker: the live release's files are now the ones it keeps.
    await page.reload();
    const slot = page.locator('[data-remote="storefront"]');
    const original = await slot.getAttribute('data-build');
    expect((await storefrontFiles(page)).filter((file) => !file.startsWith(`${releasesOf('storefront')}${live}/`))).toEqual([]);

    const made = await slice(['release', 'storefront'], { PHONEHAAT_BUILD_ID: 'release-storefront-worker' });
    expect(made.code, made.stderr).toBe(0);
    const version = made.stdout;
    try {
      expect((await slice(['promote', 'storefront', version])).code).toBe(0);
      await page.reload();
      expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
      await expect(slot).toHaveAttribute('data-build', 'release-storefront-worker');
      const promoted = await storefrontFiles(page);
      expect(promoted.length).toBeGreaterThan(0);
      expect(promoted.filter((file) => !file.startsWith(`${releasesOf('storefront')}${version}/`))).toEqual([]);
    } finally {
      expect((await slice(['rollback', 'storefront'])).code).toBe(0);
    }
    await page.reload();
    await expect(slot).toHaveAttribute('data-build', original!);
    const rolledBack = await storefrontFiles(page);
    expect(rolledBack.length).toBeGreaterThan(0);
    expect(rolledBack.filter((file) => !file.startsWith(`${releasesOf('storefront')}${live}/`))).toEqual([]);
    // The worker did keep released files (both releases'): it served them by their names, never in place of another.
    const kept = await page.evaluate(async () => (await (await caches.open('released-files')).keys()).map((request) => request.url));
    expect(kept.some((url) => url.includes(`/storefront/${version}/`))).toBe(true);
    expect((await sliceStatus()).remotes.storefront?.live?.version).toBe(live);
  });
});
