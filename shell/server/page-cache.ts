// Visitors' composed pages, kept (issue 66): what is the same for every visitor of a release set, language and address
// is composed once and sent to the next thousand as it is, compressed once. Kept only while the server is told at once
// of what would change it (the live manifest watched, the API's catalog changes heard); forgotten at each such change,
// and after `ttlMs` at the latest (an advert that runs out changes nothing the API writes). A signed-in person's page
// is never kept: the caller asks only for visitors (main.ts), and the key holds nothing of a person.
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';

export interface KeptPage {
  html: string;
  status: number;
  /** The page gzipped once. */
  gzip: Buffer;
  /** Its strong validator: a CDN or a browser revalidating it gets 304 while it is the same page. */
  etag: string;
}

export interface PageCacheOptions {
  /** The last-resort bound on a kept page's age; 0 keeps nothing. */
  ttlMs: number;
  maxEntries?: number;
  now?: () => number;
}

export function createPageCache({ ttlMs, maxEntries = 1000, now = Date.now }: PageCacheOptions) {
  const pages = new Map<string, { until: number; page: Promise<KeptPage | undefined> }>();
  /** What must be true for a page to be kept: each says so (the manifest watched, the catalog's changes heard). */
  const conditions = new Map<string, boolean>();
  let generation = 0;
  const keeping = () => ttlMs > 0 && [...conditions.values()].every(Boolean);

  const keep = (html: string, status: number): KeptPage => ({
    html,
    status,
    gzip: gzipSync(html, { level: 9 }),
    etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
  });

  return {
    /**
     * The page for `key`, kept or composed now by `compose` (many asking at once share one composition). A page
     * that could not be composed (undefined) is not kept, nor is one composed while a change came in. While pages are
     * not being kept, the composed page as it is.
     */
    async get(key: string, compose: () => Promise<{ html: string; status: number } | undefined>): Promise<KeptPage | { html: string; status: number } | undefined> {
      // Not kept: sent as composed, with no validator (a shared cache must not keep it either).
      if (!keeping()) return compose();
      const at = now();
      const kept = pages.get(key);
      if (kept && kept.until > at) return kept.page;
      if (pages.size >= maxEntries) pages.delete(pages.keys().next().value!);
      const started = generation;
      const page = compose().then((composed) => composed && keep(composed.html, composed.status));
      pages.set(key, { until: at + ttlMs, page });
      const drop = () => pages.get(key)?.page === page && pages.delete(key);
      page.then((result) => (result === undefined || generation !== started) && drop(), drop);
      return page;
    },
    /** Forgets every page (a promotion, a rollback, a listing's change). */
    clear() {
      generation++;
      pages.clear();
    },
    /** Sets one condition for keeping pages; any change to one forgets them all. */
    condition(name: string, met: boolean) {
      if (conditions.get(name) === met) return;
      conditions.set(name, met);
      this.clear();
    },
    keeping,
    size: () => pages.size,
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
