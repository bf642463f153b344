// @vitest-environment node
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve } from './serve.js';

let dist: string;
let server: Awaited<ReturnType<typeof serve>>;
let remote: Awaited<ReturnType<typeof serve>>;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'phonehaat-serve-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>shell</title>');
  writeFileSync(join(dist, 'remoteEntry.js'), 'export const entry = 1;');
  writeFileSync(join(dist, 'remotes.json'), '{}');
  writeFileSync(join(dist, 'assets', 'page-Ab12Cd34.js'), `export default ${JSON.stringify('x'.repeat(2000))};`);
  server = await serve({ root: dist, port: 0, spa: true });
  remote = await serve({ root: dist, port: 0, cors: true });
});
afterAll(async () => {
  await server.close();
  await remote.close();
});

describe('the static server', () => {
  it('caches hashed assets for a year but makes entries and the manifest revalidate', async () => {
    expect((await fetch(`${server.url}/assets/page-Ab12Cd34.js`)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const path of ['/remoteEntry.js', '/remotes.json', '/']) {
      expect((await fetch(`${server.url}${path}`)).headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('answers client-side routes with index.html, but a missing file with 404', async () => {
    const route = await fetch(`${server.url}/dashboard/myorders`);
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('<title>shell</title>');
    expect((await fetch(`${server.url}/assets/missing-Zz99Yy88.js`)).status).toBe(404);
  });

  it('compresses text for clients that accept gzip', async () => {
    const response = await fetch(`${server.url}/assets/page-Ab12Cd34.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(await response.text()).toContain('xxxx');
  });

  it('lets other origins load a remote, and never serves files outside its folder', async () => {
    expect((await fetch(`${remote.url}/remoteEntry.js`)).headers.get('access-control-allow-origin')).toBe('*');
    expect((await fetch(`${server.url}/remoteEntry.js`)).headers.get('access-control-allow-origin')).toBeNull();
    const escape = await fetch(`${server.url}/..%2f..%2fetc%2fpasswd`);
    expect([403, 404]).toContain(escape.status);
    expect(await escape.text()).not.toContain('root:');
  });

  it('sends the page its page hook composes for a client-side route, and index.html when it composes none', async () => {
    const asked: string[] = [];
    const composing = await serve({
      root: dist,
      port: 0,
      spa: true,
      page: async (url) => {
        asked.push(url.pathname);
        if (url.pathname === '/gone') return { html: '<!doctype html><title>gone</title>', status: 410 };
        return url.pathname === '/' ? { html: '<!doctype html><title>composed</title>', status: 200 } : undefined;
      },
    });
    try {
      const home = await fetch(`${composing.url}/`, { headers: { 'accept-encoding': 'gzip' } });
      // Composed for this visitor with live data: revalidated every time, and never kept by a shared cache.
      expect(home.headers.get('cache-control')).toBe('private, no-cache');
      expect(home.headers.get('content-encoding')).toBe('gzip');
      expect(await home.text()).toContain('<title>composed</title>');
      expect(await (await fetch(`${composing.url}/blog`)).text()).toContain('<title>shell</title>');
      // A page may answer with its own status: a removed phone's page is 410 Gone, and still says so.
      const gone = await fetch(`${composing.url}/gone`);
      expect(gone.status).toBe(410);
      expect(await gone.text()).toContain('<title>gone</title>');
      expect((await fetch(`${composing.url}/remoteEntry.js`)).status).toBe(200);
      // Files are never composed.
      expect(asked).toEqual(['/', '/blog', '/gone']);
    } finally {
      await composing.close();
    }
  });

  it("lets a shared cache keep a visitors' page the same for everyone, revalidated each time, and never one that sets a cookie", async () => {
    const { gzipSync } = await import('node:zlib');
    const html = '<!doctype html><title>kept</title>';
    const composing = await serve({
      root: dist,
      port: 0,
      spa: true,
      page: async (url, _request, response) => {
        if (url.searchParams.has('new')) response.appendHeader('Set-Cookie', 'ph_visitor=someone');
        return { html, status: 200, gzip: gzipSync(html), etag: '"kept-1"', shared: !url.searchParams.has('canary') };
      },
    });
    try {
      const kept = await fetch(`${composing.url}/`, { headers: { 'accept-encoding': 'gzip' } });
      expect(kept.headers.get('cache-control')).toBe('public, no-cache');
      expect(kept.headers.get('etag')).toBe('"kept-1"');
      expect(kept.headers.get('vary')).toBe('Accept-Encoding');
      expect(await kept.text()).toBe(html);
      const again = await fetch(`${composing.url}/`, { headers: { 'if-none-match': '"kept-1"' } });
      expect(again.status).toBe(304);
      expect((await fetch(`${composing.url}/`, { headers: { 'if-none-match': '"kept-0"' } })).status).toBe(200);
      expect((await fetch(`${composing.url}/?new=1`)).headers.get('cache-control')).toBe('private, no-cache');
      expect((await fetch(`${composing.url}/?canary=1`)).headers.get('cache-control')).toBe('private, no-cache');
    } finally {
      await composing.close();
    }
  });

  it('lets its handle hook answer a request before any file is looked for', async () => {
    const handling = await serve({
      root: dist,
      port: 0,
      spa: true,
      handle: async (url, _request, response) => {
        if (url.pathname !== '/remotes.json') return false;
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"live":true}');
        return true;
      },
    });
    try {
      expect(await (await fetch(`${handling.url}/remotes.json`)).json()).toEqual({ live: true });
      expect((await fetch(`${handling.url}/remoteEntry.js`)).status).toBe(200);
    } finally {
      await handling.close();
    }
  });

  it('answers a malformed address with 400 and a failing hook with 500, and keeps serving (a request once took the server down)', async () => {
    const failing = await serve({
      root: dist,
      port: 0,
      spa: true,
      page: async (url) => {
        if (url.pathname === '/broken') throw new Error('the render failed');
        return undefined;
      },
    });
    try {
      expect((await fetch(`${failing.url}/%E0%A4%A`)).status).toBe(400);
      const broken = await fetch(`${failing.url}/broken`);
      expect(broken.status).toBe(500);
      expect(await broken.text()).not.toContain('the render failed');
      expect((await fetch(`${failing.url}/remoteEntry.js`)).status).toBe(200);
      expect(await (await fetch(`${failing.url}/blog`)).text()).toContain('<title>shell</title>');
    } finally {
      await failing.close();
    }
  });

  it('lets a visitor leave before a file is sent: nothing is logged as failed, and the server goes on', async () => {
    const errors: unknown[][] = [];
    const log = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    let left: () => void = () => undefined;
    const visitorLeft = new Promise<void>((resolve) => (left = resolve));
    const slow = await serve({
      root: dist,
      port: 0,
      // Holds the request until its visitor has gone, then lets the file be sent, as a slow disk would.
      handle: async (url, request) => {
        if (url.pathname !== '/assets/page-Ab12Cd34.js') return false;
        await new Promise<void>((resolve) => request.once('close', () => resolve()));
        left();
        return false;
      },
    });
    try {
      const leaving = new AbortController();
      const request = fetch(`${slow.url}/assets/page-Ab12Cd34.js`, { signal: leaving.signal }).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 50));
      leaving.abort();
      await request;
      await visitorLeft;
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(errors).toEqual([]);
      expect((await fetch(`${slow.url}/remoteEntry.js`)).status).toBe(200);
    } finally {
      console.error = log;
      await slow.close();
    }
  });

  it('answers a repeat request with 304 when nothing changed', async () => {
    const first = await fetch(`${server.url}/remoteEntry.js`);
    const etag = first.headers.get('etag')!;
    expect((await fetch(`${server.url}/remoteEntry.js`, { headers: { 'if-none-match': etag } })).status).toBe(304);
  });
});
