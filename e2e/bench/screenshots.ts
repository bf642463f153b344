// pnpm --filter @phonehaat/e2e exec tsx bench/screenshots.ts — README's screenshots: the home page in English and in
// Bangla at 1280 × 900, from the built apps on the end-to-end stack (build first: pnpm --filter @phonehaat/e2e exec tsx build.ts).
import { chromium } from '@playwright/test';
import { launch, root } from '@phonehaat/stack';
import { services, shellUrl } from '../stack';
import { chromiumArgs, executablePath } from './common';

const stack = await launch(services, { quiet: true });
try {
  const browser = await chromium.launch({ executablePath, args: chromiumArgs });
  for (const [path, file] of [
    ['/', 'docs/screenshot.png'],
    ['/bn/', 'docs/screenshot-bn.png'],
  ] as const) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${shellUrl}${path}`);
    await page.locator('#root[data-started]').waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete || image.loading === 'lazy'));
    await page.screenshot({ path: `${root}${file}` });
    console.log(`${file}: ${path}`);
    await page.close();
  }
  await browser.close();
} finally {
  await stack.stop();
}
