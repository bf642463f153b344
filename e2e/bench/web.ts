// pnpm bench:web — builds everything, starts the local stack, and measures in real Chromium, over
// 5 cold loads each, what `/` and `/products/:id` cost: gzipped JS transferred, requests, and the time
// until the Advertised Items (or the product cards) are visible. Writes the table into README.md.
import { existsSync } from 'node:fs';
import { chromium, type BrowserContext, type Request } from '@playwright/test';
import { launch, remotes as remoteNames, root } from '@phonehaat/stack';
import { apiAs, demo, listPhone } from '../fixtures';
import { apiUrl, releasesOf, services, shellUrl } from '../stack';
import { buildAll, chromiumArgs, executablePath, median, signIn, writeReadmeSection, type Account } from './common';

const RUNS = 5;
const BUDGET_KB = 200;
const VISIBLE_MS = 1000;
const REMOTE_BUDGET_KB = 40;

interface Sample {
  jsKb: number;
  /** Gzipped JS from each remote's releases (its code only: the shell provides the shared singletons). */
  remoteKb: Record<string, number>;
  requests: number;
  visibleMs: number;
  remotes: string[];
}

/**
 * One cold load: empty HTTP cache, then every script the page fetches until the network is idle. JS is
 * counted as the gzipped bytes of the response bodies; "visible" is when the first card is in the DOM,
 * recorded in the page itself (performance.now(), from the start of navigation).
 */
async function measure(context: BrowserContext, path: string, selector: string): Promise<Sample> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  // A string, not a function: tsx would wrap a function with helpers that do not exist in the page.
  await page.addInitScript({
    content: `new MutationObserver((_, observer) => {
      if (document.querySelector(${JSON.stringify(selector)})) {
        window.contentVisibleAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });`,
  });
  const scripts: Request[] = [];
  let requests = 0;
  page.on('request', () => requests++);
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') scripts.push(request);
  });
  await page.goto(`${shellUrl}${path}`);
  await page.locator(selector).first().waitFor();
  const visibleMs = await page.evaluate(() => (window as unknown as { contentVisibleAt: number }).contentVisibleAt);
  await page.waitForLoadState('networkidle');
  let bytes = 0;
  const remoteKb: Record<string, number> = {};
  for (const script of scripts) {
    const size = (await script.sizes()).responseBodySize;
    bytes += size;
    const remote = remoteNames.find((name) => script.url().startsWith(releasesOf(name)));
    if (remote) remoteKb[remote] = (remoteKb[remote] ?? 0) + size / 1024;
  }
  await page.close();
  return { jsKb: bytes / 1024, remoteKb, requests, visibleMs, remotes: Object.keys(remoteKb) };
}

buildAll();
console.log('Starting the stack…');
const stack = await launch(services, { quiet: true });
const browser = await chromium.launch({ executablePath, args: chromiumArgs });

interface Target {
  name: string;
  path: string;
  account?: Account;
  selector: string;
  remote: string;
}

async function signedInContext(account?: Account): Promise<BrowserContext> {
  // Every load a first visit: no service worker yet (issue 48's registers at idle after the first page, and would
  // answer the next runs' scripts from its cache, hiding what they cost on the network).
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
  if (account) {
    const login = await context.newPage();
    await signIn(login, account);
    await login.close();
  }
  return context;
}

async function sample(target: Target): Promise<Sample[]> {
  const samples: Sample[] = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await signedInContext(target.account);
    samples.push(await measure(context, target.path, target.selector));
    await context.close();
  }
  return samples;
}

const range = (values: number[]) => `${Math.round(median(values))} ms (range ${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))})`;

try {
  const brands = (await (await fetch(`${apiUrl}/categories`)).json()) as { _id: string; name: string }[];
  const samsung = brands.find((brand) => brand.name === 'Samsung')!;
  // A booking of the demo buyer, for the payment page.
  const phone = await listPhone(demo.seller, { name: 'Bench phone' });
  const booking = await apiAs<{ insertedId: string }>(demo.buyer, 'POST', '/bookeditems', { id: phone.id, phone: '01811000111', meetingLocation: 'Dhanmondi' });

  const storefrontPages: (Target & { budget: boolean })[] = [
    { name: '`/` (visitor, not signed in)', path: '/', selector: '[data-testid="advertised-grid"] article', remote: 'storefront', budget: true },
    { name: '`/products/:id` (signed-in buyer)', path: `/products/${samsung._id}`, account: demo.buyer, selector: '[data-testid="product-grid"] article', remote: 'storefront', budget: false },
  ];
  const remotePages: Target[] = [
    { name: 'storefront · Search (`/search?q=galaxy`)', path: '/search?q=galaxy', account: demo.buyer, selector: '[data-testid="product-grid"] article', remote: 'storefront' },
    { name: 'storefront · Product (`/product/:id`)', path: `/product/${phone.id}`, account: demo.buyer, selector: '[data-remote="storefront"] h1', remote: 'storefront' },
    { name: 'buyer · My Orders', path: '/dashboard/myorders', account: demo.buyer, selector: '[data-remote="buyer"] h1', remote: 'buyer' },
    { name: 'buyer · Payment', path: `/dashboard/payment/${booking.body.insertedId}`, account: demo.buyer, selector: '[data-remote="buyer"] h1', remote: 'buyer' },
    { name: 'seller · Add a product', path: '/dashboard/addproduct', account: demo.seller, selector: '[data-remote="seller"] h1', remote: 'seller' },
    { name: 'seller · My Product', path: '/dashboard/myproduct', account: demo.seller, selector: '[data-remote="seller"] h1', remote: 'seller' },
    { name: 'admin · All Sellers', path: '/dashboard/allsellers', account: demo.admin, selector: '[data-remote="admin"] h1', remote: 'admin' },
    { name: 'admin · All Buyers', path: '/dashboard/allbuyers', account: demo.admin, selector: '[data-remote="admin"] h1', remote: 'admin' },
    { name: 'admin · Reports', path: '/dashboard/reports', account: demo.admin, selector: '[data-remote="admin"] h1', remote: 'admin' },
    { name: 'admin · Activity', path: '/dashboard/activity', account: demo.admin, selector: '[data-remote="admin"] h1', remote: 'admin' },
  ].filter((target) => existsSync(`${root}mfe-${target.remote}/dist/remoteEntry.js`));

  let failed = false;
  const rows: string[] = [];
  for (const target of storefrontPages) {
    const samples = await sample(target);
    const js = median(samples.map((s) => s.jsKb));
    const visible = median(samples.map((s) => s.visibleMs));
    const remotes = [...new Set(samples.flatMap((s) => s.remotes))];
    const ok = (!target.budget || js <= BUDGET_KB) && visible < VISIBLE_MS && remotes.every((name) => name === target.remote);
    failed ||= !ok;
    rows.push(
      `| ${target.name} | ${js.toFixed(1)} KB${target.budget ? ` (budget ${BUDGET_KB})` : ''} | ${median(samples.map((s) => s.requests))} | ${range(samples.map((s) => s.visibleMs))} | ${remotes.join(', ') || 'none'} | ${ok ? 'yes' : 'NO'} |`,
    );
  }
  const remoteRows: string[] = [];
  for (const target of remotePages) {
    const samples = await sample(target);
    const own = median(samples.map((s) => s.remoteKb[target.remote] ?? 0));
    const remotes = [...new Set(samples.flatMap((s) => s.remotes))];
    const ok = own < REMOTE_BUDGET_KB && remotes.every((name) => name === target.remote);
    failed ||= !ok;
    remoteRows.push(`| ${target.name} | ${own.toFixed(1)} KB | ${range(samples.map((s) => s.visibleMs))} | ${remotes.join(', ')} | ${ok ? 'yes' : 'NO'} |`);
  }

  const table = `Measured by \`pnpm bench:web\` on ${new Date().toISOString().slice(0, 10)}: production builds served locally with gzip,
Debian Chromium, ${RUNS} cold loads per page (HTTP cache cleared), medians shown; this machine has 2 cores.
JS is the gzipped size of the script bodies (KB = 1,024 bytes); "content visible" is when the first card (or the page's heading) is in the page.
Targets: a visitor's \`/\` at most ${BUDGET_KB} KB of gzipped JS, content visible in under ${VISIBLE_MS} ms, no remote's code fetched on a page that
does not show it, and each remote's own JS under ${REMOTE_BUDGET_KB} KB for its signed-in pages. Signed-in pages also load Firebase's SDK, once their first page shows (decision 017).

| page | gzipped JS | requests | content visible | remotes fetched | meets targets |
|---|---:|---:|---:|---|:---:|
${rows.join('\n')}

| remote page (signed in) | the remote's own JS (shared singletons excluded) | visible | remotes fetched | meets targets |
|---|---:|---:|---|:---:|
${remoteRows.join('\n')}
`;
  console.log(table);
  writeReadmeSection('bench:web', table);
  if (failed) process.exitCode = 1;
} finally {
  await browser.close();
  await stack.stop();
}
