// The shell's server: its build as static files, the live /remotes.json for each visitor (live-manifest.ts), and the
// first page composed on the server from the same manifest (compose.ts), for a visitor or a returning user.
// tsx shell/server/main.ts <dist> <port>   (DEPLOYER_URL: the deployer that keeps the live manifest)
import type { IncomingMessage, ServerResponse } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { languageOfPath } from '@phonehaat/shared-ui/languages';
import { serve } from './serve';
import { sessionFromCookie } from '@phonehaat/shared-auth/claims';
import { visitorFrom } from './visitor';
import { createComposer, shellCatalogChunks } from './compose';
import { indexInLanguage } from './index-language';
import { decideLanguage, followsChoice, languageCookie, rememberedLanguage } from './language';
import { createLiveManifest } from './live-manifest';
import { createPageCache } from './page-cache';
import { createFirstPage } from './first-page';
import { createReleasePages } from './release-pages';
import { watchCatalogChanges } from './catalog-changes';
import { isSitemapPath, proxySitemap, robotsWithSitemap } from './sitemap';

const [dist = 'dist', port = '4200'] = process.argv.slice(2);
const deployerUrl = process.env.DEPLOYER_URL || undefined;
const manifestFor = createLiveManifest({ dist, deployerUrl });
const pagesFor = createReleasePages();
const compose = createComposer({ dist, pagesFor });
/** index.html as built, in the page's language: what the browser renders a page the server did not compose from. */
const index = readFileSync(join(dist, 'index.html'), 'utf8');
const catalogChunks = await shellCatalogChunks(dist);
const indexIn = (url: URL) => indexInLanguage(index, languageOfPath(url.pathname), catalogChunks[languageOfPath(url.pathname)]);
/** Where the API is: its catalog changes, the sitemap. */
const apiUrl = process.env.API_URL || process.env.PUBLIC_API_URL || undefined;

// Visitors' pages kept while every change to them is heard at once: the live manifest watched, the API's catalog
// changes listened to (PAGE_CACHE_TTL_MS=0 keeps none; the time is the last-resort bound on a page's age).
const pageTtlMs = Number(process.env.PAGE_CACHE_TTL_MS ?? 10_000);
const pages = createPageCache({ ttlMs: pageTtlMs });
const stopWatching: (() => void)[] = [];
// Kept only while heard: with no API to listen to, nothing is kept.
pages.condition('catalog', false);
if (pageTtlMs > 0 && apiUrl) stopWatching.push(watchCatalogChanges({ apiUrl, onLive: (live) => pages.condition('catalog', live), onChange: () => pages.clear() }));
pages.condition('manifest', manifestFor.watched());
// Watched whatever the cache: a watched manifest is not asked of the deployer at every request.
if (deployerUrl) {
  manifestFor.onChange(() => {
    pages.condition('manifest', manifestFor.watched());
    pages.clear();
  });
  stopWatching.push(manifestFor.watch());
}

// A returning user's remembered session (shared-auth's cookie): their page, composed with their token, never kept.
const firstPage = createFirstPage({
  compose,
  pages,
  sessionOf: (request) => sessionFromCookie(request.headers.cookie) ?? undefined,
  sameForEveryone: () => manifestFor.sameForEveryone(),
  indexFor: indexIn,
  pagesFor,
});

/** The build's robots.txt. */
const robots = existsSync(join(dist, 'robots.txt')) ? readFileSync(join(dist, 'robots.txt'), 'utf8') : undefined;
/** The site's origin as the visitor reached it (behind a proxy that says it was https). */
const originOf = (request: IncomingMessage) => `${request.headers['x-forwarded-proto'] === 'https' ? 'https' : 'http'}://${request.headers.host ?? 'localhost'}`;

/** This visitor's manifest; a new visitor gets their id (the canary side they stay on) in a cookie. */
async function visitorManifest(request: IncomingMessage, response: ServerResponse) {
  const visitor = visitorFrom(request.headers.cookie);
  if (visitor.setCookie) response.appendHeader('Set-Cookie', visitor.setCookie);
  return manifestFor(visitor.id);
}

const { url, close } = await serve({
  root: dist,
  port: Number(port),
  host: process.env.HOST ?? '127.0.0.1',
  spa: true,
  async handle(address, request, response) {
    // A page (no file extension): sent in its language, or the visitor sent to the address of the one they chose.
    if (!extname(address.pathname)) {
      const decision = decideLanguage(address, request.headers.cookie, request.headers['accept-language']);
      if (decision.redirect !== undefined) {
        if (decision.remember) response.appendHeader('Set-Cookie', languageCookie(decision.remember, request.headers['x-forwarded-proto'] === 'https'));
        response.writeHead(302, { Location: decision.redirect, 'Cache-Control': 'private, no-cache', Vary: 'Cookie, Accept-Language' }).end();
        return true;
      }
      // A shared cache keeps a page apart for each session and language remembered (the cookie), and on the addresses
      // that follow the person's choice, for each browser language too.
      response.setHeader('Vary', followsChoice(address.pathname) ? 'Cookie, Accept-Language' : 'Cookie');
      // Remembered once: a page that sets no cookie is one a shared cache may keep.
      if (rememberedLanguage(request.headers.cookie) !== decision.language) response.appendHeader('Set-Cookie', languageCookie(decision.language, request.headers['x-forwarded-proto'] === 'https'));
      return false;
    }
    // Search engines' files (issue 48): the sitemap from the API, robots.txt naming it by the site's own address.
    if (isSitemapPath(address.pathname) && apiUrl) {
      await proxySitemap(apiUrl, address.pathname, response);
      return true;
    }
    if (address.pathname === '/robots.txt' && robots !== undefined) {
      const body = robotsWithSitemap(robots, originOf(request));
      response.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600', 'Content-Length': Buffer.byteLength(body) });
      response.end(request.method === 'HEAD' ? undefined : body);
      return true;
    }
    // The pages of this visitor's releases (issue 67), for a page the app was not sent with them.
    if (address.pathname === '/pages.json') {
      const body = JSON.stringify(await pagesFor(await visitorManifest(request, response)));
      response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'private, no-cache', 'Content-Length': Buffer.byteLength(body) });
      response.end(request.method === 'HEAD' ? undefined : body);
      return true;
    }
    if (address.pathname !== '/remotes.json' || !deployerUrl) return false;
    const body = JSON.stringify(await visitorManifest(request, response));
    // Per visitor, and changed by any promotion: never cached, never shared.
    response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'private, no-cache', 'Content-Length': Buffer.byteLength(body) });
    response.end(request.method === 'HEAD' ? undefined : body);
    return true;
  },
  page: async (address, request, response) => {
    // The page's own address, for its canonical and alternate links.
    const url = new URL(`${address.pathname}${address.search}`, originOf(request));
    return firstPage(url, await visitorManifest(request, response), request);
  },
});
console.log(`shell server on ${url}${deployerUrl ? `, live manifest from ${deployerUrl}` : ''}`);
// Said out loud: a server that stops, and why, is found in the logs (an e2e run once lost its shell without a word).
const stop = (signal: NodeJS.Signals) => {
  console.error(`shell server: ${signal}, closing`);
  for (const stop of stopWatching) stop();
  void close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
process.on('exit', (code) => code !== 0 && console.error(`shell server: exiting with code ${code}`));
