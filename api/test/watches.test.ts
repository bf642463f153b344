import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '@phonehaat/shared-api';
import { auth, createHarness, json, type Harness, type TestUser } from './support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const watch = (user: TestUser, productId: string, method: 'PUT' | 'DELETE' = 'PUT') => h.app.inject({ method, url: `/product/${productId}/watch`, headers: auth(user.accessToken) });
const price = (user: TestUser, productId: string, resalePrice: number) =>
  h.app.inject({ method: 'PUT', url: `/addedproducts/${productId}/price`, headers: auth(user.accessToken), payload: { resalePrice } });
const told = async (user: TestUser) => json<{ items: Notification[] }>(await h.app.inject({ method: 'GET', url: '/notifications', headers: auth(user.accessToken) })).items;

describe('watching a phone', () => {
  it('tells the watcher when its price goes down, with both prices; not when it goes up, nor after unwatching', async () => {
    const seller = await h.register('Seller');
    const buyer = await h.register('Buyer');
    const productId = await h.createProduct(seller, { name: 'iPhone 13', resalePrice: 45000, originalPrice: 90000 });
    expect(json(await watch(buyer, productId))).toEqual({ watching: true });
    expect(json(await watch(buyer, productId))).toEqual({ watching: true });
    expect(json(await h.app.inject({ method: 'GET', url: `/product/${productId}/watch`, headers: auth(buyer.accessToken) }))).toEqual({ watching: true });

    expect(json(await price(seller, productId, 39000))).toEqual({ _id: productId, resalePrice: 39000 });
    expect(await told(buyer)).toMatchObject([{ kind: 'price-drop', link: `/product/${productId}`, params: { productName: 'iPhone 13', oldPrice: 45000, newPrice: 39000 } }]);
    expect((await price(seller, productId, 41000)).statusCode).toBe(200);
    expect(await told(buyer)).toHaveLength(1);

    expect(json(await watch(buyer, productId, 'DELETE'))).toEqual({ watching: false });
    await price(seller, productId, 35000);
    expect(await told(buyer)).toHaveLength(1);
    const page = json<{ resalePrice: number }>(await h.app.inject({ method: 'GET', url: `/product/${productId}`, headers: auth(buyer.accessToken) }));
    expect(page.resalePrice).toBe(35000);
  });

  it('tells the watchers when it is sold, but not its buyer; a watcher who booked hears it once', async () => {
    const seller = await h.register('Seller');
    const [winner, watcher, bookerWatcher] = [await h.register('Buyer'), await h.register('Buyer'), await h.register('Buyer')];
    const productId = await h.createProduct(seller, { name: 'Pixel 8' });
    for (const user of [winner, watcher, bookerWatcher]) await watch(user, productId);
    await h.book(bookerWatcher, productId);
    const bookingId = await h.book(winner, productId);
    const transactionId = await h.payByCard(winner, bookingId);
    await h.app.inject({ method: 'POST', url: '/payments', headers: auth(winner.accessToken), payload: { bookingId, transactionId } });
    expect((await told(watcher)).map((item) => item.kind)).toEqual(['watched-sold']);
    expect((await told(bookerWatcher)).map((item) => item.kind)).toEqual(['sold-elsewhere']);
    expect((await told(winner)).map((item) => item.kind)).toEqual(['paid']);
    expect((await watch(watcher, productId)).statusCode).toBe(409);
  });

  it('refuses an unknown phone, your own, a price above the original, and another seller\'s listing', async () => {
    const seller = await h.register('Seller');
    const other = await h.register('Seller');
    const productId = await h.createProduct(seller, { resalePrice: 40000, originalPrice: 50000 });
    expect((await watch(seller, productId)).statusCode).toBe(409);
    expect((await watch(await h.register('Buyer'), '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const above = await price(seller, productId, 60000);
    expect(above.statusCode).toBe(400);
    expect(json<{ message: string }>(above).message).toBe('Resale price cannot be more than the original price');
    expect((await price(other, productId, 30000)).statusCode).toBe(403);
    expect((await price(seller, productId, 0)).statusCode).toBe(400);
    const page = json<{ resalePrice: number }>(await h.app.inject({ method: 'GET', url: `/product/${productId}`, headers: auth(seller.accessToken) }));
    expect(page.resalePrice).toBe(40000);
  });
});
