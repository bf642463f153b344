// Listings too good to be true (issue 70): a new seller's phone priced far below the price guide's range for its model is
// marked for review and reported by PhoneHaat; buyers are warned with the range until an admin has looked.
import { sql } from 'drizzle-orm';
import type { Product, ReportPage } from '@phonehaat/shared-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createHarness, json, type Harness, type TestUser } from './support/harness.js';

let h: Harness;
let admin: TestUser;
const phone = (name: string) => ({ name, originalPrice: 45_000, condition: 'Good' as const, usedYear: 2023 });
const A54 = phone('Samsung Galaxy A54 5G 128GB');
const A34 = phone('Samsung Galaxy A34 5G 128GB');
const RANGE = { low: 31_250, high: 33_750 };

beforeAll(async () => {
  h = await createHarness({ AUTH_RATE_LIMIT_MAX: '1000', PRICE_TOO_LOW_RATIO: '0.6', NEW_SELLER_DAYS: '30' });
  admin = await h.admin();
  // The guide for each model: six asking prices on sale, Tk 30,000–35,000 (its middle half Tk 31,250–33,750).
  const established = await h.register('Seller', 'Established Seller');
  for (const model of [A54, A34]) {
    for (const resalePrice of [30_000, 31_000, 32_000, 33_000, 34_000, 35_000]) await h.createProduct(established, { ...model, brandId: h.brandIds.Samsung, resalePrice });
  }
});
afterAll(() => h.close());

const product = async (id: string) => json<Product>(await h.app.inject({ method: 'GET', url: `/product/${id}` }));
const list = (seller: TestUser, resalePrice: number, overrides: object = {}) => h.createProduct(seller, { ...A54, brandId: h.brandIds.Samsung, resalePrice, ...overrides });
const guide = async (model: typeof A54) =>
  json<{ low: number; high: number }>(await h.app.inject({ method: 'GET', headers: auth(admin.accessToken), url: `/price-guide?${new URLSearchParams({ brandId: h.brandIds.Samsung!, name: model.name, condition: model.condition, usedYear: String(model.usedYear) })}` }));
const reprice = (seller: TestUser, id: string, resalePrice: number) =>
  h.app.inject({ method: 'PUT', url: `/addedproducts/${id}/price`, headers: auth(seller.accessToken), payload: { resalePrice } });
const priceReports = async (id: string) => {
  const page = json<ReportPage>(await h.app.inject({ method: 'GET', url: '/reports?status=open&limit=50', headers: auth(admin.accessToken) }));
  return page.groups.find((group) => group.product._id === id);
};

describe('a listing priced far below the guide', () => {
  it("by a new seller is marked: buyers are warned with the guide's range, and the admin finds PhoneHaat's report of it", async () => {
    const cheap = await h.register('Seller', 'New Seller');
    const id = await list(cheap, 12_000);
    expect((await product(id)).priceWarning).toEqual(RANGE);
    const group = await priceReports(id);
    expect(group?.product.priceWarning).toEqual(RANGE);
    expect(group?.reports).toEqual([expect.objectContaining({ reason: 'price', reporterName: 'PhoneHaat', note: '', flagged: [], message: null })]);
    // Marked prices wait outside the guide: however many, they do not drag its range down.
    for (const price of [11_000, 12_500, 13_000]) await list(cheap, price);
    expect(await guide(A54)).toMatchObject(RANGE);
  });

  it('is not marked at a fair price, for a model without a guide, or for a seller with a record', async () => {
    const fresh = await h.register('Seller');
    const fair = await list(fresh, 28_000);
    const unknown = await list(fresh, 1_000, { name: 'Walton Primo X9 64GB', brandId: h.brandIds.Samsung });
    const known = await h.register('Seller', 'Seller Since Last Year');
    await h.database.db.execute(sql`UPDATE users SET created_at = now() - interval '400 days' WHERE id = ${known.id}`);
    const old = await list(known, 12_000);
    for (const id of [fair, unknown, old]) {
      expect((await product(id)).priceWarning ?? null).toBeNull();
      expect(await priceReports(id)).toBeUndefined();
    }
  });

  it('follows its price: raised, the warning goes; cut again, it is back with one report; the admin dismissing it is the review', async () => {
    const seller = await h.register('Seller');
    const id = await list(seller, 15_000, A34);
    expect((await reprice(seller, id, 31_000)).statusCode).toBe(200);
    expect((await product(id)).priceWarning ?? null).toBeNull();
    expect((await reprice(seller, id, 9_000)).statusCode).toBe(200);
    expect((await product(id)).priceWarning).toEqual(RANGE);
    expect((await priceReports(id))?.reports).toHaveLength(1);

    const dismissed = await h.app.inject({ method: 'POST', url: `/reports/${id}/dismiss`, headers: auth(admin.accessToken) });
    expect(dismissed.statusCode).toBe(200);
    expect((await product(id)).priceWarning ?? null).toBeNull();
    expect(await priceReports(id)).toBeUndefined();
    // Still on sale: the review found it genuine.
    expect((await product(id)).status).toBe('available');
  });
});
