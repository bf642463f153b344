import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Notification, NotificationPage } from '@phonehaat/shared-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../src/db/schema.js';
import { auth, createHarness, json, type Harness, type TestUser } from './support/harness.js';
import { openStream } from './support/sse.js';

let h: Harness;
let base: string;
beforeAll(async () => {
  h = await createHarness();
  base = await h.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => h.close());

const page = async (user: TestUser, query = '') => {
  const response = await h.app.inject({ method: 'GET', url: `/notifications${query}`, headers: auth(user.accessToken) });
  expect(response.statusCode).toBe(200);
  return json<NotificationPage>(response);
};
const latest = async (user: TestUser): Promise<Notification | undefined> => (await page(user)).items[0];
const unread = async (user: TestUser) => json<{ count: number }>(await h.app.inject({ method: 'GET', url: '/notifications/unread', headers: auth(user.accessToken) })).count;
const outboxOf = (userId: string) => h.database.db.select().from(emailOutbox).where(eq(emailOutbox.userId, userId));
const pay = async (buyer: TestUser, bookingId: string) => {
  const transactionId = await h.payByCard(buyer, bookingId);
  const paid = await h.app.inject({ method: 'POST', url: '/payments', headers: auth(buyer.accessToken), payload: { bookingId, transactionId } });
  expect(paid.statusCode).toBe(201);
};

describe('notifications of what happens to a person', () => {
  it('tells the seller that their phone was booked, by whom, once, with a link to their listings and an e-mail queued', async () => {
    const seller = await h.register('Seller');
    const buyer = await h.register('Buyer', 'Nusrat Jahan');
    const productId = await h.createProduct(seller, { name: 'iPhone 13 128GB' });
    await h.book(buyer, productId);
    const again = await h.app.inject({ method: 'POST', url: '/bookeditems', headers: auth(buyer.accessToken), payload: { id: productId, phone: '01811-000111', meetingLocation: 'Mirpur' } });
    expect(again.statusCode).toBe(409);

    const { items, unread: count } = await page(seller);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: 'booked', read: false, link: '/dashboard/myproduct', params: { productId, productName: 'iPhone 13 128GB', who: 'Nusrat Jahan' } });
    expect(count).toBe(1);
    expect(await outboxOf(seller.id)).toMatchObject([{ kind: 'booked', status: 'pending' }]);
    // Nobody else hears of it.
    expect((await page(buyer)).items).toEqual([]);
  });

  it('tells both sides of a sale, and everyone else who booked the phone that it was sold to someone else', async () => {
    const seller = await h.register('Seller');
    const [winner, other] = [await h.register('Buyer'), await h.register('Buyer')];
    const productId = await h.createProduct(seller, { name: 'Pixel 7', resalePrice: 38000 });
    const bookingId = await h.book(winner, productId);
    await h.book(other, productId);
    await pay(winner, bookingId);

    expect(await latest(seller)).toMatchObject({ kind: 'paid', params: { productName: 'Pixel 7', amount: 38000, role: 'seller' }, link: '/dashboard/myproduct' });
    expect(await latest(winner)).toMatchObject({ kind: 'paid', params: { productName: 'Pixel 7', amount: 38000, role: 'buyer' }, link: '/dashboard/myorders' });
    expect(await latest(other)).toMatchObject({ kind: 'sold-elsewhere', params: { productName: 'Pixel 7' }, link: '/dashboard/myorders' });
    expect((await outboxOf(other.id)).map((row) => row.kind)).toEqual(['sold-elsewhere']);
  });

  it('tells a buyer whose payment came too late that it was refunded, and why', async () => {
    const seller = await h.register('Seller');
    const [first, late] = [await h.register('Buyer'), await h.register('Buyer')];
    const productId = await h.createProduct(seller, { name: 'Galaxy S21', resalePrice: 30000 });
    const [firstBooking, lateBooking] = [await h.book(first, productId), await h.book(late, productId)];
    const lateIntent = await h.payByCard(late, lateBooking);
    await pay(first, firstBooking);
    const refused = await h.app.inject({ method: 'POST', url: '/payments', headers: auth(late.accessToken), payload: { bookingId: lateBooking, transactionId: lateIntent } });
    expect(refused.statusCode).toBe(409);
    const kinds = (await page(late)).items.map((item) => item.kind);
    expect(kinds).toEqual(['refunded', 'sold-elsewhere']);
    expect(await latest(late)).toMatchObject({ params: { productName: 'Galaxy S21', amount: 30000, reason: 'Sorry, this phone was sold to another buyer; your payment has been refunded.' } });
  });

  it("tells a seller PhoneHaat removed their listing and why, and whoever had booked it that it is gone", async () => {
    const admin = await h.admin();
    const seller = await h.register('Seller');
    const buyer = await h.register('Buyer');
    const productId = await h.createProduct(seller, { name: 'Redmi Note 12' });
    await h.book(buyer, productId);
    const removed = await h.app.inject({ method: 'DELETE', url: `/admin/products/${productId}`, headers: auth(admin.accessToken), payload: { reason: 'The photos are not of this phone' } });
    expect(removed.statusCode).toBe(200);
    expect(await latest(seller)).toMatchObject({ kind: 'your-listing-removed', params: { productName: 'Redmi Note 12', reason: 'The photos are not of this phone' } });
    expect(await latest(buyer)).toMatchObject({ kind: 'listing-removed', params: { productName: 'Redmi Note 12' } });
  });

  it('tells whoever had booked a phone that it is gone when PhoneHaat removes its seller, with an e-mail; a paid buyer is not told', async () => {
    const admin = await h.admin();
    const seller = await h.register('Seller');
    const booker = await h.register('Buyer');
    const paidBuyer = await h.register('Buyer');
    const booked = await h.createProduct(seller, { name: 'Pixel 6a' });
    const sold = await h.createProduct(seller, { name: 'Pixel 7' });
    await h.book(booker, booked);
    await pay(paidBuyer, await h.book(paidBuyer, sold));
    const before = (await page(paidBuyer)).items.length;
    const removed = await h.app.inject({ method: 'DELETE', url: `/seller/${seller.id}`, headers: auth(admin.accessToken) });
    expect(removed.statusCode).toBe(200);
    expect(await latest(booker)).toMatchObject({ kind: 'listing-removed', params: { productId: booked, productName: 'Pixel 6a' }, link: '/dashboard/myorders', read: false });
    expect((await outboxOf(booker.id)).map((row) => row.kind)).toContain('listing-removed');
    expect((await page(paidBuyer)).items).toHaveLength(before);
  });

  it('tells a seller they were verified, once', async () => {
    const admin = await h.admin();
    const seller = await h.register('Seller');
    for (let i = 0; i < 2; i++) await h.app.inject({ method: 'PUT', url: `/seller/verify/${seller.id}`, headers: auth(admin.accessToken) });
    expect((await page(seller)).items.map((item) => item.kind)).toEqual(['verified']);
  });

  it('tells of a new message once per conversation until it is read there, and not by e-mail', async () => {
    const seller = await h.register('Seller');
    const buyer = await h.register('Buyer', 'Tanvir');
    const productId = await h.createProduct(seller, { name: 'OnePlus 9' });
    const thread = json<{ _id: string }>(await h.app.inject({ method: 'POST', url: '/threads', headers: auth(buyer.accessToken), payload: { productId } }));
    const send = (body: string) => h.app.inject({ method: 'POST', url: `/threads/${thread._id}/messages`, headers: auth(buyer.accessToken), payload: { clientId: randomUUID(), body } });
    const first = json<{ _id: string }>(await send('Is the battery original?'));
    await send('And the charger?');
    expect((await page(seller)).items).toMatchObject([{ kind: 'message', link: `/inbox/${thread._id}`, params: { who: 'Tanvir', productName: 'OnePlus 9' }, read: false }]);
    await h.app.inject({ method: 'POST', url: `/threads/${thread._id}/seen`, headers: auth(seller.accessToken), payload: { upTo: first._id } });
    expect(await unread(seller)).toBe(0);
    await send('Hello?');
    expect((await page(seller)).items.map((item) => item.read)).toEqual([false, true]);
    expect(await outboxOf(seller.id)).toEqual([]);
  });

  it('arrives live on the person\'s open stream', async () => {
    const seller = await h.register('Seller');
    const buyer = await h.register('Buyer');
    const productId = await h.createProduct(seller);
    const ticket = json<{ ticket: string }>(await h.app.inject({ method: 'POST', url: '/stream/tickets', headers: auth(seller.accessToken) })).ticket;
    const stream = await openStream(`${base}/stream?ticket=${ticket}`);
    try {
      await stream.next((event) => event.type === 'ready');
      await h.book(buyer, productId);
      const event = await stream.next((event) => event.type === 'notification', 2000);
      expect(event).toMatchObject({ type: 'notification', notification: { kind: 'booked', params: { productId } } });
    } finally {
      stream.close();
    }
  });
});

describe('reading notifications', () => {
  it('pages back from the newest, and marks some or all read', async () => {
    const admin = await h.admin();
    const seller = await h.register('Seller');
    const buyers = await Promise.all([1, 2, 3].map(() => h.register('Buyer')));
    const productId = await h.createProduct(seller);
    for (const buyer of buyers) await h.book(buyer, productId);
    await h.app.inject({ method: 'PUT', url: `/seller/verify/${seller.id}`, headers: auth(admin.accessToken) });

    const first = await page(seller, '?limit=3');
    expect(first.items.map((item) => item.kind)).toEqual(['verified', 'booked', 'booked']);
    expect(first).toMatchObject({ hasMore: true, unread: 4 });
    const rest = await page(seller, `?limit=3&before=${first.items[2]!._id}`);
    expect(rest.items.map((item) => item.kind)).toEqual(['booked']);
    expect(rest.hasMore).toBe(false);

    const one = await h.app.inject({ method: 'POST', url: '/notifications/read', headers: auth(seller.accessToken), payload: { ids: [first.items[0]!._id] } });
    expect(json(one)).toEqual({ modifiedCount: 1 });
    // Someone else's ids change nothing.
    const stranger = await h.register('Buyer');
    const foreign = await h.app.inject({ method: 'POST', url: '/notifications/read', headers: auth(stranger.accessToken), payload: { ids: [first.items[1]!._id] } });
    expect(json(foreign)).toEqual({ modifiedCount: 0 });
    expect(await unread(seller)).toBe(3);
    const all = await h.app.inject({ method: 'POST', url: '/notifications/read', headers: auth(seller.accessToken), payload: {} });
    expect(json(all)).toEqual({ modifiedCount: 3 });
    expect(await unread(seller)).toBe(0);
  });

  it('refuses bad paging and ids with a clear 400', async () => {
    const buyer = await h.register('Buyer');
    const bad = await h.app.inject({ method: 'GET', url: '/notifications?before=abc&limit=500', headers: auth(buyer.accessToken) });
    expect(bad.statusCode).toBe(400);
    expect(json<{ message: string }>(bad).message).toMatch(/notification id|50/);
    const ids = await h.app.inject({ method: 'POST', url: '/notifications/read', headers: auth(buyer.accessToken), payload: { ids: ['x'] } });
    expect(ids.statusCode).toBe(400);
  });
});

describe('e-mail settings', () => {
  it('are all on at first; a kind turned off is not e-mailed, though still notified', async () => {
    const seller = await h.register('Seller');
    const buyer = await h.register('Buyer');
    const settings = await h.app.inject({ method: 'GET', url: '/me/email-settings', headers: auth(seller.accessToken) });
    expect(json(settings)).toEqual({
      email: { booked: true, paid: true, released: true, disputed: true, 'dispute-decided': true, 'paid-out': true, 'sold-elsewhere': true, 'listing-removed': true, 'your-listing-removed': true, 'saved-search': true, parcel: true, offer: true },
      language: 'en',
    });
    const off = await h.app.inject({ method: 'PUT', url: '/me/email-settings', headers: auth(seller.accessToken), payload: { email: { booked: false } } });
    expect(json<{ email: Record<string, boolean> }>(off).email).toMatchObject({ booked: false, paid: true });
    await h.book(buyer, await h.createProduct(seller));
    expect(await latest(seller)).toMatchObject({ kind: 'booked' });
    expect(await outboxOf(seller.id)).toEqual([]);
  });

  it('refuses a kind that is not an e-mail, and changes nothing', async () => {
    const seller = await h.register('Seller');
    const bad = await h.app.inject({ method: 'PUT', url: '/me/email-settings', headers: auth(seller.accessToken), payload: { email: { message: false, booked: false } } });
    expect(bad.statusCode).toBe(400);
    const settings = json<{ email: Record<string, boolean> }>(await h.app.inject({ method: 'GET', url: '/me/email-settings', headers: auth(seller.accessToken) }));
    expect(settings.email.booked).toBe(true);
  });

  it('write e-mails in the language the person last used PhoneHaat in', async () => {
    const buyer = await h.register('Buyer');
    const inBangla = await h.app.inject({ method: 'GET', url: '/me/email-settings', headers: { ...auth(buyer.accessToken), 'accept-language': 'bn' } });
    expect(json(inBangla)).toMatchObject({ language: 'bn' });
    const later = await h.app.inject({ method: 'GET', url: '/me/email-settings', headers: auth(buyer.accessToken) });
    expect(json(later)).toMatchObject({ language: 'bn' });
  });
});
