// The price guide (issue 30): a model's typical price and range, from paid sales where there are 5, otherwise from
// asking prices, with absurd prices left out; nothing from fewer than 5.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PriceGuide } from '@phonehaat/shared-api';
import { auth, createHarness, json, type Harness, type TestUser } from './support/harness.js';

let h: Harness;
let seller: TestUser;
let buyer: TestUser;
beforeAll(async () => {
  // No seller counts as new here (the harness's default): the guide's own trimming is what is tested, not the review of
  // a price too good to be true (price-review.test.ts), which would hold the Tk 1 listing out when listed after the rest.
  h = await createHarness();
  [seller, buyer] = await Promise.all([h.register('Seller'), h.register('Buyer')]);
});
afterAll(() => h.close());

/** Lists phones at these prices (a year of its own per test keeps the tests apart). */
const list = (usedYear: number, prices: number[], name = 'iPhone 13 128GB', condition = 'Good', brand = 'Apple') =>
  Promise.all(prices.map((price) => h.createProduct(seller, { name, brandId: h.brandIds[brand], resalePrice: price, originalPrice: Math.max(price, 109999), condition, usedYear } as never)));
const guide = async (query: Record<string, string | number>, user = buyer) => {
  const answer = await h.app.inject({ method: 'GET', url: `/price-guide?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}`, headers: auth(user.accessToken) });
  return { status: answer.statusCode, body: answer.statusCode === 200 ? json<PriceGuide>(answer) : json<{ message: string }>(answer) };
};
const iphone13 = (usedYear: number, extra: Record<string, string> = {}) => ({ brandId: h.brandIds.Apple!, name: 'iPhone 13 128GB', condition: 'Good', usedYear, ...extra });

describe('the price guide', () => {
  it('gives the median and the middle half of the asking prices of the same model, however its name is written', async () => {
    await list(2021, [40000, 42000], 'Apple iPhone 13 128 GB');
    await list(2021, [44000, 46000, 48000], 'iPhone 13 (128GB) blue');
    // Not the same phone: another storage, condition, year or brand.
    await list(2021, [90000], 'iPhone 13 256GB');
    await list(2021, [90000], 'iPhone 13 128GB', 'Fair');
    await list(2020, [90000]);
    const { status, body } = await guide(iphone13(2021));
    expect(status).toBe(200);
    expect(body).toEqual({
      model: 'iPhone 13 128GB',
      condition: 'Good',
      usedYear: 2021,
      source: 'asking',
      count: 5,
      trimmed: 0,
      median: 44000,
      low: 42000,
      high: 46000,
      distribution: expect.any(Array),
      weekly: [],
    });
    const bands = (body as PriceGuide).distribution;
    // Bands of a round width from a round start (issue 65): Tk 40,000–40,999, Tk 41,000–41,999 … Tk 48,000–48,999.
    expect(bands).toHaveLength(9);
    expect(bands.map((band) => band.from)).toEqual([40000, 41000, 42000, 43000, 44000, 45000, 46000, 47000, 48000]);
    expect(bands.reduce((sum, band) => sum + band.count, 0)).toBe(5);
    expect(bands[0]).toMatchObject({ from: 40000, to: 40999, count: 1 });
    // Each price is counted in the band whose bounds hold it (the page marks a phone's band by them).
    for (const price of [40000, 42000, 44000, 46000, 48000]) expect(bands.find((band) => price >= band.from && price <= band.to)?.count, `Tk ${price}`).toBe(1);
  });

  it("answers a phone's page with its own model's guide, and 404 for a phone that is not there", async () => {
    const [first] = await list(2014, [40000, 42000, 44000, 46000, 48000], 'iPhone 13 128GB');
    const byId = await h.app.inject({ method: 'GET', url: `/product/${first}/price-guide`, headers: auth(buyer.accessToken) });
    expect(byId.statusCode).toBe(200);
    expect(json(byId)).toEqual((await guide(iphone13(2014))).body);
    expect(json(byId)).toMatchObject({ model: 'iPhone 13 128GB', median: 44000 });
    const missing = await h.app.inject({ method: 'GET', url: '/product/00000000-0000-4000-8000-000000000000/price-guide', headers: auth(buyer.accessToken) });
    expect(missing.statusCode).toBe(404);
  });

  it('leaves absurd prices out (Tk 1, Tk 10,000,000), so they do not move the figures', async () => {
    await list(2019, [1, 40000, 42000, 44000, 46000, 48000, 10_000_000]);
    const { body } = await guide(iphone13(2019));
    expect(body).toMatchObject({ source: 'asking', count: 5, trimmed: 2, median: 44000, low: 42000, high: 46000 });
  });

  it('says nothing from fewer than 5 prices, and nothing for a name that is no model', async () => {
    await list(2018, [40000, 42000, 44000, 46000]);
    expect((await guide(iphone13(2018))).body).toMatchObject({ model: 'iPhone 13 128GB', source: null, count: 0, median: null, low: null, high: null, distribution: [], weekly: [] });
    // Five, but two of them absurd: three left, still no figure.
    await list(2017, [1, 40000, 42000, 44000, 9_000_000]);
    expect((await guide(iphone13(2017))).body).toMatchObject({ source: null, median: null });
    expect((await guide(iphone13(2021, { name: '128GB' }))).body).toMatchObject({ model: null, source: null, median: null });
  });

  it('uses paid sales once there are 5, with a weekly median line', async () => {
    const sold = await list(2016, [30000, 31000, 32000, 33000, 34000]);
    await list(2016, [60000, 61000, 62000, 63000, 64000]); // asking far higher: not used once there are sales
    for (const id of sold) await h.sell(id);
    const { body } = await guide(iphone13(2016));
    expect(body).toMatchObject({ source: 'sales', count: 5, median: 32000, low: 31000, high: 33000 });
    expect((body as PriceGuide).weekly).toEqual([{ week: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), median: 32000, count: 5 }]);
  }, 60_000);

  it('is read again after a write (the read cache is cleared)', async () => {
    await list(2015, [40000, 42000, 44000, 46000]);
    expect((await guide(iphone13(2015))).body).toMatchObject({ source: null });
    await list(2015, [48000]);
    expect((await guide(iphone13(2015))).body).toMatchObject({ source: 'asking', median: 44000 });
  });

  it('answers bad input with a 400 naming the field, and needs a sign-in', async () => {
    expect((await guide({ name: 'iPhone 13', condition: 'Good', usedYear: 2021 })).body).toMatchObject({ message: expect.stringMatching(/brandId/) });
    expect((await guide(iphone13(2021, { condition: 'Mint' }))).status).toBe(400);
    expect((await guide(iphone13(2021, { usedYear: 'last year' }))).status).toBe(400);
    expect((await guide(iphone13(2021, { name: '' }))).status).toBe(400);
    const anonymous = await h.app.inject({ method: 'GET', url: `/price-guide?${new URLSearchParams({ ...iphone13(2021), usedYear: '2021' }).toString()}` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the bands of the price spread (issue 65)', () => {
  it('are a round width: 1, 2, 2.5 or 5 times a power of ten taka, never narrower than asked', async () => {
    const { roundStep } = await import('../src/modules/catalog/repositories/price-guide.ts');
    expect([0.4, 1, 3, 1000, 1000.1, 1700, 2100, 2600, 4800, 12_300].map(roundStep)).toEqual([1, 1, 5, 1000, 2000, 2000, 2500, 5000, 5000, 20_000]);
  });
});
