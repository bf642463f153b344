// pnpm bench:web — builds everything, starts the local stack, and measures in real Chromium, over
// 5 cold loads each, what `/` and `/products/:id` cost: gzipped JS transferred, requests, and the time
// until the Advertised Items (or the product cards) are visible. Writes the table into README.md.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { chromium, type BrowserContext, type Request } from '@playwright/test';
import { launch, root } from '@phonehaat/stack';
import { demo } from '../fixtures';
import { apiUrl, ports, services, shellUrl } from '../stack';

const RUNS = 5;
const BUDGET_KB = 200;
const VISIBLE_MS = 1000;
const remotePorts = { storefront: ports.storefront, buyer: ports.buyer, seller: ports.seller, admin: ports.admin };

interface Sample {
  jsKb: number;
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
  for (const script of scripts) bytes += (await script.sizes()).responseBodySize;
  const remotes = Object.entries(remotePorts)
    .filter(([, port]) => scripts.some((script) => new URL(script.url()).port === String(port)))
    .map(([name]) => name);
  await page.close();
  return { jsKb: bytes / 1024, requests, visibleMs, remotes };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

console.log('Building the shell and the remotes…');
execFileSync('pnpm', ['exec', 'tsx', 'build.ts'], { cwd: `${root}e2e`, stdio: 'inherit' });
console.log('Starting the stack…');
const stack = await launch(services, { quiet: true });
const executablePath = existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
const browser = await chromium.launch({
  executablePath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});

try {
  const brands = (await (await fetch(`${apiUrl}/categories`)).json()) as { _id: string; name: string }[];
  const samsung = brands.find((brand) => brand.name === 'Samsung')!;

  const pages = [
    {
      name: '`/` (visitor, not signed in)',
      path: '/',
      signedIn: false,
      selector: '[data-testid="advertised-grid"] article',
      remote: 'storefront',
    },
    {
      name: '`/products/:id` (signed-in buyer)',
      path: `/products/${samsung._id}`,
      signedIn: true,
      selector: '[data-testid="product-grid"] article',
      remote: 'storefront',
    },
  ];

  const rows: string[] = [];
  let failed = false;
  for (const target of pages) {
    const samples: Sample[] = [];
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      if (target.signedIn) {
        const login = await context.newPage();
        await login.goto(`${shellUrl}/login`);
        await login.getByLabel('Email').fill(demo.buyer.email);
        await login.getByLabel('Password').fill(demo.buyer.password);
        await login.getByRole('button', { name: 'Login', exact: true }).click();
        await login.getByRole('link', { name: 'Dashboard' }).waitFor();
        await login.close();
      }
      samples.push(await measure(context, target.path, target.selector));
      await context.close();
    }
    const js = median(samples.map((s) => s.jsKb));
    const visible = median(samples.map((s) => s.visibleMs));
    const requests = median(samples.map((s) => s.requests));
    const remotes = [...new Set(samples.flatMap((s) => s.remotes))];
    const extraRemotes = remotes.filter((name) => name !== target.remote);
    const jsOk = target.signedIn || js <= BUDGET_KB;
    const ok = jsOk && visible < VISIBLE_MS && extraRemotes.length === 0;
    failed ||= !ok;
    rows.push(
      `| ${target.name} | ${js.toFixed(1)} KB${target.signedIn ? '' : ` (budget ${BUDGET_KB})`} | ${requests} | ${Math.round(visible)} ms (range ${Math.round(Math.min(...samples.map((s) => s.visibleMs)))}–${Math.round(Math.max(...samples.map((s) => s.visibleMs)))}) | ${remotes.join(', ') || 'none'} | ${ok ? 'yes' : 'NO'} |`,
    );
  }

  const table = `Measured by \`pnpm bench:web\` on ${new Date().toISOString().slice(0, 10)}: production builds served locally with gzip,
Debian Chromium, ${RUNS} cold loads per page (HTTP cache cleared), medians shown; this machine has 2 cores.
JS is the gzipped size of the script bodies (KB = 1,024 bytes); "content visible" is when the first card is in the page.\nTargets: a visitor's \`/\` at most ${BUDGET_KB} KB of gzipped JS, content visible in under ${VISIBLE_MS} ms, and no remote's code fetched on a page that does not show it.
The signed-in page also loads Firebase's SDK (a session exists), so the JS budget applies to the visitor's page only.

| page | gzipped JS | requests | content visible | remotes fetched | meets targets |
|---|---:|---:|---:|---|:---:|
${rows.join('\n')}
`;
  console.log(table);
  const readme = readFileSync(`${root}README.md`, 'utf8');
  const start = '<!-- bench:web:start -->';
  const end = '<!-- bench:web:end -->';
  if (readme.includes(start) && readme.includes(end)) {
    writeFileSync(`${root}README.md`, `${readme.slice(0, readme.indexOf(start) + start.length)}\n${table}${readme.slice(readme.indexOf(end))}`);
    console.log('README.md performance section updated.');
  }
  if (failed) process.exitCode = 1;
} finally {
  await browser.close();
  await stack.stop();
}
