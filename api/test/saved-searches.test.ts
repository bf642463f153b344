import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification, SavedSearch, SearchResults } from '@phonehaat/shared-api';
import { auth, createHarness, json, type Harness, type TestUser } from './support/harness.js';
import { newImei } from './support/imei.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const save = (user: TestUser, name: string, query: string) => h.app.inject({ method: 'POST', url: '/saved-searches', headers: auth(user.accessToken), payload: { name, query } });
const listOf = async (user: TestUser) => json<SavedSearch[]>(await h.app.inject({ method: 'GET', url: '/saved-searches', headers: auth(user.accessToken) }));
const told = async (user: TestUser) =>
  json<{ items: Notification[] }>(await h.app.inject({ method: 'GET', url: '/notifications', headers: auth(user.accessToken) })).items.filter((item) => item.kind === 'saved-search');
/** Whether a listing's matching against the saved searches has run (its outbox mark). */
const matched = async (productId: string) =>
  ((await h.database.db.execute(sql`SELECT matched_at IS NOT NULL AS done FROM products WHERE id = ${productId}`)) as unknown as { rows: { done: boolean }[] }).rows[0]?.done ?? false;

async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('saved searches', () => {
  it('are saved with a name and the search as in its address, listed, renamed and deleted, each only by its owner', async () => {
    const buyer = await h.register('Buyer');
    const created = await save(buyer, 'iPhone 13 under 40k', 'q=iphone+13&maxPrice=40000&page=3');
    expect(created.statusCode).toBe(201);
    const search = json<SavedSearch>(created);
    expect(search).toMatchObject({ name: 'iPhone 13 under 40k', query: 'q=iphone+13&maxPrice=40000' });
    expect(await listOf(buyer)).toEqual([search]);

    const stranger = await h.register('Buyer');
    expect((await h.app.inject({ method: 'PUT', url: `/saved-searches/${search._id}`, headers: auth(stranger.accessToken), payload: { name: 'Mine now' } })).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'DELETE', url: `/saved-searches/${search._id}`, headers: auth(stranger.accessToken) })).statusCode).toBe(404);
    const renamed = await h.app.inject({ method: 'PUT', url: `/saved-searches/${search._id}`, headers: auth(buyer.accessToken), payload: { name: '  iPhone 13  ' } });
    expect(json(renamed)).toMatchObject({ name: 'iPhone 13' });
    const deleted = await h.app.inject({ method: 'DELETE', url: `/saved-searches/${search._id}`, headers: auth(buyer.accessToken) });
    expect(json(deleted)).toEqual({ deletedCount: 1 });
    expect(await listOf(buyer)).toEqual([]);
  });

  it('refuses an invalid filter or name with a clear 400, and saves nothing', async () => {
    const buyer = await h.register('Buyer');
    const cases: [string, string, RegExp][] = [
      ['Cheap', 'minPrice=50000&maxPrice=10000', /^The search is not valid: maxPrice must be at least minPrice$/],
      ['Brand', 'brand=not-an-id', /^The search is not valid: must be a valid id$/],
      ['Condition', 'condition=Broken', /^The search is not valid: Choose the condition/],
      ['', 'q=pixel', /Name is required$/],
    ];
    for (const [name, query, message] of cases) {
      const refused = await save(buyer, name, query);
      expect(refused.statusCode, query).toBe(400);
      expect(json<{ message: string }>(refused).message).toMatch(message);
    }
    expect(await listOf(buyer)).toEqual([]);
  });

  it('keeps at most 50 a person: the 51st is refused and nothing changes', async () => {
    const buyer = await h.register('Buyer');
    await Promise.all(Array.from({ length: 50 }, (_, i) => save(buyer, `Search ${i}`, `q=phone+${i}`)));
    const refused = await save(buyer, 'One too many', 'q=pixel');
    expect(refused.statusCode).toBe(409);
    expect(json<{ message: string }>(refused).message).toBe('You can keep at most 50 saved searches: delete one first');
    expect(await listOf(buyer)).toHaveLength(50);
  });

  it("tells the person of a new listing that matches, once, leading to it; not of one that doesn't, nor of their own", async () => {
    const buyer = await h.register('Buyer');
    const seller = await h.register('Seller');
    expect((await save(buyer, 'iPhone 13 under 40k', 'q=iphone+13&maxPrice=40000')).statusCode).toBe(201);
    expect((await save(seller, 'My own iPhones', 'q=iphone+13')).statusCode).toBe(201);
    const match = await h.createProduct(seller, { name: 'iPhone 13 128GB', brandId: h.brandIds.Apple!, resalePrice: 38000, originalPrice: 80000 });
    await h.createProduct(seller, { name: 'iPhone 13 Pro', brandId: h.brandIds.Apple!, resalePrice: 45000, originalPrice: 90000 });
    await h.createProduct(seller, { name: 'iPhone 12', brandId: h.brandIds.Apple!, resalePrice: 30000, originalPrice: 70000 });

    const notes = await eventually(() => told(buyer), (items) => items.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await told(buyer)).toEqual([notes[0]]);
    expect(notes[0]).toMatchObject({ link: `/product/${match}`, params: { searchName: 'iPhone 13 under 40k', productId: match, productName: 'iPhone 13 128GB', count: 1 } });
    expect(await told(seller)).toEqual([]);
    // Matching the same listing again adds nothing.
    expect(await h.app.inject({ method: 'GET', url: '/notifications/unread', headers: auth(buyer.accessToken) }).then((r) => json<{ count: number }>(r).count)).toBe(1);
  });

  it('matches a model typed as one word of letters and digits, whose parts are words listings use (a bug: only its parts were required)', async () => {
    const buyer = await h.register('Buyer');
    const seller = await h.register('Seller');
    // "zenfone", "3" and "fucz" become known words; "zenfone3fucz" is searched as itself or as its parts.
    const known = await h.createProduct(seller, { name: 'Zenfone 3 fucz edition' });
    // Its matching runs after its commit: saved before that ends, the search would (rightly) be told of it too.
    await eventually(() => matched(known), Boolean);
    expect((await save(buyer, 'Zenfone deals', 'q=Zenfone3fucz')).statusCode).toBe(201);
    const match = await h.createProduct(seller, { name: 'Zenfone3fucz 8/256GB' });
    const notes = await eventually(() => told(buyer), (items) => items.length > 0);
    expect(notes.map((item) => item.params.productId)).toEqual([match]);
  });

  it('matches a search without words by its filters alone', async () => {
    const buyer = await h.register('Buyer');
    const seller = await h.register('Seller');
    expect((await save(buyer, 'Good Samsungs', `brand=${h.brandIds.Samsung}&condition=Good&condition=Excellent`)).statusCode).toBe(201);
    const good = await h.createProduct(seller, { name: 'Galaxy A54', brandId: h.brandIds.Samsung!, condition: 'Good' });
    await h.createProduct(seller, { name: 'Galaxy A14', brandId: h.brandIds.Samsung!, condition: 'Fair' });
    await h.createProduct(seller, { name: 'Redmi 12', brandId: h.brandIds.Xiaomi!, condition: 'Good' });
    const notes = await eventually(() => told(buyer), (items) => items.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await told(buyer)).map((item) => item.params.productId)).toEqual([good]);
    expect(notes).toHaveLength(1);
  });
  it('finds for a new listing exactly the saved searches whose search shows it (words, prefixes, typos, every filter)', async () => {
    const buyer = await h.register('Buyer');
    const seller = await h.register('Seller');
    const { Apple, Samsung, Xiaomi } = h.brandIds;
    const queries = [
      'q=iphone+13',
      'q=iphon',
      'q=samsng+galaxy',
      `brand=${Samsung}&brand=${Xiaomi}`,
      'maxPrice=30000',
      `brand=${Apple}&minPrice=50000`,
      'q=pro&condition=Excellent&fromYear=2022',
      'location=mirpur',
      'q=redmi+note&maxPrice=25000',
      'q=galaxy+a54&verified=true',
      `q=galaxy&brand=${Samsung}&condition=Good`,
      'q=iphone&imeiChecked=true',
      'q=redmi&phoneVerified=true',
    ];
    for (const [i, query] of queries.entries()) expect((await save(buyer, `Search ${i}`, query)).statusCode).toBe(201);
    const listed = [
      await h.createProduct(seller, { name: 'iPhone 13 128GB', brandId: Apple!, resalePrice: 38000, condition: 'Good', usedYear: 2021 }),
      await h.createProduct(seller, { name: 'iPhone 13 Pro', brandId: Apple!, resalePrice: 60000, condition: 'Excellent', usedYear: 2022, imei: newImei() }),
      await h.createProduct(seller, { name: 'Galaxy A54', brandId: Samsung!, resalePrice: 28000, condition: 'Good', location: 'Mirpur 10, Dhaka' }),
      await h.createProduct(seller, { name: 'Redmi Note 12 Pro', brandId: Xiaomi!, resalePrice: 20000, condition: 'Excellent', usedYear: 2023 }),
      await h.createProduct(seller, { name: 'Galaxy S21 FE', brandId: Samsung!, resalePrice: 45000, condition: 'Fair', usedYear: 2021 }),
    ];
    /** Which of the new listings the search itself shows, every page read. */
    const shown = async (query: string) => {
      const found = new Set<string>();
      for (let page = 1; ; page++) {
        const response = await h.app.inject({ method: 'GET', url: `/search?${query}&limit=50&page=${page}`, headers: auth(buyer.accessToken) });
        expect(response.statusCode, query).toBe(200);
        const results = json<SearchResults>(response);
        for (const product of results.products) if (listed.includes(product._id)) found.add(product._id);
        if (page * 50 >= results.total) return found;
      }
    };
    const expected: string[] = [];
    for (const [i, query] of queries.entries()) for (const id of await shown(query)) expected.push(`Search ${i} → ${id}`);
    // Each kind of search finds something here, so agreeing is not agreeing on nothing.
    expect(expected.length).toBeGreaterThanOrEqual(queries.length - 1);

    const notes = await eventually(() => told(buyer), (items) => items.length >= expected.length);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const actual = (await told(buyer)).map((item) => `${item.params.searchName} → ${item.params.productId}`);
    expect(actual.sort()).toEqual(expected.sort());
    expect(notes.length).toBe(expected.length);
  });
});
