// IMEIs on listings (issue 28): kept only as a keyed hash and the last 4 digits, one live listing a phone, blocked
// phones refused without saying why.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImeiKey } from '../src/modules/trust/imei/imei-key.js';
import { auth, createHarness, json, type Harness, type TestUser } from './support/harness.js';
import { newImei } from './support/imei.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const list = (seller: TestUser, imei: unknown, name = 'Galaxy S22 128GB') =>
  h.app.inject({
    method: 'POST',
    url: '/addedproducts',
    headers: auth(seller.accessToken),
    payload: { name, brandId: h.brandIds.Samsung, resalePrice: 40000, originalPrice: 90000, condition: 'Good', phone: '01711-234567', location: 'Mirpur, Dhaka', img: 'http://localhost:4100/images/products/iphone-13-pro.svg', usedYear: 2022, imei },
  });
const listingsOf = async (seller: TestUser) =>
  json<{ _id: string; imeiLast4: string | null; imeiChecked: boolean }[]>(await h.app.inject({ method: 'GET', url: `/addedproducts?email=${seller.email}`, headers: auth(seller.accessToken) }));
const storedRow = async (id: string) => (await h.database.db.execute(sql`SELECT * FROM products WHERE id = ${id}`)) as unknown as { rows: Record<string, unknown>[] };

describe('an IMEI on a listing', () => {
  it('is kept only as its keyed hash and last 4 digits: buyers see "IMEI checked", its seller the last 4, nobody the digits', async () => {
    const seller = await h.register('Seller');
    const buyer = await h.register('Buyer');
    const imei = newImei();
    const typed = `${imei.slice(0, 2)}-${imei.slice(2, 8)}-${imei.slice(8, 14)}-${imei.slice(14)}`;
    const created = await list(seller, typed, `Galaxy S22 ${imei.slice(0, 5)}`);
    expect(created.statusCode).toBe(201);
    const id = json<{ insertedId: string }>(created).insertedId;

    const page = await h.app.inject({ method: 'GET', url: `/product/${id}`, headers: auth(buyer.accessToken) });
    expect(json(page)).toMatchObject({ _id: id, imeiChecked: true });
    expect(page.body).not.toContain(imei);
    expect(page.body).not.toContain('imeiLast4');
    const found = await h.app.inject({ method: 'GET', url: `/search?q=${imei.slice(0, 5)}`, headers: auth(buyer.accessToken) });
    expect(json<{ products: { _id: string; imeiChecked: boolean }[] }>(found).products).toEqual([expect.objectContaining({ _id: id, imeiChecked: true })]);
    expect(found.body).not.toContain(imei);

    expect((await listingsOf(seller)).find((listing) => listing._id === id)).toMatchObject({ imeiChecked: true, imeiLast4: imei.slice(-4) });
    const [row] = (await storedRow(id)).rows;
    expect(JSON.stringify(row)).not.toContain(imei);
    expect(row).toMatchObject({ imei_last4: imei.slice(-4), imei_hash: createImeiKey(h.env.IMEI_SECRET).keep(imei).hash });

    const without = json<{ insertedId: string }>(await list(seller, undefined, 'Galaxy A14 no IMEI')).insertedId;
    expect(json(await h.app.inject({ method: 'GET', url: `/product/${without}`, headers: auth(buyer.accessToken) }))).toMatchObject({ imeiChecked: false });
    expect((await listingsOf(seller)).find((listing) => listing._id === without)).toMatchObject({ imeiChecked: false, imeiLast4: null });
  });

  it('refuses a malformed IMEI with a clear 400 and lists nothing', async () => {
    const seller = await h.register('Seller');
    const imei = newImei();
    const wrongCheck = `${imei.slice(0, 14)}${(Number(imei[14]) + 1) % 10}`;
    const cases: [unknown, string][] = [
      [wrongCheck, 'This IMEI is not valid: check its last digit'],
      [imei.slice(0, 14), 'IMEI must be 15 digits'],
      [`${imei}0`, 'IMEI must be 15 digits'],
      [`${imei.slice(0, 14)}A`, 'IMEI must be 15 digits'],
      [Number(imei), 'IMEI must be 15 digits'],
    ];
    for (const [value, message] of cases) {
      const refused = await list(seller, value);
      expect(refused.statusCode, String(value)).toBe(400);
      expect(refused.body).toContain(message);
    }
    expect(await listingsOf(seller)).toEqual([]);
  });

  it('is on one live listing at a time: a second is refused (409) and the admin sees the attempt; once the first is deleted it can be listed', async () => {
    const admin = await h.admin();
    const first = await h.register('Seller');
    const second = await h.register('Seller', 'Karim Hossain');
    const imei = newImei();
    const listed = json<{ insertedId: string }>(await list(first, imei)).insertedId;

    for (const seller of [second, first]) {
      const refused = await list(seller, imei, 'Galaxy S22 again');
      expect(refused.statusCode, refused.body).toBe(409);
      expect(json<{ message: string }>(refused).message).toBe('This phone is already listed on PhoneHaat; contact support if it is yours');
    }
    expect(await listingsOf(second)).toEqual([]);
    const audit = json<{ entries: { action: string; actorName: string; targetLabel: string }[] }>(await h.app.inject({ method: 'GET', url: '/audit?limit=100', headers: auth(admin.accessToken) }));
    const attempt = audit.entries.find((entry) => entry.action === 'refuse-listed-imei' && entry.actorName === 'Karim Hossain');
    expect(attempt?.targetLabel).toBe(`Karim Hossain: Galaxy S22 again (IMEI •••• ${imei.slice(-4)})`);
    expect(JSON.stringify(audit)).not.toContain(imei);

    expect((await h.app.inject({ method: 'DELETE', url: `/postedproduct/${listed}`, headers: auth(first.accessToken) })).statusCode).toBe(200);
    expect((await list(second, imei)).statusCode).toBe(201);
  });

  it('cannot be listed once blocked, and the answer does not say why', async () => {
    const seller = await h.register('Seller');
    const imei = newImei();
    const { hash, last4 } = createImeiKey(h.env.IMEI_SECRET).keep(imei);
    await h.database.db.execute(sql`INSERT INTO imei_blocklist (imei_hash, imei_last4, reason) VALUES (${hash}, ${last4}, 'Confirmed stolen')`);
    const refused = await list(seller, imei);
    expect(refused.statusCode).toBe(422);
    expect(json<{ message: string }>(refused).message).toBe('This phone cannot be listed; contact support');
    expect(refused.body).not.toMatch(/stolen|block/i);
    expect(await listingsOf(seller)).toEqual([]);
  });
});
