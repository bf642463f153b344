// @vitest-environment node
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from './serve';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerSession } from '@phonehaat/shared-api/server-session';
import { createComposer } from './compose';

// A shell build and a storefront host, as small as they can be, laid out as the real builds are.
const shell = mkdtempSync(join(tmpdir(), 'phonehaat-compose-shell-'));
const remote = mkdtempSync(join(tmpdir(), 'phonehaat-compose-remote-'));
let host: Awaited<ReturnType<typeof serve>>;
const warnings: string[] = [];

const INDEX = `<!doctype html><html lang="en"><head><script>import("/assets/early-start-Ab12Cd34.js");</script><meta name="description" content="PhoneHaat: buy and sell second-hand mobile phones across Bangladesh." /><title>PhoneHaat</title>
<script type="module" crossorigin src="/assets/entry-Ab12Cd34.js"></script>
<link rel="modulepreload" crossorigin="" href="/assets/react-Ab12Cd34.js">
<link rel="stylesheet" crossorigin="" href="/assets/shell-Ab12Cd34.css">
</head><body><div id="root"></div></body></html>`;

function writeRemote(version: string, { failData = false } = {}) {
  mkdirSync(join(remote, 'assets'), { recursive: true });
  writeFileSync(join(remote, 'assets', `home-${version}.css`), `.home{color:${version}}`);
  const ssr = failData ? 'server/fails.ssr.js' : 'server/remoteEntry.ssr.js';
  writeFileSync(
    join(remote, 'preload.json'),
    JSON.stringify({
      'home-page': { js: [], css: [`assets/home-${version}.css`], ssr, build: version, catalogs: { en: ['assets/en-remote.js'], bn: ['assets/bn-remote.js'] } },
      'category-page': { js: [], css: [], ssr },
      'product-page': { js: [], css: [] },
      'all-sellers-page': { js: [], css: [], ssr },
    }),
  );
}

beforeAll(async () => {
  mkdirSync(join(shell, 'assets'));
  mkdirSync(join(shell, 'server'));
  writeFileSync(join(shell, 'index.html'), INDEX);
  writeFileSync(join(shell, 'assets', 'shell-Ab12Cd34.css'), '.shell{margin:0}');
  writeFileSync(join(shell, 'assets', 'dashboard-Ab12Cd34.css'), '.menu{width:16rem}');
  writeFileSync(join(shell, 'server', 'frame-css.json'), JSON.stringify({ '/dashboard': ['assets/dashboard-Ab12Cd34.css'] }));
  writeFileSync(join(shell, 'server', 'catalog-chunks.json'), JSON.stringify({ en: ['assets/en-shell.js'], bn: ['assets/bn-shell.js', 'assets/bn-ui.js'] }));
  // The shell's server render (src/server/render-app.tsx), as small as it can be: it says what it was asked for, and
  // knows the few remote pages these tests visit (the real one derives them from the remotes' declarations).
  writeFileSync(
    join(shell, 'server', 'app.mjs'),
    `const pages = { '/': ['storefront', 'home-page', null], '/dashboard/allsellers': ['admin', 'all-sellers-page', 'read:user:any'], '/dashboard/myorders': ['buyer', 'my-orders-page', 'read:booking:own'] };
     export function pageForPath(path) {
       const product = /^\\/(products?)\\/[^/]+$/.exec(path);
       const found = pages[path] ?? (product ? ['storefront', product[1] === 'products' ? 'category-page' : 'product-page', 'browse:products'] : undefined);
       return found && { remote: found[0], module: found[1], permission: found[2] };
     }
     export async function renderApp({ url, manifest, serverEntries, session }) {
       const entry = Object.values(serverEntries)[0];
       if (entry.includes('fails')) return undefined;
       const path = new URL(url).pathname;
       return {
         html: '<link rel="preload" as="image" href="/photo.webp"><meta name="description" content="A phone at ' + path + '"><div class="shell"><title>Home · ' + path + '</title><nav>' + (session ? session.name + ' ' + session.token : 'Login') + '</nav>' +
           '<main><div data-remote="storefront"><h1>' + path + ' from ' + entry + '</h1><p>Tk 5,000 $& more $\\' off</p></div></main></div>',
         data: '<script type="application/json" id="phonehaat-hydration">{"path":"' + path + '","remotes":' + Object.keys(manifest).length + '}</script>',
         status: path.endsWith('/gone') ? 410 : 200,
       };
     }`,
  );
  host = await serve({ root: remote, port: 0, cors: true });
  writeRemote('v1');
});
afterAll(() => host.close());

// The releases' pages (release-pages.ts, tested on its own): one the fake app above is told of, to show it is passed on.
const published = [{ remote: 'storefront' as const, module: 'home-page', path: '/', permission: null, label: { en: 'the home page', bn: 'হোমপেজ' } }];
const compose = createComposer({ dist: shell, warn: (message) => warnings.push(message), pagesFor: async () => published });
/** The visitor's manifest, as the shell's server resolves it (live-manifest.ts). */
const manifest = () => ({ storefront: `${host.url}/remoteEntry.js` });
const at = (path: string, remotes: Record<string, string> = manifest(), session?: ServerSession) => compose(new URL(path, 'http://localhost'), remotes, session).then((page) => page?.html);
const rina: ServerSession = { token: 'rinas-token', email: 'rina@example.com', name: 'Rina', role: 'Buyer' };

describe("the shell's server", () => {
  it("composes a visitor's page: the app's HTML with the router's data beside it, its title and preloads in the head, both stylesheets inlined", async () => {
    const html = (await at('/'))!;
    const ssr = `${host.url}/server/remoteEntry.ssr.js?v=`;
    expect(html).toContain(`<div id="root" data-composed=""><div class="shell"><nav>Login</nav><main><div data-remote="storefront"><h1>/ from ${ssr}`);
    // The data the browser hydrates with, beside #root, where React does not hydrate.
    expect(html).toMatch(/<\/div><script type="application\/json" id="phonehaat-hydration">\{"path":"\/","remotes":1\}<\/script>/);
    expect(html).toContain('<title>Home · /</title>');
    expect(html).not.toContain('<title>PhoneHaat</title>');
    expect(html.slice(0, html.indexOf('</head>'))).toContain('<link rel="preload" as="image" href="/photo.webp">');
    expect(html.slice(html.indexOf('<div id="root"'))).not.toContain('<link rel="preload"');
    // The page's description too (issue 48: what search engines and chat apps read of it).
    expect(html.slice(0, html.indexOf('</head>'))).toContain('<meta name="description" content="A phone at /">');
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(html.slice(html.indexOf('<div id="root"'))).not.toContain('<meta name="description"');
    // A seller's text is sent as written, whatever it holds.
    expect(html).toContain("<p>Tk 5,000 $& more $' off</p>");
    expect(html).toContain('<style data-href="/assets/shell-Ab12Cd34.css">.shell{margin:0}</style>');
    expect(html).toContain(`<style data-href="${host.url}/assets/home-v1.css">.home{color:v1}</style>`);
    // Each marked as loaded where the app's loaders look for it, so they do not append it again later in the head.
    expect(html).toContain(`<link rel="stylesheet" href="${host.url}/assets/home-v1.css" disabled>`);
    expect(html).toContain('<link rel="stylesheet" href="/assets/shell-Ab12Cd34.css" disabled>');
    // The pages of the visitor's releases, which the app routes to (issue 67), in the head.
    expect(html.slice(0, html.indexOf('</head>'))).toContain(`<script type="application/json" id="phonehaat-pages">${JSON.stringify(published)}</script>`);
  });

  it("asks for the app's code only after the first paint", async () => {
    const html = (await at('/'))!;
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toMatch(/modulepreload|type="module"|early-start/);
    const start = html.slice(html.indexOf('<div id="root"'));
    expect(start).toContain('requestAnimationFrame');
    expect(start).toContain('"/assets/entry-Ab12Cd34.js"');
    expect(start).toContain('"/assets/react-Ab12Cd34.js"');
    expect(start).toContain('import("/assets/early-start-Ab12Cd34.js")');
  });

  it("leaves the page to the browser when this visitor's manifest has no such remote", async () => {
    expect(await at('/', {})).toBeUndefined();
  });

  it("loads a remote's server entry afresh when it is redeployed at the same address", async () => {
    const entryOf = (html: string) => /from ([^<]+)<\/h1>/.exec(html)![1];
    const before = entryOf((await at('/'))!);
    writeRemote('v2');
    const html = (await at('/'))!;
    expect(html).toContain('.home{color:v2}');
    expect(entryOf(html)).not.toBe(before);
    expect(entryOf((await at('/'))!)).toBe(entryOf(html));
    writeRemote('v1');
  });

  it("composes a returning user's page with their session, marked as theirs; a visitor gets no signed-in page", async () => {
    const html = (await at('/products/123', manifest(), rina))!;
    expect(html).toContain('<div id="root" data-composed="" data-for="rina@example.com"><div class="shell"><nav>Rina rinas-token</nav>');
    expect(await at('/products/123')).toBeUndefined();
    // A public page is composed for them too, as theirs.
    expect(await at('/', manifest(), rina)).toContain('data-for="rina@example.com"><div class="shell"><nav>Rina');
  });

  it('composes a page only for a user whose role the route lets in', async () => {
    const remotes = { ...manifest(), admin: `${host.url}/remoteEntry.js` };
    const html = (await at('/dashboard/allsellers', remotes, { ...rina, role: 'admin' }))!;
    expect(html).toContain('<h1>/dashboard/allsellers from');
    // The dashboard's menu is styled from the first paint: its lazy stylesheet is inlined under /dashboard only.
    expect(html).toContain('<style data-href="/assets/dashboard-Ab12Cd34.css">.menu{width:16rem}</style>');
    expect(await at('/', manifest(), rina)).not.toContain('.menu{width:16rem}');
    // …and in Bangla, at its /bn address.
    expect(await at('/bn/dashboard/allsellers', remotes, { ...rina, role: 'admin' })).toContain('<style data-href="/assets/dashboard-Ab12Cd34.css">');
    expect(await at('/dashboard/allsellers', remotes, rina)).toBeUndefined();
    expect(await at('/dashboard/allsellers', remotes)).toBeUndefined();
  });

  it('leaves pages no remote renders on a server to the browser', async () => {
    expect(await at('/product/123', manifest(), rina)).toBeUndefined();
    expect(await at('/dashboard/myorders', manifest(), rina)).toBeUndefined();
    expect(await at('/login', manifest(), rina)).toBeUndefined();
  });

  it('sends the plain page, and says why, when the app cannot be rendered whole or the remote does not answer', async () => {
    writeRemote('v3', { failData: true });
    expect(await at('/')).toBeUndefined();
    warnings.length = 0;
    expect(await at('/', { storefront: 'http://127.0.0.1:9/remoteEntry.js' })).toBeUndefined();
    expect(warnings).toEqual([expect.stringMatching(/^shell server: \/ is sent without its server render: /)]);
    writeRemote('v1');
    expect(await at('/')).toContain('data-remote="storefront"');
  });

  it('composes a Bangla address in Bangla, and gives a public page its address in each language', async () => {
    const html = (await at('/bn?tab=1'))!;
    expect(html).toContain('<html lang="bn">');
    expect(html).toContain('<h1>/bn from');
    expect(html).toContain('<link rel="canonical" href="http://localhost/bn?tab=1">');
    expect(html).toContain('<link rel="alternate" hreflang="en" href="http://localhost/?tab=1">');
    expect(html).toContain('<link rel="alternate" hreflang="bn" href="http://localhost/bn?tab=1">');
    expect(html).toContain('<link rel="alternate" hreflang="x-default" href="http://localhost/?tab=1">');
    // And what a shared link's preview says of the site: the address, the name, the language and the other one.
    expect(html).toContain('<meta property="og:url" content="http://localhost/bn?tab=1"><meta property="og:site_name" content="PhoneHaat"><meta property="og:locale" content="bn_BD"><meta property="og:locale:alternate" content="en_GB">');
    expect(await at('/')).toContain('<html lang="en">');
    // The words of the page's language, the shell's and the remote's, are asked for with the page's code.
    const start = html.slice(html.indexOf('<div id="root"'));
    expect(start).toContain('"/assets/bn-shell.js","/assets/bn-ui.js"');
    expect(start).toContain(`"${host.url}/assets/bn-remote.js"`);
    expect(start).not.toMatch(/en-shell|en-remote/);
    const english = (await at('/'))!;
    expect(english).toContain(`"/assets/en-shell.js","${host.url}/assets/en-remote.js"`);
    expect(english).not.toMatch(/bn-shell|bn-remote/);
    // A user's own page has no other address to offer.
    expect(await at('/bn/products/123', manifest(), rina)).not.toContain('hreflang');
    expect(await at('/bn/products/123', manifest(), rina)).not.toContain('og:url');
  });

  it("answers with the status the page's loaders gave: a removed phone's page is composed, and Gone", async () => {
    expect(await compose(new URL('/products/gone', 'http://localhost'), manifest(), rina)).toMatchObject({ status: 410, html: expect.stringContaining('<h1>/products/gone from') });
    expect((await compose(new URL('/', 'http://localhost'), manifest()))?.status).toBe(200);
  });
});
