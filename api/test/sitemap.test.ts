// Sitemaps (issue 48): every public phone page in both languages with its lastmod, split at 50,000 addresses, from one
// streaming query; what is not a file of the index is refused clearly.
import { sql } from 'drizzle-orm';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/db/rows.js';
import { auth, createHarness, json, type Harness } from './support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const site = () => h.env.WEB_URL.replace(/\/$/, '');
const read = (url: string) => h.app.inject({ method: 'GET', url });
const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => ['url', 'sitemap', 'xhtml:link'].includes(name) });
type Url = { loc: string; lastmod: string; 'xhtml:link': { '@_hreflang': string; '@_href': string }[] };
const urlsOf = (xml: string): Url[] => {
  expect(XMLValidator.validate(xml)).toBe(true);
  return (parser.parse(xml) as { urlset: { url?: Url[] } }).urlset.url ?? [];
};
const filesOf = (xml: string): string[] => {
  expect(XMLValidator.validate(xml)).toBe(true);
  return (parser.parse(xml) as { sitemapindex: { sitemap: { loc: string }[] } }).sitemapindex.sitemap.map((entry) => entry.loc);
};

describe('the sitemap', () => {
  it("lists every public phone's page in both languages, with when it changed and its other language", async () => {
    const seller = await h.register('Seller');
    const onSale = await h.createProduct(seller, { resalePrice: 15_000 });
    const sold = await h.createProduct(seller, { resalePrice: 12_500 });
    await h.sell(sold);
    const deleted = await h.createProduct(seller);
    expect((await h.app.inject({ method: 'DELETE', url: `/postedproduct/${deleted}`, headers: auth(seller.accessToken) })).statusCode).toBe(200);

    const index = await read('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(filesOf(index.body)).toEqual([`${site()}/sitemaps/phones-1.xml`]);

    const file = await read('/sitemaps/phones-1.xml');
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('public, max-age=3600');
    const urls = urlsOf(file.body);
    const [changed] = await rows<{ updated_at: Date }>(h.database.db, sql`SELECT updated_at FROM products WHERE id = ${onSale}`);
    const english = urls.find((url) => url.loc === `${site()}/product/${onSale}`);
    expect(english).toMatchObject({ lastmod: new Date(changed!.updated_at).toISOString() });
    expect(english!['xhtml:link']).toEqual([
      { '@_rel': 'alternate', '@_hreflang': 'en', '@_href': `${site()}/product/${onSale}` },
      { '@_rel': 'alternate', '@_hreflang': 'bn', '@_href': `${site()}/bn/product/${onSale}` },
    ]);
    const locs = urls.map((url) => url.loc);
    expect(locs).toContain(`${site()}/bn/product/${onSale}`);
    // A sold phone's page is public (it says it is sold); a deleted one's is gone.
    expect(locs).toContain(`${site()}/product/${sold}`);
    expect(locs.some((loc) => loc.endsWith(deleted))).toBe(false);
  });

  it('a change to what a page shows moves its lastmod; what it does not show does not', async () => {
    const seller = await h.register('Seller');
    const id = await h.createProduct(seller);
    const lastmod = async () => urlsOf((await read('/sitemaps/phones-1.xml')).body).find((url) => url.loc === `${site()}/product/${id}`)!.lastmod;
    const before = await lastmod();
    await h.database.db.execute(sql`UPDATE products SET matched_at = now() WHERE id = ${id}`);
    expect(await lastmod()).toBe(before);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const changed = await h.app.inject({ method: 'PUT', url: `/addedproducts/${id}/price`, headers: auth(seller.accessToken), payload: { resalePrice: 60_000 } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(Date.parse(await lastmod())).toBeGreaterThan(Date.parse(before));
  });

  it('is split at 50,000 addresses: 25,000 phones a file, each in one file only', { timeout: 120_000 }, async () => {
    const [{ count } = { count: 0 }] = await rows<{ count: number }>(h.database.db, sql`SELECT count(*)::int AS count FROM products WHERE deleted_at IS NULL`);
    const seller = await h.register('Seller');
    const brand = Object.values(h.brandIds)[0]!;
    // Enough phones for a second file.
    await h.database.db.execute(sql`
      INSERT INTO products (seller_id, brand_id, name, img, condition, resale_price, original_price, used_year, phone, location)
      SELECT ${seller.id}, ${brand}, 'Galaxy A' || n, 'http://localhost:4100/images/products/galaxy-a54.svg', 'Good', 20000, 30000, 2023, '01711234567', 'Dhaka'
      FROM generate_series(1, ${25_001 - count}) AS n`);
    expect(filesOf((await read('/sitemap.xml')).body)).toEqual([`${site()}/sitemaps/phones-1.xml`, `${site()}/sitemaps/phones-2.xml`]);
    // The full file is counted by its <loc>s (parsing 17 MB would be the test's slowest part); the small one is parsed.
    const first = [...(await read('/sitemaps/phones-1.xml')).body.matchAll(/<url><loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
    const second = urlsOf((await read('/sitemaps/phones-2.xml')).body).map((url) => url.loc);
    expect(first).toHaveLength(50_000);
    expect(second).toHaveLength(2);
    expect(new Set([...first, ...second]).size).toBe(50_002);
  });

  it('refuses what is not a file of the index, clearly', async () => {
    const past = await read('/sitemaps/phones-99.xml');
    expect(past.statusCode).toBe(404);
    expect(json(past).message).toBe('Sitemap file not found');
    for (const file of ['phones-0.xml', 'phones-1.txt', 'users-1.xml', '..%2F.env']) {
      const refused = await read(`/sitemaps/${file}`);
      expect(refused.statusCode, file).toBe(400);
      expect(json(refused).message).toContain('file must be a sitemap file the index lists, such as phones-1.xml');
    }
  });
});
