// Sitemaps for search engines (issue 48): an index, and files of at most 50,000 addresses, each public phone page in
// both languages with its lastmod and its other language's address. A file is read from PostgreSQL by one query
// through a cursor, in batches written to the answer as they come (the answer's back-pressure respected), so a file of
// 50,000 addresses is never whole in memory.
import type { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { languages } from '@phonehaat/shared-api/languages';
import type { Db } from '../../../db/client.ts';
import { rows } from '../../../db/rows.ts';

/** The sitemaps protocol's limit of addresses per file. */
export const SITEMAP_MAX_URLS = 50_000;
/** Each listing has a page per language. */
export const LISTINGS_PER_FILE = SITEMAP_MAX_URLS / languages.length;
/** Rows fetched from the cursor at a time. */
const BATCH = 5_000;

const escapeXml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** Public listings: on sale or sold (their page says so), neither deleted nor removed, their seller's account kept. */
const PUBLIC_LISTINGS = sql`FROM products p JOIN users u ON u.id = p.seller_id WHERE p.deleted_at IS NULL AND u.deleted_at IS NULL`;

/** Waits until the answer takes more, or fails when it was closed (the crawler went away): the cursor is then let go. */
function drained(out: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', closed);
      resolve();
    };
    const closed = () => {
      out.off('drain', done);
      reject(new Error('the sitemap was no longer being read'));
    };
    out.once('drain', done);
    out.once('close', closed);
  });
}

export function createSitemaps({ db, webUrl }: { db: Db; webUrl: string }) {
  const site = escapeXml(webUrl.replace(/\/$/, ''));
  const page = (id: string, language: (typeof languages)[number]) => `${site}${language === 'en' ? '' : `/${language}`}/product/${id}`;
  const alternates = (id: string) => languages.map((language) => `<xhtml:link rel="alternate" hreflang="${language}" href="${page(id, language)}"/>`).join('');
  const entries = (id: string, lastmod: string) => languages.map((language) => `<url><loc>${page(id, language)}</loc><lastmod>${lastmod}</lastmod>${alternates(id)}</url>`).join('');

  /** How many phone files there are (at least one, empty while nothing is listed). */
  async function fileCount(): Promise<number> {
    const [row] = await rows<{ count: string | number }>(db, sql`SELECT count(*) AS count ${PUBLIC_LISTINGS}`);
    return Math.max(1, Math.ceil(Number(row?.count ?? 0) / LISTINGS_PER_FILE));
  }

  return {
    fileCount,
    /** The sitemap index: one entry per phone file. */
    async index(): Promise<string> {
      const count = await fileCount();
      const files = Array.from({ length: count }, (_, index) => `<sitemap><loc>${site}/sitemaps/phones-${index + 1}.xml</loc></sitemap>`).join('');
      return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${files}</sitemapindex>\n`;
    },

    /** Writes phone file `n` (from 1) to `out` and ends it; the listings are in the order of their ids, so a file keeps its phones. */
    async write(n: number, out: Writable): Promise<void> {
      out.write(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n`);
      // A cursor lives in a transaction: one query, read BATCH rows at a time.
      await db.transaction(async (tx) => {
        await tx.execute(sql`DECLARE phone_sitemap NO SCROLL CURSOR FOR SELECT p.id, p.updated_at ${PUBLIC_LISTINGS} ORDER BY p.id OFFSET ${sql.raw(String((n - 1) * LISTINGS_PER_FILE))} LIMIT ${sql.raw(String(LISTINGS_PER_FILE))}`);
        for (;;) {
          const batch = await rows<{ id: string; updated_at: Date | string }>(tx, sql`FETCH ${sql.raw(String(BATCH))} FROM phone_sitemap`);
          if (batch.length === 0) break;
          const chunk = batch.map((row) => entries(row.id, new Date(row.updated_at).toISOString())).join('\n');
          if (!out.write(`${chunk}\n`)) await drained(out);
          if (batch.length < BATCH) break;
        }
      });
      out.end('</urlset>\n');
    },
  };
}

export type Sitemaps = ReturnType<typeof createSitemaps>;
