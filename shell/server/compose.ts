// The shell's server composes the first page (issue 13, decisions 015 and 018), a visitor's or a returning user's: the
// shell's frame (navbar, footer, dashboard menu) rendered by the shell's own server module, with the remote's page
// rendered by that remote's server module, found from the same live manifest the browser reads. The browser then
// renders the same page over it, with no flash.
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PagePreloads } from '@phonehaat/federation-config/page-preloads';
import type { ServerRenderer, ServerSession } from '@phonehaat/federation-config/server-render';
import { hasPermission } from '@phonehaat/shared-api/permissions';
import { pageForPath } from '../src/app/route-remotes';
import type { RemoteName } from '../src/federation/manifest';

interface FrameModule {
  SLOT: string;
  renderFrame(url: string, slot: { remote: RemoteName; build: string | undefined }, session?: ServerSession): Promise<string>;
}

export interface ComposerOptions {
  /** The shell's build: index.html and server/frame.mjs. */
  dist: string;
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
 * A composed page is painted from its HTML alone, so the app's code (the shell's start-up chunks, its early start)
 * is asked for once the first frame is on screen instead of competing with the page's CSS and images for a slow
 * phone's bandwidth; the app then takes the page over (src/app/takeover.tsx). Taken from index.html as built.
 */
function startAfterFirstPaint(html: string): string {
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
  if (!entry || !earlyStart) return html; // a build laid out otherwise: leave it as it is
  const start =
    `requestAnimationFrame(function(){setTimeout(function(){import(${JSON.stringify(earlyStart)});` +
    `${JSON.stringify(preloads)}.forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=h;document.head.append(l)});` +
    `var s=document.createElement("script");s.type="module";s.crossOrigin="";s.src=${JSON.stringify(entry)};document.head.append(s)})})`;
  return deferred.replace('</body>', () => `<script>${start}</script></body>`);
}

export function createComposer({ dist, timeoutMs = 2000, warn = (message) => console.warn(message) }: ComposerOptions) {
  // Content-hashed, so kept by address: a redeploy brings new addresses through its preload.json.
  const renderers = new Map<string, Promise<ServerRenderer>>();
  const stylesheets = new Map<string, Promise<string>>();
  const cacheDir = join(tmpdir(), 'phonehaat-server-renderers');

  const once = <T>(cache: Map<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> => {
    let value = cache.get(key);
    if (!value) {
      value = load();
      value.catch(() => cache.delete(key)); // a failure is tried again on the next request
      cache.set(key, value);
    }
    return value;
  };

  /** A remote's server module: fetched from its host like its browser code, and run here. */
  const renderer = (url: URL) =>
    once(renderers, url.href, async () => {
      const code = await fetchText(url);
      await mkdir(cacheDir, { recursive: true });
      const file = join(cacheDir, `${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
      await writeFile(file, code);
      return (await import(pathToFileURL(file).href)) as ServerRenderer;
    });

  /**
   * The shell's own part, prepared once (a shell deploy restarts its server): its frame renderer, and its index.html
   * with the start-up CSS inlined (the first paint waits for no stylesheet request) and the code asked for after it.
   */
  const shell = new Map<string, Promise<{ frame: FrameModule; index: string; frameCss: [string, string][] }>>();
  const shellPage = () =>
    once(shell, dist, async () => {
      const frame = (await import(pathToFileURL(join(dist, 'server/frame.mjs')).href)) as FrameModule;
      let index = await readFile(join(dist, 'index.html'), 'utf8');
      for (const [tag, href] of [...index.matchAll(/<link rel="stylesheet" crossorigin="" href="(\/assets\/[^"]+\.css)">/g)]) {
        const css = await readFile(join(dist, href!), 'utf8');
        index = index.replace(tag, () => styleElement(href!, css));
      }
      if (!index.includes(ROOT)) throw new Error('index.html has no empty #root');
      // The CSS of the frame's lazy parts (the dashboard's menu), by the path they appear under; none in older builds.
      const framed = JSON.parse(await readFile(join(dist, 'server/frame-css.json'), 'utf8').catch(() => '{}')) as Record<string, string[]>;
      const frameCss: [string, string][] = [];
      for (const [path, files] of Object.entries(framed)) {
        const styles = await Promise.all(files.map(async (file) => styleElement(`/${file}`, await readFile(join(dist, file), 'utf8'))));
        frameCss.push([path, styles.join('')]);
      }
      return { frame, index: startAfterFirstPaint(index), frameCss };
    });

  async function composePage(url: URL, manifest: Record<string, string>, session: ServerSession | undefined): Promise<string | undefined> {
    const page = pageForPath(url.pathname);
    // Only a page the route table would show them: a visitor's, or one the user's role may see.
    if (!page || (page.permission && !(session && hasPermission(session.role, page.permission)))) return undefined;
    const entry = manifest[page.remote];
    if (typeof entry !== 'string') return undefined;
    const preloads = JSON.parse(await fetchText(new URL('preload.json', entry))) as PagePreloads;
    const wanted = preloads[page.module];
    if (!wanted?.ssr) return undefined; // not rendered on a server (not listed by its remote, or an older build)
    const rendered = await (await renderer(new URL(wanted.ssr, entry))).render({ module: page.module, url: url.href, pattern: page.pattern, session });
    if (!rendered) return undefined;
    const { frame, index, frameCss } = await shellPage();
    const [shellHtml, remoteCss] = await Promise.all([
      frame.renderFrame(url.href, { remote: page.remote, build: rendered.buildId }, session),
      Promise.all(
        (wanted.css ?? []).map((file) => {
          const href = new URL(file, entry).href;
          return once(stylesheets, href, () => fetchText(new URL(href))).then((css) => styleElement(href, css));
        }),
      ),
    ]);
    // The page's title, which React puts where the page renders it, goes in the head.
    let title: string | undefined;
    const body = rendered.html.replace(/<title>([^<]*)<\/title>/, (_, text: string) => {
      title = text;
      return '';
    });
    // Replaced by functions throughout: a listing's text may hold `$&` or `$'`, which a replacement string would expand.
    const framedCss = frameCss.filter(([path]) => url.pathname === path || url.pathname.startsWith(`${path}/`)).map(([, css]) => css);
    let html = index.replace('</head>', () => `${framedCss.join('')}${remoteCss.join('')}</head>`);
    if (title !== undefined) html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`);
    // Whom it was composed for: the browser takes over only a page composed for the session it has (takeover.tsx).
    const composedFor = session ? ` data-for="${escapeAttribute(session.email)}"` : '';
    return html.replace(ROOT, () => `<div id="root" data-composed=""${composedFor}>${shellHtml.replace(frame.SLOT, () => body)}</div>`);
  }

  /**
   * The composed HTML for this address, from the releases this visitor's manifest names (the same /remotes.json their
   * browser gets), for the session's user if there is one (its data read with their token: the API decides what
   * they see, and a page it refuses is not composed), or undefined to send index.html as it is (and say why, if it
   * failed).
   */
  return async function compose(url: URL, manifest: Record<string, string>, session?: ServerSession): Promise<string | undefined> {
    try {
      return await withTimeout(composePage(url, manifest, session), timeoutMs, `composing ${url.pathname}`);
    } catch (error) {
      warn(`shell server: ${url.pathname} is sent without its server render: ${(error as Error).message}`);
      return undefined;
    }
  };
}
