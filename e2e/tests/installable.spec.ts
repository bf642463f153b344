import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { launchOptions } from '../browser';
import { shellUrl } from '../stack';
import { expect, test } from '../fixtures';

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
      for (const [path, name, start] of [['/', 'PhoneHaat — second-hand phones in Bangladesh', '/?source=app'], ['/bn', 'ফোনহাট — বাংলাদেশে পুরনো ফোন কেনাবেচা', '/bn?source=app']] as const) {
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
});
