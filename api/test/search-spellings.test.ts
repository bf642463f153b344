// Bangla search knows the ways people write every brand (issue 42): each spelling in the table finds that brand's
// phone, the usual one and the common variants ("নকিয়া" as well as "নোকিয়া").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResults } from '@phonehaat/shared-api';
import { brands } from '../src/db/schema.js';
import { spellings } from '../src/modules/search/bangla.js';
import { auth, createHarness, json, type Harness, type TestUser } from './support/harness.js';

/** Each brand the demo sells, its listing's name, and the table's word for the brand. */
const BRANDS = [
  ['Apple', 'iPhone 13 128GB', 'iphone'],
  ['Samsung', 'Samsung Galaxy A54 128GB', 'samsung'],
  ['Xiaomi', 'Xiaomi Redmi Note 13 Pro 256GB', 'xiaomi'],
  ['OnePlus', 'OnePlus 11 5G 256GB', 'oneplus'],
  ['Google Pixel', 'Google Pixel 7 Pro 128GB', 'pixel'],
  ['Realme', 'Realme C55 256GB', 'realme'],
  ['Oppo', 'Oppo Reno 10 5G', 'oppo'],
  ['Vivo', 'Vivo V29 5G 256GB', 'vivo'],
  ['Nokia', 'Nokia G21 128GB', 'nokia'],
  ['Motorola', 'Motorola Edge 40 256GB', 'motorola'],
] as const;

let h: Harness;
let buyer: TestUser;
const listed = new Map<string, string>();

beforeAll(async () => {
  h = await createHarness();
  const more = await h.database.db
    .insert(brands)
    .values(BRANDS.filter(([brand]) => !h.brandIds[brand]).map(([name]) => ({ name })))
    .returning();
  const brandIds: Record<string, string> = { ...h.brandIds, ...Object.fromEntries(more.map((brand) => [brand.name, brand.id])) };
  const seller = await h.register('Seller');
  buyer = await h.register('Buyer');
  for (const [brand, name] of BRANDS) listed.set(brand, await h.createProduct(seller, { name, brandId: brandIds[brand]! }));
}, 120_000);
afterAll(() => h.close());

const search = async (q: string) =>
  json<SearchResults>(await h.app.inject({ method: 'GET', url: `/search?q=${encodeURIComponent(q)}`, headers: auth(buyer.accessToken) })).products.map((product) => product._id);

describe('Bangla spellings of each brand', () => {
  for (const [brand, , word] of BRANDS) {
    it(`finds ${brand} by every way the table writes "${word}"`, async () => {
      expect(spellings[word]!.length).toBeGreaterThanOrEqual(2);
      for (const spelling of spellings[word]!) expect(await search(spelling), spelling).toContain(listed.get(brand));
    });
  }

  it('does not take one brand for another', async () => {
    expect(await search('নকিয়া')).not.toContain(listed.get('Samsung'));
  });
});
