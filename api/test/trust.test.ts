import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage, Booking, ListingBooking, ReportPage, SellerListing } from '@phonehaat/shared-api';
import { auth, createHarness, json, type Harness, type TestUser } from './support/harness.js';

let h: Harness;
let admin: TestUser;
beforeAll(async () => {
  h = await createHarness();
  admin = await h.admin();
});
afterAll(() => h.close());

const report = (user: TestUser, productId: string, reason = 'scam', note?: string) =>
  h.app.inject({ method: 'POST', url: '/reports', headers: auth(user.accessToken), payload: { productId, reason, ...(note === undefined ? {} : { note }) } });
const queue = async (status: 'open' | 'resolved' = 'open') =>
  json<ReportPage>(await h.app.inject({ method: 'GET', url: `/reports?status=${status}&limit=50`, headers: auth(admin.accessToken) }));
const removeListing = (id: string, reason: string, user = admin) =>
  h.app.inject({ method: 'DELETE', url: `/admin/products/${id}`, headers: auth(user.accessToken), payload: { reason } });
const auditLog = async () => json<AuditPage>(await h.app.inject({ method: 'GET', url: '/audit?limit=100', headers: auth(admin.accessToken) }));

describe('reporting a listing', () => {
  it('takes one open report per user per listing, with a reason and a note, and refuses its own seller', async () => {
    const seller = await h.register('Seller');
    const [buyer, other] = [await h.register('Buyer'), await h.register('Buyer')];
    const productId = await h.createProduct(seller, { name: 'Suspicious iPhone 15' });

    const first = await report(buyer, productId, 'stolen', 'IMEI is blacklisted');
    expect(first.statusCode, first.body).toBe(201);
    const again = await report(buyer, productId, 'scam');
    expect(again.statusCode).toBe(409);
    expect(json<{ message: string }>(again).message).toMatch(/already reported/);
    expect((await report(other, productId, 'wrong-details')).statusCode).toBe(201);
    const own = await report(seller, productId);
    expect(own.statusCode).toBe(403);

    const group = (await queue()).groups.find((g) => g.product._id === productId);
    expect(group?.count).toBe(2);
    expect(group?.reports.map((r) => [r.reason, r.note, r.reporterName])).toEqual([
      ['stolen', 'IMEI is blacklisted', buyer.name],
      ['wrong-details', '', other.name],
    ]);
    expect(group?.seller).toMatchObject({ _id: seller.id, verified: false, removed: false, removedListings: 0 });
  });

  it('names the field of bad input, and refuses a listing that is not there', async () => {
    const buyer = await h.register('Buyer');
    const seller = await h.register('Seller');
    const productId = await h.createProduct(seller);
    const bad = await report(buyer, productId, 'ugly');
    expect(bad.statusCode).toBe(400);
    expect(json<{ fields: { field: string }[] }>(bad).fields[0]?.field).toBe('reason');
    const long = await report(buyer, productId, 'other', 'x'.repeat(501));
    expect(long.statusCode).toBe(400);
    expect(json<{ fields: { field: string }[] }>(long).fields[0]?.field).toBe('note');
    expect((await report(buyer, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await report(buyer, 'not-an-id')).statusCode).toBe(400);
  });

  it('is rate limited per user', async () => {
    const limited = await createHarness({ REPORT_RATE_LIMIT_MAX: '2' });
    try {
      const [seller, buyer, other] = await Promise.all([limited.register('Seller'), limited.register('Buyer'), limited.register('Buyer')]);
      const ids = await Promise.all([1, 2, 3].map(() => limited.createProduct(seller)));
      const send = (user: TestUser, productId: string) =>
        limited.app.inject({ method: 'POST', url: '/reports', headers: auth(user.accessToken), payload: { productId, reason: 'scam' } });
      const statuses = [];
      for (const id of ids) statuses.push((await send(buyer, id)).statusCode);
      expect(statuses).toEqual([201, 201, 429]);
      expect((await send(other, ids[2]!)).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe("the admin's moderation", () => {
  it('orders open reports most-reported first, and dismissing closes them and logs it', async () => {
    const seller = await h.register('Seller');
    const [a, b] = [await h.register('Buyer'), await h.register('Buyer')];
    const once = await h.createProduct(seller, { name: 'Reported once' });
    const twice = await h.createProduct(seller, { name: 'Reported twice' });
    await report(a, once);
    await report(a, twice);
    await report(b, twice);
    const open = await queue();
    const order = open.groups.map((g) => g.product._id);
    expect(order.indexOf(twice)).toBeLessThan(order.indexOf(once));
    expect(open.openCount).toBe(open.total);

    const dismissed = await h.app.inject({ method: 'POST', url: `/reports/${once}/dismiss`, headers: auth(admin.accessToken) });
    expect(json(dismissed)).toEqual({ modifiedCount: 1 });
    expect((await queue()).groups.some((g) => g.product._id === once)).toBe(false);
    expect((await queue()).openCount).toBe(open.openCount - 1);
    const resolved = (await queue('resolved')).groups.find((g) => g.product._id === once);
    expect(resolved?.reports[0]?.status).toBe('dismissed');
    expect((await h.app.inject({ method: 'POST', url: `/reports/${once}/dismiss`, headers: auth(admin.accessToken) })).statusCode).toBe(404);
    expect((await auditLog()).entries[0]).toMatchObject({ action: 'dismiss-reports', targetId: once, targetLabel: 'Reported once', actorName: 'Site Admin' });
    // The listing itself is untouched.
    expect((await h.app.inject({ method: 'GET', url: `/product/${once}`, headers: auth(a.accessToken) })).statusCode).toBe(200);
  });

  it('removes a listing with a reason: gone everywhere, its seller told why, unpaid bookings cancelled, reports closed, logged', async () => {
    const seller = await h.register('Seller');
    const [buyer, reporter] = [await h.register('Buyer'), await h.register('Buyer')];
    const productId = await h.createProduct(seller, { name: 'Stolen Galaxy S23 Ultra', brandId: h.brandIds.Samsung });
    await h.app.inject({ method: 'POST', url: '/advertisedproducts', headers: auth(seller.accessToken), payload: { id: productId } });
    await h.book(buyer, productId);
    await report(reporter, productId, 'stolen');

    const noReason = await removeListing(productId, '');
    expect(noReason.statusCode).toBe(400);
    expect(json<{ fields: { field: string }[] }>(noReason).fields[0]?.field).toBe('reason');
    const removed = await removeListing(productId, 'Reported as stolen; IMEI blacklisted');
    expect(removed.statusCode, removed.body).toBe(200);

    const get = (url: string, user?: TestUser) => h.app.inject({ method: 'GET', url, ...(user ? { headers: auth(user.accessToken) } : {}) });
    expect(json<{ _id: string }[]>(await get('/advertised?limit=50')).some((p) => p._id === productId)).toBe(false);
    expect(json<{ products: { _id: string }[] }>(await get(`/products/${h.brandIds.Samsung}`, buyer)).products.some((p) => p._id === productId)).toBe(false);
    expect(json<{ products: { _id: string }[] }>(await get('/search?q=stolen%20galaxy', buyer)).products.some((p) => p._id === productId)).toBe(false);
    expect((await get(`/product/${productId}`, buyer)).statusCode).toBe(410);

    const mine = json<SellerListing[]>(await get(`/addedproducts?email=${seller.email}`, seller)).find((p) => p._id === productId);
    expect(mine?.removedReason).toBe('Reported as stolen; IMEI blacklisted');
    const order = json<Booking[]>(await get(`/bookeditems?email=${buyer.email}`, buyer)).find((b) => b.productId === productId);
    expect(order?.state).toBe('removed');
    expect((await queue()).groups.some((g) => g.product._id === productId)).toBe(false);
    expect((await queue('resolved')).groups.find((g) => g.product._id === productId)?.reports[0]?.status).toBe('actioned');
    expect((await auditLog()).entries[0]).toMatchObject({ action: 'remove-listing', targetId: productId, reason: 'Reported as stolen; IMEI blacklisted' });

    // A second removal finds nothing to remove; a seller cannot reach this call.
    expect((await removeListing(productId, 'again')).statusCode).toBe(404);
    expect((await removeListing(await h.createProduct(seller), 'mine', seller)).statusCode).toBe(403);
  });

  it('counts a seller’s earlier removals beside a new report', async () => {
    const seller = await h.register('Seller');
    const buyer = await h.register('Buyer');
    await removeListing(await h.createProduct(seller), 'Fake listing');
    const next = await h.createProduct(seller);
    await report(buyer, next, 'scam');
    expect((await queue()).groups.find((g) => g.product._id === next)?.seller.removedListings).toBe(1);
  });
});

describe('bad input on the new calls', () => {
  it.each([
    ['GET', '/reports?status=closed', 'status'],
    ['GET', '/reports?page=0', 'page'],
    ['GET', '/audit?limit=500', 'limit'],
    ['POST', '/reports/not-an-id/dismiss', 'productId'],
    ['DELETE', '/admin/products/not-an-id', 'id'],
    ['GET', '/addedproducts/not-an-id/bookings', 'id'],
    ['GET', `/users/allbuyers?q=${'x'.repeat(101)}`, 'q'],
  ])('%s %s is a 400 naming %s', async (method, url, field) => {
    const response = await h.app.inject({ method: method as 'GET', url, headers: auth(admin.accessToken), ...(method === 'DELETE' ? { payload: { reason: 'A reason' } } : {}) });
    expect(response.statusCode, response.body).toBe(400);
    expect(json<{ fields: { field: string }[] }>(response).fields.map((f) => f.field)).toContain(field);
  });
});

describe('the audit log', () => {
  it('records verifying and removing users with who and when, and cannot be changed even in SQL', async () => {
    const seller = await h.register('Seller');
    const buyer = await h.register('Buyer');
    await h.app.inject({ method: 'PUT', url: `/seller/verify/${seller.id}`, headers: auth(admin.accessToken) });
    await h.app.inject({ method: 'DELETE', url: `/buyer/${buyer.id}`, headers: auth(admin.accessToken) });
    const { entries, total } = await auditLog();
    expect(entries.slice(0, 2).map((e) => [e.action, e.targetId, e.actorName])).toEqual([
      ['remove-buyer', buyer.id, 'Site Admin'],
      ['verify-seller', seller.id, 'Site Admin'],
    ]);
    expect(total).toBeGreaterThanOrEqual(2);
    // drizzle wraps the database's error; its cause carries PostgreSQL's message.
    const refusal = (error: unknown) => String((error as { cause?: Error }).cause?.message ?? (error as Error).message);
    for (const statement of [sql`UPDATE audit_log SET reason = 'edited'`, sql`DELETE FROM audit_log`, sql`TRUNCATE audit_log`]) {
      const failure = await h.database.db.execute(statement).then(() => undefined, (error: unknown) => error);
      expect(failure && refusal(failure)).toMatch(/append-only/);
    }
    expect((await auditLog()).total).toBe(total);
    // The API offers no way to change it either: it is read only.
    for (const method of ['PUT', 'DELETE', 'PATCH'] as const) {
      const refused = await h.app.inject({ method, url: '/audit', headers: auth(admin.accessToken) });
      expect(refused.statusCode).toBe(405);
      expect(refused.headers.allow).toBe('GET, HEAD');
    }
  });
});

describe('who booked my phone', () => {
  it('shows its seller each booking, the paid one with the amount, and no one else', async () => {
    const seller = await h.register('Seller');
    const other = await h.register('Seller');
    const [early, late] = [await h.register('Buyer', 'Early Bird'), await h.register('Buyer', 'Late Comer')];
    const productId = await h.createProduct(seller, { resalePrice: 45000 });
    await h.book(early, productId);
    const lateBooking = await h.book(late, productId);
    const transactionId = await h.payByCard(late, lateBooking);
    await h.app.inject({ method: 'POST', url: '/payments', headers: auth(late.accessToken), payload: { bookingId: lateBooking, transactionId } });

    const read = (user: TestUser) => h.app.inject({ method: 'GET', url: `/addedproducts/${productId}/bookings`, headers: auth(user.accessToken) });
    const list = json<ListingBooking[]>(await read(seller));
    expect(list.map((b) => [b.buyerName, b.paid, b.amount])).toEqual([
      ['Early Bird', false, null],
      ['Late Comer', true, 45000],
    ]);
    expect(list[1]?.paidAt).toBeTruthy();
    expect((await read(admin)).statusCode).toBe(200);
    expect((await read(other)).statusCode).toBe(403);
    expect((await read(early)).statusCode).toBe(403);
    const mine = json<SellerListing[]>(await h.app.inject({ method: 'GET', url: `/addedproducts?email=${seller.email}`, headers: auth(seller.accessToken) }));
    expect(mine.find((p) => p._id === productId)?.bookings).toBe(2);
    // The other buyer's booking now says the phone went to someone else.
    const earlyOrders = json<Booking[]>(await h.app.inject({ method: 'GET', url: `/bookeditems?email=${early.email}`, headers: auth(early.accessToken) }));
    expect(earlyOrders.find((b) => b.productId === productId)?.state).toBe('sold-to-other');
  });
});

describe('the admin lists, paged and searched on the server', () => {
  it('keeps the plain list without paging parameters, and pages and searches with them', async () => {
    const name = `Zubair ${Math.random().toString(36).slice(2, 7)}`;
    const seller = await h.register('Seller', name);
    for (const n of [1, 2, 3, 4]) await h.register('Buyer', `Listed buyer ${n}`);
    const plain = await h.app.inject({ method: 'GET', url: '/users/allsellers', headers: auth(admin.accessToken) });
    expect(Array.isArray(plain.json())).toBe(true);
    const found = json<{ users: { _id: string }[]; total: number; page: number; limit: number }>(
      await h.app.inject({ method: 'GET', url: `/users/allsellers?q=${encodeURIComponent(name.toUpperCase())}&page=1&limit=5`, headers: auth(admin.accessToken) }),
    );
    expect(found).toMatchObject({ total: 1, page: 1, limit: 5 });
    expect(found.users.map((u) => u._id)).toEqual([seller.id]);
    const byEmail = json<{ total: number }>(await h.app.inject({ method: 'GET', url: `/users/allsellers?q=${encodeURIComponent(seller.email)}`, headers: auth(admin.accessToken) }));
    expect(byEmail.total).toBe(1);
    const wildcard = json<{ total: number }>(await h.app.inject({ method: 'GET', url: '/users/allbuyers?q=%25', headers: auth(admin.accessToken) }));
    expect(wildcard.total).toBe(0);
    const paged = json<{ users: unknown[]; total: number }>(await h.app.inject({ method: 'GET', url: '/users/allbuyers?limit=2', headers: auth(admin.accessToken) }));
    expect(paged.users.length).toBeLessThanOrEqual(2);
    expect(paged.total).toBeGreaterThan(2);
    // Pages follow one another without a gap or a repeat, newest first, and a new buyer is counted at once.
    const ids = async (query: string) =>
      json<{ users: { _id: string }[] }>(await h.app.inject({ method: 'GET', url: `/users/allbuyers?${query}`, headers: auth(admin.accessToken) })).users.map((u) => u._id);
    const [first, second, both] = [await ids('page=1&limit=2'), await ids('page=2&limit=2'), await ids('page=1&limit=4')];
    expect([...first, ...second]).toEqual(both);
    const newcomer = await h.register('Buyer', `Newcomer ${Math.random().toString(36).slice(2, 7)}`);
    const after = json<{ users: { _id: string }[]; total: number }>(await h.app.inject({ method: 'GET', url: '/users/allbuyers?limit=2', headers: auth(admin.accessToken) }));
    expect(after.total).toBe(paged.total + 1);
    expect(after.users[0]?._id).toBe(newcomer.id);
    const bad = await h.app.inject({ method: 'GET', url: '/users/allsellers?limit=1000', headers: auth(admin.accessToken) });
    expect(bad.statusCode).toBe(400);
    expect(json<{ fields: { field: string }[] }>(bad).fields[0]?.field).toBe('limit');
  });
});
