// The shell's server composes the first page (issues 13 and 24, decisions 015, 018 and 019), a visitor's or a returning
// user's: the whole app rendered by the shell's server module (server/app.mjs), the remote's page in it loaded through
// Module Federation from the release the same live manifest names, into the shell's index.html with the page's CSS
// inlined and the router's data beside it. The browser then hydrates that HTML where it stands.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PagePreloads } from '@phonehaat/shared-api/page-preloads';
import type { ServerSession } from '@phonehaat/shared-api/server-session';
import type { RemotePage } from '@phonehaat/shared-api/pages';
import { hasPermission } from '@phonehaat/shared-api/permissions';
import { withPages, type PagesFor } from './release-pages';
import { indexInLanguage } from './index-language';
import { languageOfPath, languages, pathInLanguage, pathWithoutLanguage, type Language } from '@phonehaat/shared-ui/languages';

/** server/app.mjs, the shell's server render (src/server/render-app.tsx). */
interface AppModule {
  renderApp(request: {
    url: string;
    manifest: Record<string, string>;
    serverEntries: Record<string, string>;
    pages: readonly RemotePage[];
    session: ServerSession | undefined;
  }): Promise<{ html: string; data: string; status?: number } | undefined>;
  /** Which of the releases' pages shows a path (src/app/route-remotes.ts). */
  pageForPath(path: string, pages: readonly RemotePage[]): RemotePage | undefined;
}

/** A composed page and the HTTP status it is answered with (its loaders': 410 for a removed phone's page). */
export interface ComposedPage {
  html: string;
  status: number;
}

export interface ComposerOptions {
  /** The shell's build: index.html and server/frame.mjs. */
  dist: string;
  /** The pages of a manifest's releases (release-pages.ts). */
  pagesFor: PagesFor;
  /** Past this, the page is sent for the browser to render, as it always could be. */
  timeoutMs?: number;
  /** Where a page that could not be composed is reported. */
  warn?: (message: string) => void;
}

const withTimeout = <T>(work: Promise<T>, ms: number, what: string): Promise<T> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} took over ${ms} ms`)), ms);
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });

/** Node's fetch keeps no HTTP cache: every call asks the host (a manifest or preload.json is always current). */
async function fetchText(url: URL): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.href} answered ${response.status}`);
  return response.text();
}

const ROOT = '<div id="root"></div>';

/** Open Graph's locale names for the page's language and the other one. */
const OG_LOCALES: Record<Language, string> = { en: 'en_GB', bn: 'bn_BD' };
/** What a shared link's preview says of the site on any public page: its address, the site's name, the language (issue 48). */
const openGraphSite = (url: URL, language: Language) =>
  `<meta property="og:url" content="${escapeAttribute(url.href)}"><meta property="og:site_name" content="PhoneHaat"><meta property="og:locale" content="${OG_LOCALES[language]}">${languages
    .filter((other) => other !== language)
    .map((other) => `<meta property="og:locale:alternate" content="${OG_LOCALES[other]}">`)
    .join('')}`;

/** Text for an HTML attribute or a style element. */
const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
/**
 * A stylesheet inlined, with a disabled `<link>` to the same file beside it: never fetched, it tells the code that
 * would load the sheet (Vite's preload helper, the federation runtime's CSS loader) that it is already here, so they do
 * not append it again at the end of the head, where it would change which rules win until the app had drawn its own.
 */
const styleElement = (href: string, css: string) =>
  `<style data-href="${escapeAttribute(href)}">${css.replaceAll('</style', '<\\/style')}</style><link rel="stylesheet" href="${escapeAttribute(href)}" disabled>`;

/**
 * A composed page is painted from its HTML alone, so the app's code (the shell's start-up chunks, its early start, and
 * the remote page's own chunks, which the server already knows from its preload.json) is asked for once the first
 * frame is on screen instead of competing with the page's CSS and images for a slow phone's bandwidth; the app then
 * hydrates the page (src/bootstrap.tsx). Taken from index.html as built: the page, and the start script for a page's
 * chunks (undefined for a build laid out otherwise, which is then left as it is).
 */
/** The shell's catalog chunks per language, as its build lists them (none in a build from before the languages). */
export async function shellCatalogChunks(dist: string): Promise<Record<string, string[]>> {
  const files = JSON.parse(await readFile(join(dist, 'server/catalog-chunks.json'), 'utf8').catch(() => '{}')) as Record<string, string[]>;
  return Object.fromEntries(Object.entries(files).map(([language, chunks]) => [language, chunks.map((file) => `/${file}`)]));
}

/** How many of the page's files the start script hints at per task (see `start`). */
const HINTS_PER_TASK = 4;

function startAfterFirstPaint(html: string): { html: string; start?: (pageChunks: string[]) => string } {
  const preloads: string[] = [];
  let entry: string | undefined;
  let earlyStart: string | undefined;
  const deferred = html
    .replace(/\s*<link rel="modulepreload" crossorigin="" href="([^"]+)">/g, (_, href: string) => {
      preloads.push(href);
      return '';
    })
    .replace(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/, (_, src: string) => {
      entry = src;
      return '';
    })
    .replace(/import\(("[^"]+early-start[^"]+")\);/, (_, src: string) => {
      earlyStart = JSON.parse(src) as string;
      return '';
    });
  if (!entry || !earlyStart) return { html };
  const script = entry;
  const early = earlyStart;
  // The start script, its hints a few to a task: asking for some forty files at once held a slow phone's main thread
  // for up to ~60 ms (each fetch started on it), long enough to block a tap; a few at a time never do.
  const start = (pageChunks: string[]) =>
    `<script>requestAnimationFrame(function(){setTimeout(function(){import(${JSON.stringify(early)});` +
    `var s=document.createElement("script");s.type="module";s.crossOrigin="";s.src=${JSON.stringify(script)};document.head.append(s);` +
    `var h=${JSON.stringify([...preloads, ...pageChunks])};(function n(){h.splice(0,${HINTS_PER_TASK}).forEach(function(u){var l=document.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=u;document.head.append(l)});if(h.length)setTimeout(n)})()})})</script>`;
  return { html: deferred, start };
}

export function createComposer({ dist, pagesFor, timeoutMs = 2000, warn = (message) => console.warn(message) }: ComposerOptions) {
  const stylesheets = new Map<string, Promise<string>>();

  const once = <T>(cache: Map<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> => {
    let value = cache.get(key);
    if (!value) {
      value = load();
      value.catch(() => cache.delete(key)); // a failure is tried again on the next request
      cache.set(key, value);
    }
    return value;
  };

  /**
   * The shell's own part, prepared once (a shell deploy restarts its server): its server render, and its index.html
   * with the start-up CSS inlined (the first paint waits for no stylesheet request) and the code asked for after it.
   */
  const shell = new Map<
    string,
    Promise<{ app: AppModule; html: string; start?: (pageChunks: string[]) => string; frameCss: [string, string][]; catalogs: Record<string, string[]> }>
  >();
  const shellPage = () =>
    once(shell, dist, async () => {
      const app = (await import(pathToFileURL(join(dist, 'server/app.mjs')).href)) as AppModule;
      let index = await readFile(join(dist, 'index.html'), 'utf8');
      for (const [tag, href] of [...index.matchAll(/<link rel="stylesheet" crossorigin="" href="(\/assets\/[^"]+\.css)">/g)]) {
        const css = await readFile(join(dist, href!), 'utf8');
        index = index.replace(tag, () => styleElement(href!, css));
      }
      if (!index.includes(ROOT)) throw new Error('index.html has no empty #root');
      // The CSS of the shell's lazy parts (the dashboard's menu), by the path they appear under; none in older builds.
      const framed = JSON.parse(await readFile(join(dist, 'server/frame-css.json'), 'utf8').catch(() => '{}')) as Record<string, string[]>;
      const catalogs = await shellCatalogChunks(dist);
      const frameCss: [string, string][] = [];
      for (const [path, files] of Object.entries(framed)) {
        const styles = await Promise.all(files.map(async (file) => styleElement(`/${file}`, await readFile(join(dist, file), 'utf8'))));
        frameCss.push([path, styles.join('')]);
      }
      return { app, ...startAfterFirstPaint(index), frameCss, catalogs };
    });

  async function composePage(url: URL, manifest: Record<string, string>, session: ServerSession | undefined): Promise<ComposedPage | undefined> {
    const language = languageOfPath(url.pathname);
    const path = pathWithoutLanguage(url.pathname);
    const [{ app, html: index, start, frameCss, catalogs }, pages] = await Promise.all([shellPage(), pagesFor(manifest)]);
    const page = app.pageForPath(path, pages);
    // Only a page the route table would show them: a visitor's, or one the user's role may see.
    if (!page || (page.permission && !(session && hasPermission(session.role, page.permission)))) return undefined;
    const entry = manifest[page.remote];
    if (typeof entry !== 'string') return undefined;
    const preloadText = await fetchText(new URL('preload.json', entry));
    const wanted = (JSON.parse(preloadText) as PagePreloads)[page.module];
    if (!wanted?.ssr) return undefined; // not rendered on a server (not listed by its remote, or an older build)
    // Versioned by its build, so a remote redeployed at the same address is loaded afresh (a release's never changes).
    const serverEntry = new URL(wanted.ssr, entry);
    serverEntry.searchParams.set('v', createHash('sha256').update(preloadText).digest('hex').slice(0, 12));
    const [rendered, remoteCss] = await Promise.all([
      app.renderApp({ url: url.href, manifest, serverEntries: { [page.remote]: serverEntry.href }, pages, session }),
      Promise.all(
        (wanted.css ?? []).map((file) => {
          const href = new URL(file, entry).href;
          return once(stylesheets, href, () => fetchText(new URL(href))).then((css) => styleElement(href, css));
        }),
      ),
    ]);
    if (!rendered) return undefined;
    // What React puts in the head in the browser (the page's title, its description, an image's preload) goes in the head here too.
    let title: string | undefined;
    const hoisted: string[] = [];
    const body = rendered.html
      .replace(/<title>([^<]*)<\/title>/, (_, text: string) => {
        title = text;
        return '';
      })
      .replace(/^(?:<(?:link|meta) [^>]*>)+/, (links) => {
        hoisted.push(links);
        return '';
      });
    // Its frame's CSS (the dashboard's menu) by the address without its language: /bn/dashboard is under /dashboard.
    // Replaced by functions throughout: a listing's text may hold `$&` or `$'`, which a replacement string would expand.
    const framedCss = frameCss.filter(([under]) => path === under || path.startsWith(`${under}/`)).map(([, css]) => css);
    // A public page's own address in each language, for search engines and shared links (issue 25).
    const alternates = page.permission
      ? ''
      : `<link rel="canonical" href="${escapeAttribute(url.href)}">${languages
          .map((other) => `<link rel="alternate" hreflang="${other}" href="${escapeAttribute(new URL(`${pathInLanguage(path, other)}${url.search}`, url).href)}">`)
          .join('')}<link rel="alternate" hreflang="x-default" href="${escapeAttribute(new URL(`${path}${url.search}`, url).href)}">${openGraphSite(url, language)}`;
    let html = withPages(indexInLanguage(index, language), pages);
    // The page's own description stands in for the site's (one description in the head; issue 48).
    if (hoisted.some((tags) => tags.includes('<meta name="description"'))) html = html.replace(/<meta name="description"[^>]*>\s*/, '');
    html = html.replace('</head>', () => `${alternates}${framedCss.join('')}${remoteCss.join('')}${hoisted.join('')}</head>`);
    if (title !== undefined) html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`);
    // Whom it was composed for: the browser hydrates only a page composed for the session it has (bootstrap.tsx).
    const composedFor = session ? ` data-for="${escapeAttribute(session.email)}"` : '';
    html = html.replace(ROOT, () => `<div id="root" data-composed=""${composedFor}>${body}</div>${rendered.data}`);
    // The remote's entry and the page's chunks too, with the shell's: no waiting for its manifest and preload.json; and
    // the words of the page's language, the shell's and the remote's, so no catalog is asked for after the app starts.
    const pageChunks = [
      entry,
      ...(wanted.js ?? []).map((file) => new URL(file, entry).href),
      ...(catalogs[language] ?? []),
      ...(wanted.catalogs?.[language] ?? []).map((file) => new URL(file, entry).href),
    ];
    return { html: start ? html.replace('</body>', () => `${start(pageChunks)}</body>`) : html, status: rendered.status ?? 200 };
  }

  /**
   * The composed HTML for this address, from the releases this visitor's manifest names (the same /remotes.json their
   * browser gets), for the session's user if there is one (its data read with their token: the API decides what
   * they see, and a page it refuses is not composed), or undefined to send index.html as it is (and say why, if it
   * failed).
   */
  return async function compose(url: URL, manifest: Record<string, string>, session?: ServerSession): Promise<ComposedPage | undefined> {
    try {
      return await withTimeout(composePage(url, manifest, session), timeoutMs, `composing ${url.pathname}`);
    } catch (error) {
      warn(`shell server: ${url.pathname} is sent without its server render: ${(error as Error).message}`);
      return undefined;
    }
  };
}
