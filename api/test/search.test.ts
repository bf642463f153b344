import { randomUUID } from 'node:crypto';
import type { NewProductBody } from '@phonehaat/shared-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands } from '../src/db/schema.js';
import { auth, createHarness, json, type Harness, type TestUser } from './support/harness.js';

let h: Harness;
let seller: TestUser;
let verifiedSeller: TestUser;
let buyer: TestUser;

beforeAll(async () => {
  h = await createHarness();
  [seller, verifiedSeller, buyer] = await Promise.all([h.register('Seller', 'Rina Akter'), h.register('Seller', 'Jamal Uddin'), h.register('Buyer')]);
  const admin = await h.admin();
  await h.app.inject({ method: 'PUT', url: `/seller/verify/${verifiedSeller.id}`, headers: auth(admin.accessToken) });
});
afterAll(() => h.close());

interface Results {
  products: { _id: string; name: string; resalePrice: number; condition: string; usedYear: number; location: string; sellerVerified: boolean; brandName: string }[];
  total: number;
  page: number;
  limit: number;
  sort: string;
  interpretedAs?: string;
  facets: { brands: { _id: string; name: string; count: number }[]; conditions: { condition: string; count: number }[] };
  withoutFilter?: { filter: string; total: number }[];
}

type Params = Record<string, string | number | boolean | (string | number)[] | undefined>;
const queryString = (params: Params) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  return search.toString();
};

const searchRaw = (params: Params, user: TestUser | null = buyer) =>
  h.app.inject({ method: 'GET', url: `/search?${queryString(params)}`, headers: user ? auth(user.accessToken) : {} });

async function search(params: Params): Promise<Results> {
  const response = await searchRaw(params);
  expect(response.statusCode, response.body).toBe(200);
  return json<Results>(response);
}

/**
 * Each test lists its phones in a town of its own and searches there, so other tests' phones never
 * mix in; the location filter is a contains-match, so "Street, <town>" is found by "<town>".
 */
const newTown = () => `Testpur${randomUUID().replaceAll('-', '').slice(0, 10)}`;
const list = (town: string, product: Partial<NewProductBody>, by: TestUser = seller) =>
  h.createProduct(by, { location: `Main Road, ${town}`, description: '', ...product });
const names = (results: Results) => results.products.map((product) => product.name);

/** Two iPhones, two Galaxies and two Redmis, in a town of their own. */
async function listSixPhones(): Promise<string> {
  const town = newTown();
  await list(town, { name: 'iPhone 13 Pro 256GB', brandId: h.brandIds.Apple });
  await list(town, { name: 'iPhone 12 64GB', brandId: h.brandIds.Apple });
  await list(town, { name: 'Galaxy S21 FE 128GB', brandId: h.brandIds.Samsung });
  await list(town, { name: 'Galaxy A14 64GB', brandId: h.brandIds.Samsung });
  await list(town, { name: 'Redmi Note 13 Pro 8/256GB', brandId: h.brandIds.Xiaomi });
  await list(town, { name: 'Redmi 12 8/128GB', brandId: h.brandIds.Xiaomi });
  return town;
}

describe('GET /search: words', () => {
  it('ranks a listing named for the words above one that only mentions them', async () => {
    const town = newTown();
    await list(town, { name: 'Galaxy S22 256GB', brandId: h.brandIds.Samsung, description: 'Faster than a Pixel 7 Pro, they say.' });
    await list(town, { name: 'Pixel 7 Pro 128GB', brandId: h.brandIds.Apple, description: 'Clean.' });
    const results = await search({ q: 'pixel 7 pro', location: town });
    expect(results.sort).toBe('relevance');
    expect(names(results)).toEqual(['Pixel 7 Pro 128GB', 'Galaxy S22 256GB']);
  });

  it('matches every word, the brand as well as the name, and a word still being typed', async () => {
    const town = newTown();
    await list(town, { name: 'iPhone 13 128GB', brandId: h.brandIds.Apple });
    await list(town, { name: 'iPhone 12 64GB', brandId: h.brandIds.Apple });
    await list(town, { name: 'Galaxy A54 8/128GB', brandId: h.brandIds.Samsung });
    expect(names(await search({ q: 'iphone 13 128', location: town }))).toEqual(['iPhone 13 128GB']);
    expect(names(await search({ q: 'apple 12', location: town }))).toEqual(['iPhone 12 64GB']);
    expect(names(await search({ q: 'iph', location: town })).sort()).toEqual(['iPhone 12 64GB', 'iPhone 13 128GB']);
    expect(names(await search({ q: 'samsung 8/128', location: town }))).toEqual(['Galaxy A54 8/128GB']);
    expect((await search({ q: 'nokia', location: town })).total).toBe(0);
  });

  it.each([
    ['iphon 13', ['iPhone 13 Pro 256GB'], undefined],
    ['samsng galaxy', ['Galaxy A14 64GB', 'Galaxy S21 FE 128GB'], 'samsung galaxy'],
    ['redmi note13', ['Redmi Note 13 Pro 8/256GB'], 'redmi note 13'],
    ['pixle 7', ['Pixel 7 128GB'], 'pixel 7'],
    ['galaxy s 21', ['Galaxy S21 FE 128GB'], undefined],
  ])('forgives "%s"', async (q, expected, interpretedAs) => {
    const town = await listSixPhones();
    await list(town, { name: 'Pixel 7 128GB', brandId: h.brandIds.Xiaomi });
    await list(town, { name: 'Pixel 6a 128GB', brandId: h.brandIds.Xiaomi });
    const results = await search({ q, location: town });
    expect(names(results).sort()).toEqual(expected);
    expect(results.interpretedAs).toBe(interpretedAs);
  });

  it('never shows a sold phone, a deleted one, or one whose seller was removed', async () => {
    const town = newTown();
    const gone = await h.register('Seller');
    const sold = await list(town, { name: 'Nokia X30 Sold', brandId: h.brandIds.Xiaomi });
    const deleted = await list(town, { name: 'Nokia X30 Deleted', brandId: h.brandIds.Xiaomi });
    await list(town, { name: 'Nokia X30 Removed Seller', brandId: h.brandIds.Xiaomi }, gone);
    await list(town, { name: 'Nokia X30 On Sale', brandId: h.brandIds.Xiaomi });
    expect((await search({ q: 'nokia x30', location: town })).total).toBe(4);

    await h.sell(sold);
    await h.app.inject({ method: 'DELETE', url: `/postedproduct/${deleted}`, headers: auth(seller.accessToken) });
    const admin = await h.admin();
    await h.app.inject({ method: 'DELETE', url: `/seller/${gone.id}`, headers: auth(admin.accessToken) });

    for (const params of [{ q: 'nokia x30', location: town }, { location: town }]) {
      const results = await search(params);
      expect(names(results)).toEqual(['Nokia X30 On Sale']);
      expect(results.facets.brands.reduce((sum, brand) => sum + brand.count, 0)).toBe(1);
    }
    for (const q of ['sold', 'deleted', 'removed']) expect((await search({ q, location: town })).total).toBe(0);
  });

  it.each([
    ['%'],
    ['_'],
    ["' OR 1=1 --"],
    ['"quoted" words'],
    ['back\\slash'],
    ['a & b | !c:*'],
    ["iphone'); DROP TABLE products; --"],
    ['(((('],
    ['😀 ফোন'],
  ])('answers an odd query %j with 200, never a server error', async (q) => {
    const response = await searchRaw({ q });
    expect(response.statusCode, response.body).toBe(200);
    const located = await searchRaw({ location: q });
    expect(located.statusCode, located.body).toBe(200);
    const suggested = await h.app.inject({ method: 'GET', url: `/search/suggest?${queryString({ q: `${q}xx` })}` });
    expect(suggested.statusCode, suggested.body).toBe(200);
  });

  it('matches a location by its words; % and _ are not wildcards', async () => {
    const town = newTown();
    await list(town, { name: 'Moto G54 128GB', brandId: h.brandIds.Xiaomi, location: `100% Road, ${town}` });
    await list(town, { name: 'Moto G84 256GB', brandId: h.brandIds.Xiaomi, location: `Lake Road, ${town}` });
    expect(names(await search({ q: 'moto', location: '100%' })).filter((name) => name.startsWith('Moto G'))).toEqual(['Moto G54 128GB']);
    expect((await search({ location: `${town.slice(0, 6)}_${town.slice(7)}` })).total).toBe(0);
  });
});

describe('GET /search: in Bangla', () => {
  it.each([
    ['স্যামসাং', ['Galaxy A14 64GB', 'Galaxy S21 FE 128GB'], 'samsung'],
    ['আইফোন ১৩', ['iPhone 13 Pro 256GB'], 'iphone 13'],
    ['শাওমি', ['Redmi 12 8/128GB', 'Redmi Note 13 Pro 8/256GB'], 'xiaomi'],
    ['রেডমি নোট ১৩', ['Redmi Note 13 Pro 8/256GB'], 'redmi note 13'],
    ['গ্যালাক্সি এস২১', ['Galaxy S21 FE 128GB'], 'galaxy s21'],
    ['স্যামসাঙ গেলাক্সি', ['Galaxy A14 64GB', 'Galaxy S21 FE 128GB'], 'samsung galaxy'],
    ['iphone ১২', ['iPhone 12 64GB'], 'iphone 12'],
  ])('finds "%s" by its Latin name, and says how it searched', async (q, expected, interpretedAs) => {
    const town = await listSixPhones();
    const results = await search({ q, location: town });
    expect(names(results).sort()).toEqual(expected);
    expect(results.interpretedAs).toBe(interpretedAs);
  });

  it('still finds a listing its seller named in Bangla, and other Bangla words as written', async () => {
    const town = newTown();
    await list(town, { name: 'স্যামসাং গ্যালাক্সি এ১৪', brandId: h.brandIds.Samsung });
    await list(town, { name: 'Nokia 105 ভালো অবস্থা', brandId: h.brandIds.Xiaomi });
    expect(names(await search({ q: 'স্যামসাং', location: town }))).toEqual(['স্যামসাং গ্যালাক্সি এ১৪']);
    expect(names(await search({ q: 'ভালো', location: town }))).toEqual(['Nokia 105 ভালো অবস্থা']);
  });

  it('reads prices and the year written in Bangla digits', async () => {
    const town = newTown();
    await list(town, { name: 'Pixel 7 128GB', brandId: h.brandIds.Xiaomi, resalePrice: 30000, originalPrice: 60000, usedYear: 2023 });
    await list(town, { name: 'Pixel 6a 128GB', brandId: h.brandIds.Xiaomi, resalePrice: 18000, originalPrice: 40000, usedYear: 2021 });
    expect(names(await search({ location: town, minPrice: '২০০০০', maxPrice: '৩৫০০০' }))).toEqual(['Pixel 7 128GB']);
    expect(names(await search({ location: town, fromYear: '২০২২' }))).toEqual(['Pixel 7 128GB']);
    const bad = await searchRaw({ location: town, minPrice: 'বিশ' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /search/suggest in Bangla', () => {
  const texts = async (q: string) =>
    json<{ suggestions: { text: string; kind: string }[] }>(await h.app.inject({ method: 'GET', url: `/search/suggest?q=${encodeURIComponent(q)}` })).suggestions;

  it('offers the brand for its Bangla name, whole or still being typed', async () => {
    expect(await texts('স্যামসাং')).toContainEqual({ text: 'Samsung', kind: 'brand' });
    expect(await texts('স্যাম')).toContainEqual({ text: 'Samsung', kind: 'brand' });
    expect(await texts('শাওমি')).toContainEqual({ text: 'Xiaomi', kind: 'brand' });
  });
});

describe('GET /search: filters, sorting, facets and pages', () => {
  let town: string;
  beforeAll(async () => {
    town = newTown();
    const phones: [string, string, number, NewProductBody['condition'], number, string, TestUser][] = [
      ['Galaxy S23 Ultra 256GB', 'Samsung', 98000, 'Excellent', 2023, 'Banani', verifiedSeller],
      ['Galaxy A54 5G 128GB', 'Samsung', 34000, 'Excellent', 2024, 'Uttara', seller],
      ['Galaxy Note 20 Ultra', 'Samsung', 36500, 'Fair', 2020, 'Shaheb Bazar', seller],
      ['iPhone 13 Pro 256GB', 'Apple', 68000, 'Excellent', 2022, 'Dhanmondi', verifiedSeller],
      ['iPhone 12 128GB', 'Apple', 42000, 'Good', 2021, 'Mirpur 10', seller],
      ['iPhone 11 64GB', 'Apple', 27500, 'Fair', 2020, 'Agrabad', verifiedSeller],
      ['Redmi Note 13 Pro', 'Xiaomi', 27000, 'Excellent', 2024, 'Mohammadpur', seller],
      ['Redmi 12 8/128GB', 'Xiaomi', 13500, 'Good', 2024, 'Kandirpar', verifiedSeller],
    ];
    for (const [name, brand, resalePrice, condition, usedYear, area, by] of phones) {
      await h.createProduct(by, { name, brandId: h.brandIds[brand]!, resalePrice, originalPrice: resalePrice * 2, condition, usedYear, location: `${area}, ${town}`, description: '' });
    }
  });
  const inTown = (params: Params) => search({ location: town, ...params });

  it('without words lists the newest first, with facet counts for everything', async () => {
    const results = await inTown({});
    expect(results).toMatchObject({ total: 8, page: 1, limit: 12, sort: 'newest' });
    expect(results.products[0]!.name).toBe('Redmi 12 8/128GB');
    expect(results.facets.brands.map(({ name, count }) => [name, count])).toEqual([
      ['Apple', 3],
      ['Samsung', 3],
      ['Xiaomi', 2],
    ]);
    expect(results.facets.conditions).toEqual([
      { condition: 'Excellent', count: 4 },
      { condition: 'Good', count: 2 },
      { condition: 'Fair', count: 2 },
    ]);
  });

  it('filters by several brands, and the brand counts ignore the brand filter but keep the others', async () => {
    const results = await inTown({ brand: [h.brandIds.Apple!, h.brandIds.Xiaomi!], condition: 'Excellent' });
    expect(names(results).sort()).toEqual(['Redmi Note 13 Pro', 'iPhone 13 Pro 256GB']);
    expect(results.facets.brands.map(({ name, count }) => [name, count])).toEqual([
      ['Samsung', 2],
      ['Apple', 1],
      ['Xiaomi', 1],
    ]);
    // The selected brands' counts add up to the total; the condition counts apply the brand filter.
    const selected = results.facets.brands.filter(({ name }) => name !== 'Samsung');
    expect(selected.reduce((sum, { count }) => sum + count, 0)).toBe(results.total);
    expect(results.facets.conditions).toEqual([
      { condition: 'Excellent', count: 2 },
      { condition: 'Good', count: 2 },
      { condition: 'Fair', count: 1 },
    ]);
    // Comma-separated is the same as repeated.
    expect((await inTown({ brand: `${h.brandIds.Apple},${h.brandIds.Xiaomi}`, condition: 'Excellent' })).total).toBe(2);
  });

  it('filters by price range, conditions, year of purchase, area and verified sellers', async () => {
    expect(names(await inTown({ minPrice: 30000, maxPrice: 40000, sort: 'price_asc' }))).toEqual(['Galaxy A54 5G 128GB', 'Galaxy Note 20 Ultra']);
    expect(names(await inTown({ maxPrice: 20000 }))).toEqual(['Redmi 12 8/128GB']);
    expect(names(await inTown({ condition: ['Good', 'Fair'], sort: 'price_asc' }))).toEqual(['Redmi 12 8/128GB', 'iPhone 11 64GB', 'Galaxy Note 20 Ultra', 'iPhone 12 128GB']);
    expect(names(await inTown({ fromYear: 2024, sort: 'price_asc' }))).toEqual(['Redmi 12 8/128GB', 'Redmi Note 13 Pro', 'Galaxy A54 5G 128GB']);
    expect(names(await search({ location: `mirpur 10, ${town.toLowerCase()}` }))).toEqual(['iPhone 12 128GB']);
    const verified = await inTown({ verified: true, sort: 'price_desc' });
    expect(names(verified)).toEqual(['Galaxy S23 Ultra 256GB', 'iPhone 13 Pro 256GB', 'iPhone 11 64GB', 'Redmi 12 8/128GB']);
    expect(verified.products.every((product) => product.sellerVerified)).toBe(true);
  });

  it('sorts by price both ways, newest, and best match when there are words', async () => {
    const prices = (results: Results) => results.products.map((product) => product.resalePrice);
    const low = prices(await inTown({ sort: 'price_asc' }));
    expect(low).toEqual([...low].sort((a, b) => a - b));
    const high = prices(await inTown({ sort: 'price_desc' }));
    expect(high).toEqual([...low].reverse());
    expect((await inTown({ q: 'galaxy' })).sort).toBe('relevance');
    // Best match needs words: without them it is newest.
    expect((await inTown({ sort: 'relevance' })).sort).toBe('newest');
    expect(names(await inTown({ q: 'galaxy', sort: 'price_asc' }))).toEqual(['Galaxy A54 5G 128GB', 'Galaxy Note 20 Ultra', 'Galaxy S23 Ultra 256GB']);
  });

  it('pages through the results, and the total and facets do not change with the page', async () => {
    const first = await inTown({ limit: 3, sort: 'price_asc' });
    const third = await inTown({ limit: 3, page: 3, sort: 'price_asc' });
    expect(first.products).toHaveLength(3);
    expect(third.products).toHaveLength(2);
    expect(third).toMatchObject({ total: 8, page: 3, limit: 3 });
    expect(third.facets).toEqual(first.facets);
    const all = [first, await inTown({ limit: 3, page: 2, sort: 'price_asc' }), third].flatMap(names);
    expect(new Set(all).size).toBe(8);
    expect((await inTown({ page: 9 })).products).toEqual([]);
  });

  it('says, when nothing matched, how many each filter hides', async () => {
    const results = await inTown({ q: 'iphone', maxPrice: 20000, verified: true });
    expect(results.total).toBe(0);
    expect(results.products).toEqual([]);
    expect(results.withoutFilter).toEqual([
      { filter: 'q', total: 1 },
      { filter: 'price', total: 2 },
      { filter: 'location', total: expect.any(Number) },
      { filter: 'verified', total: 0 },
    ]);
    expect((await inTown({ q: 'iphone' })).withoutFilter).toBeUndefined();
  });
});

describe('GET /search: bad input', () => {
  it.each([
    ['q', { q: 'x'.repeat(101) }],
    ['q', { q: 'x'.repeat(10_000) }],
    ['brand', { brand: 'not-a-brand' }],
    ['brand', { brand: Array.from({ length: 21 }, () => randomUUID()) }],
    ['minPrice', { minPrice: -1 }],
    ['minPrice', { minPrice: 'cheap' }],
    ['maxPrice', { maxPrice: 1.5 }],
    ['maxPrice', { minPrice: 5000, maxPrice: 4000 }],
    ['condition', { condition: 'Mint' }],
    ['fromYear', { fromYear: new Date().getFullYear() + 1 }],
    ['fromYear', { fromYear: 1999 }],
    ['location', { location: 'x'.repeat(61) }],
    ['verified', { verified: 'yes' }],
    ['sort', { sort: 'cheapest' }],
    ['page', { page: 0 }],
    ['limit', { limit: 51 }],
  ])('refuses a bad %s with a 400 that names it', async (field, params) => {
    const response = await searchRaw(params as Params);
    expect(response.statusCode, response.body).toBe(400);
    // A repeated parameter's bad value is named with its position ("condition.0").
    expect(json<{ fields: { field: string }[] }>(response).fields.map((f) => f.field.split('.')[0])).toContain(field);
  });

  it('is for signed-in users, as the brand pages are', async () => {
    expect((await searchRaw({ q: 'iphone' }, null)).statusCode).toBe(401);
  });
});

describe('GET /search/suggest', () => {
  const suggest = (q: string, headers: Record<string, string> = {}) =>
    h.app.inject({ method: 'GET', url: `/search/suggest?${queryString({ q })}`, headers });
  const texts = async (q: string) => json<{ suggestions: { text: string; kind: string }[] }>(await suggest(q)).suggestions;

  it('offers brands and listing names from 2 characters, to anyone, for a minute', async () => {
    const marker = `Zyx${randomUUID().slice(0, 6)}`;
    await h.createProduct(seller, { name: `${marker} Phone One`, brandId: h.brandIds.Samsung });
    await h.createProduct(seller, { name: `${marker} Phone Two`, brandId: h.brandIds.Samsung });
    const response = await suggest(marker.toLowerCase());
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    expect(json<{ suggestions: unknown[] }>(response).suggestions).toEqual([
      { text: `${marker} Phone One`, kind: 'product' },
      { text: `${marker} Phone Two`, kind: 'product' },
    ]);
    expect(await texts('sa')).toContainEqual({ text: 'Samsung', kind: 'brand' });
    expect(await texts('samsng')).toContainEqual({ text: 'Samsung', kind: 'brand' });
  });

  it('gives at most eight, and only names with a phone still on sale', async () => {
    const marker = `Qwv${randomUUID().slice(0, 6)}`;
    const ids = [];
    for (let i = 0; i < 10; i++) ids.push(await h.createProduct(seller, { name: `${marker} Model ${i}`, brandId: h.brandIds.Apple }));
    expect(await texts(marker)).toHaveLength(8);
    const other = `Wqv${randomUUID().slice(0, 6)}`;
    const lone = await h.createProduct(seller, { name: `${other} Lone`, brandId: h.brandIds.Apple });
    await h.app.inject({ method: 'DELETE', url: `/postedproduct/${lone}`, headers: auth(seller.accessToken) });
    expect(await texts(other)).toEqual([]);
  });

  it('refuses fewer than 2 characters or more than 100', async () => {
    for (const q of ['a', ' ', 'x'.repeat(101)]) {
      const response = await suggest(q);
      expect(response.statusCode).toBe(400);
      expect(json(response)).toMatchObject({ fields: [{ field: 'q' }] });
    }
  });

  it('is rate limited per client', async () => {
    const limited = await createHarness({ SUGGEST_RATE_LIMIT_MAX: '3' });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await limited.app.inject({ method: 'GET', url: '/search/suggest?q=iphone' })).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /product/:id and /product/:id/similar', () => {
  const get = (url: string, user: TestUser | null = buyer) => h.app.inject({ method: 'GET', url, headers: user ? auth(user.accessToken) : {} });

  it('shows the whole listing with its seller and when they joined; its seller sees it as their own', async () => {
    const id = await h.createProduct(verifiedSeller, { name: 'Pixel 8 128GB', resalePrice: 61000, originalPrice: 92999, description: 'Seven years of updates.' });
    const response = await get(`/product/${id}`);
    expect(response.statusCode).toBe(200);
    const product = json<Record<string, unknown>>(response);
    expect(product).toMatchObject({
      _id: id,
      name: 'Pixel 8 128GB',
      resalePrice: 61000,
      originalPrice: 92999,
      description: 'Seven years of updates.',
      sellerName: 'Jamal Uddin',
      sellerVerified: true,
      status: 'available',
      ownListing: false,
    });
    expect(Date.parse(product.sellerSince as string)).toBeLessThanOrEqual(Date.now());
    expect(json(await get(`/product/${id}`, verifiedSeller))).toMatchObject({ ownListing: true });
    expect(product).not.toHaveProperty('phone');
  });

  it('still shows a sold phone, saying so; a deleted one is gone (410), an unknown one not found', async () => {
    const sold = await h.createProduct(seller);
    await h.sell(sold);
    expect(json(await get(`/product/${sold}`))).toMatchObject({ status: 'sold' });
    const deleted = await h.createProduct(seller);
    await h.app.inject({ method: 'DELETE', url: `/postedproduct/${deleted}`, headers: auth(seller.accessToken) });
    expect((await get(`/product/${deleted}`)).statusCode).toBe(410);
    expect((await get(`/product/${randomUUID()}`)).statusCode).toBe(404);
    expect((await get(`/product/${randomUUID()}/similar`)).statusCode).toBe(404);
    const malformed = await get('/product/not-an-id');
    expect(malformed.statusCode).toBe(400);
    expect(json(malformed)).toMatchObject({ fields: [{ field: 'id' }] });
    // Public since issue 48: a visitor reads it too.
    expect((await get(`/product/${sold}`, null)).statusCode).toBe(200);
  });

  it('offers up to four other phones of the same brand on sale, nearest in price first', async () => {
    // A brand of its own, so no other test's phones are near in price.
    const own = await createHarness();
    try {
      const [brand] = await own.database.db.insert(brands).values({ name: 'Nearby' }).returning();
      const owner = await own.register('Seller');
      const at = (resalePrice: number, name = `Phone at ${resalePrice}`) => own.createProduct(owner, { name, brandId: brand!.id, resalePrice, originalPrice: 200000 });
      const target = await at(50000, 'The phone');
      for (const price of [20000, 48000, 53000, 70000, 51000]) await at(price);
      await own.sell(await at(50500));
      await own.createProduct(owner, { name: 'Other brand at 50000', brandId: own.brandIds.Apple, resalePrice: 50000 });
      const viewer = await own.register('Buyer');
      const response = await own.app.inject({ method: 'GET', url: `/product/${target}/similar`, headers: auth(viewer.accessToken) });
      expect(json<{ name: string }[]>(response).map((product) => product.name)).toEqual(['Phone at 51000', 'Phone at 48000', 'Phone at 53000', 'Phone at 70000']);
    } finally {
      await own.close();
    }
  });

  it('among phones equally near in price, offers the newest, however many there are', async () => {
    const own = await createHarness();
    try {
      const [brand] = await own.database.db.insert(brands).values({ name: 'Evenly' }).returning();
      const owner = await own.register('Seller');
      const at = (resalePrice: number, name: string) => own.createProduct(owner, { name, brandId: brand!.id, resalePrice, originalPrice: 200000 });
      const target = await at(50000, 'The phone');
      // Six a thousand under, six a thousand over, listed one after another: the four newest of the twelve win.
      for (let index = 1; index <= 6; index += 1) {
        await at(49000, `Under ${index}`);
        await at(51000, `Over ${index}`);
      }
      const viewer = await own.register('Buyer');
      const response = await own.app.inject({ method: 'GET', url: `/product/${target}/similar`, headers: auth(viewer.accessToken) });
      expect(json<{ name: string }[]>(response).map((product) => product.name)).toEqual(['Over 6', 'Under 6', 'Over 5', 'Under 5']);
    } finally {
      await own.close();
    }
  });
});
