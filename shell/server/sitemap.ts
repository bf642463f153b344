// Search engines' files at the site's own address (issue 48): the sitemap and its files are the API's, passed through
// as they stream; robots.txt is the build's, with the Sitemap line that needs the site's own origin.
import type { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';

/** The sitemap index and its files, as the API names them. */
export const isSitemapPath = (path: string) => path === '/sitemap.xml' || /^\/sitemaps\/[\w-]+\.xml$/.test(path);

/** robots.txt with where the sitemap is: the protocol asks for a whole address. */
export const robotsWithSitemap = (robots: string, origin: string) => `${robots.trimEnd()}\n\nSitemap: ${origin}/sitemap.xml\n`;

/** Passes the API's answer for a sitemap path through, as it streams; an API that cannot be reached is a 502. */
export async function proxySitemap(apiUrl: string, path: string, response: ServerResponse): Promise<void> {
  let upstream: Response;
  try {
    upstream = await fetch(new URL(path, apiUrl));
  } catch {
    response.writeHead(502, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }).end('The sitemap could not be had just now: try again later\n');
    return;
  }
  const headers: Record<string, string> = { 'Content-Type': upstream.headers.get('content-type') ?? 'application/xml; charset=utf-8', 'X-Content-Type-Options': 'nosniff' };
  const cache = upstream.headers.get('cache-control');
  if (cache) headers['Cache-Control'] = cache;
  response.writeHead(upstream.status, headers);
  if (!upstream.body) return void response.end();
  Readable.fromWeb(upstream.body as WebReadableStream).pipe(response);
}
