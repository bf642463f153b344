// IMEIs after listing and the blocklist (issue 28): a seller adds an IMEI from My Product; an admin blocks a phone by
// hand or by confirming a "Suspected stolen" report, and unblocks it; each action audited, nobody shown the digits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createHarness, json, type Harness, type TestUser } from './support/harness.js';
import { newImei } from './support/imei.js';

let h: Harness;
let admin: TestUser;
beforeAll(async () => {
  h = await createHarness();
  admin = await h.admin();
});
afterAll(() => h.close());

const setImei = (user: TestUser, productId: string, imei: unknown) =>
  h.app.inject({ method: 'PUT', url: `/addedproducts/${productId}/imei`, headers: auth(user.accessToken), payload: { imei } });
const block = (imei: unknown, reason: unknown = 'Owner showed the police report') =>
  h.app.inject({ method: 'POST', url: '/admin/blocked-imeis', headers: auth(admin.accessToken), payload: { imei, reason } });
const blocked = async () =>
  json<{ entries: { _id: string; imeiLast4: string; reason: string; blockedBy: string | null }[]; total: number }>(
    await h.app.inject({ method: 'GET', url: '/admin/blocked-imeis?limit=50', headers: auth(admin.accessToken) }),
  );
const auditOf = async () =>
  json<{ entries: { action: string; targetType: string; targetLabel: string; reason: string | null }[] }>(
    await h.app.inject({ method: 'GET', url: '/audit?limit=100', headers: auth(admin.accessToken) }),
  ).entries;
const page = (user: TestUser, id: string) => h.app.inject({ method: 'GET', url: `/product/${id}`, headers: auth(user.accessToken) });
const kindsFor = async (user: TestUser) =>
  json<{ items: { kind: string }[] }>(await h.app.inject({ method: 'GET', url: '/notifications', headers: auth(user.accessToken) })).items.map(({ kind }) => kind);
/** The same phone listed again (a fresh listing, its IMEI given). */
const listAgain = (seller: TestUser, imei: string) =>
  h.app.inject({
    method: 'POST',
    url: '/addedproducts',
    headers: auth(seller.accessToken),
    payload: { name: 'Galaxy A54', brandId: h.brandIds.Samsung, resalePrice: 30000, originalPrice: 45000, condition: 'Good', phone: '01711-234567', location: 'Uttara', img: 'http://localhost:4100/images/products/iphone-13-pro.svg', usedYear: 2023, imei },
  });
const removeListing = (id: string, body: Record<string, unknown>) =>
  h.app.inject({ method: 'DELETE', url: `/admin/products/${id}`, headers: auth(admin.accessToken), payload: body });

describe('a seller adds an IMEI to a listing from My Product', () => {
  it('gives it the badge and shows the seller the last 4 digits', async () => {
    const seller = await h.register('Seller');
    const buyer = await h.register('Buyer');
    const id = await h.createProduct(seller);
    expect(json(await page(buyer, id))).toMatchObject({ imeiChecked: false });
    const imei = newImei();
    const set = await setImei(seller, id, `${imei.slice(0, 8)} ${imei.slice(8)}`);
    expect(set.statusCode, set.body).toBe(200);
    expect(json(set)).toEqual({ imeiLast4: imei.slice(-4) });
    expect(json(await page(buyer, id))).toMatchObject({ imeiChecked: true });
    const found = await h.app.inject({ method: 'GET', url: '/search?imeiChecked=true&limit=50', headers: auth(buyer.accessToken) });
    expect(json<{ products: { _id: string }[] }>(found).products.map(({ _id }) => _id)).toContain(id);
  });

  it('is refused, with the listing unchanged, for a bad IMEI, a phone on another listing, a blocked phone, a sold listing or someone else', async () => {
    const seller = await h.register('Seller');
    const other = await h.register('Seller');
    const id = await h.createProduct(seller);
    const onSale = newImei();
    await h.createProduct(other, { imei: onSale });
    const stolen = newImei();
    expect((await block(stolen)).statusCode).toBe(201);

    const wrongDigit = `${onSale.slice(0, 14)}${(Number(onSale[14]) + 1) % 10}`;
    const cases: [TestUser, unknown, number, string][] = [
      [seller, wrongDigit, 400, 'This IMEI is not valid: check its last digit'],
      [seller, 'ABCDEFGHIJKLMNO', 400, 'IMEI must be 15 digits'],
      [seller, onSale.slice(0, 14), 400, 'IMEI must be 15 digits'],
      [seller, onSale, 409, 'This phone is already listed on PhoneHaat; contact support if it is yours'],
      [seller, stolen, 422, 'This phone cannot be listed; contact support'],
      [other, newImei(), 403, 'You are not allowed to do this'],
    ];
    for (const [user, imei, status, message] of cases) {
      const refused = await setImei(user, id, imei);
      expect(refused.statusCode, `${String(imei)}: ${refused.body}`).toBe(status);
      expect(json<{ message: string }>(refused).message).toContain(message);
    }
    expect(json(await page(other, id))).toMatchObject({ imeiChecked: false });

    await h.sell(id);
    const sold = await setImei(seller, id, newImei());
    expect(sold.statusCode).toBe(409);
  });
});

describe('the admin blocks and unblocks a phone by hand', () => {
  it('removes its live listing (its bookers told), refuses it afterwards, and lets it list again once unblocked; all audited, by the last 4 digits', async () => {
    const seller = await h.register('Seller');
    const booker = await h.register('Buyer');
    const imei = newImei();
    const id = await h.createProduct(seller, { imei });
    await h.book(booker, id);

    const created = await block(imei, 'Owner showed the police report');
    expect(created.statusCode, created.body).toBe(201);
    const { insertedId } = json<{ insertedId: string }>(created);
    expect((await page(booker, id)).statusCode).toBe(410);
    expect(await kindsFor(booker)).toContain('listing-removed');
    expect(await kindsFor(seller)).toContain('your-listing-removed');

    const list = await blocked();
    expect(list.entries.find(({ _id }) => _id === insertedId)).toEqual(
      expect.objectContaining({ imeiLast4: imei.slice(-4), reason: 'Owner showed the police report', blockedBy: 'Site Admin' }),
    );
    expect(JSON.stringify(list)).not.toContain(imei);

    const again = await block(imei);
    expect(again.statusCode).toBe(409);
    expect(json<{ message: string }>(again).message).toBe('This phone is already blocked');
    const relist = await listAgain(seller, imei);
    expect(relist.statusCode).toBe(422);

    const noReason = await h.app.inject({ method: 'DELETE', url: `/admin/blocked-imeis/${insertedId}`, headers: auth(admin.accessToken), payload: {} });
    expect(noReason.statusCode).toBe(400);
    const unblocked = await h.app.inject({ method: 'DELETE', url: `/admin/blocked-imeis/${insertedId}`, headers: auth(admin.accessToken), payload: { reason: 'Owner found it' } });
    expect(unblocked.statusCode, unblocked.body).toBe(200);
    expect((await blocked()).entries.some(({ _id }) => _id === insertedId)).toBe(false);
    expect((await h.app.inject({ method: 'DELETE', url: `/admin/blocked-imeis/${insertedId}`, headers: auth(admin.accessToken), payload: { reason: 'Owner found it' } })).statusCode).toBe(404);
    expect(await h.createProduct(seller, { imei })).toBeTruthy();

    const audit = await auditOf();
    const label = `IMEI •••• ${imei.slice(-4)}`;
    expect(audit).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'block-imei', targetType: 'imei', targetLabel: label, reason: 'Owner showed the police report' }),
        expect.objectContaining({ action: 'unblock-imei', targetType: 'imei', targetLabel: label, reason: 'Owner found it' }),
        expect.objectContaining({ action: 'remove-listing', targetType: 'product', reason: 'Owner showed the police report' }),
      ]),
    );
    expect(JSON.stringify(audit)).not.toContain(imei);
  });

  it('refuses a malformed IMEI or a missing reason with 400 and blocks nothing', async () => {
    const before = (await blocked()).total;
    for (const [imei, reason] of [['12345', 'Police report'], [newImei(), ''], [newImei(), null]] as const) {
      expect((await block(imei, reason)).statusCode).toBe(400);
    }
    expect((await blocked()).total).toBe(before);
  });
});

describe('the admin confirms a "Suspected stolen" report', () => {
  it('removes the listing and blocks its IMEI; without such a report nothing happens (409)', async () => {
    const seller = await h.register('Seller');
    const reporter = await h.register('Buyer');
    const imei = newImei();
    const id = await h.createProduct(seller, { imei });
    await h.app.inject({ method: 'POST', url: '/reports', headers: auth(reporter.accessToken), payload: { productId: id, reason: 'scam' } });

    const notStolen = await removeListing(id, { reason: 'Stolen from its owner in Mirpur', stolen: true });
    expect(notStolen.statusCode).toBe(409);
    expect(json<{ message: string }>(notStolen).message).toBe('Nobody reported this phone as stolen');
    expect((await page(reporter, id)).statusCode).toBe(200);

    const other = await h.register('Buyer');
    await h.app.inject({ method: 'POST', url: '/reports', headers: auth(other.accessToken), payload: { productId: id, reason: 'stolen', note: 'My phone, stolen last week' } });
    const confirmed = await removeListing(id, { reason: 'Stolen from its owner in Mirpur', stolen: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(json(confirmed)).toEqual({ acknowledged: true, imeiBlocked: true });
    expect((await page(reporter, id)).statusCode).toBe(410);
    expect((await blocked()).entries.some(({ imeiLast4, reason }) => imeiLast4 === imei.slice(-4) && reason === 'Stolen from its owner in Mirpur')).toBe(true);
    const relisted = await listAgain(seller, imei);
    expect(relisted.statusCode).toBe(422);
  });

  it('removes a listing without an IMEI and says nothing was blocked', async () => {
    const seller = await h.register('Seller');
    const reporter = await h.register('Buyer');
    const id = await h.createProduct(seller);
    await h.app.inject({ method: 'POST', url: '/reports', headers: auth(reporter.accessToken), payload: { productId: id, reason: 'stolen' } });
    const removed = await removeListing(id, { reason: 'Reported stolen, seller did not answer' });
    expect(json(removed)).toEqual({ acknowledged: true, imeiBlocked: false });
  });
});
