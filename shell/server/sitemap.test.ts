// @vitest-environment node
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve } from './serve';
import { isSitemapPath, proxySitemap, robotsWithSitemap } from './sitemap';

// A stand-in API with a sitemap, and a site that passes it through as the shell's server does.
let api: Server;
let apiUrl: string;
let site: Awaited<ReturnType<typeof serve>>;
beforeAll(async () => {
  api = createServer((request, response) => {
    if (request.url === '/sitemap.xml') return void response.writeHead(200, { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' }).end('<sitemapindex/>');
    response.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Sitemap file not found"}');
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(api.address() as { port: number }).port}`;
  site = await serve({
    root: '.',
    port: 0,
    handle: async (url, _request, response) => {
      if (!isSitemapPath(url.pathname)) return false;
      await proxySitemap(url.searchParams.has('down') ? 'http://127.0.0.1:9' : apiUrl, url.pathname, response);
      return true;
    },
  });
});
afterAll(async () => {
  await site.close();
  await new Promise((resolve) => api.close(resolve));
});

describe("the site's sitemap", () => {
  it("is the API's, at the site's address, with its type and caching; the API's refusals pass through", async () => {
    const index = await fetch(`${site.url}/sitemap.xml`);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(index.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(await index.text()).toBe('<sitemapindex/>');
    expect((await fetch(`${site.url}/sitemaps/phones-9.xml`)).status).toBe(404);
  });

  it('says so when the API cannot be reached, and is only asked for sitemap addresses', async () => {
    const down = await fetch(`${site.url}/sitemap.xml?down`);
    expect(down.status).toBe(502);
    expect(await down.text()).toContain('The sitemap could not be had just now');
    expect(['/sitemap.xml', '/sitemaps/phones-1.xml'].every(isSitemapPath)).toBe(true);
    expect(['/sitemaps/../.env', '/sitemaps/a/b.xml', '/sitemap.xml.bak', '/robots.txt'].some(isSitemapPath)).toBe(false);
  });

  it('is named in robots.txt by its whole address', () => {
    expect(robotsWithSitemap('User-agent: *\nDisallow: /dashboard\n', 'https://phonehaat.com.bd')).toBe('User-agent: *\nDisallow: /dashboard\n\nSitemap: https://phonehaat.com.bd/sitemap.xml\n');
  });
});
