import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createHarness, firebaseSignIn, firebaseSignUp, json, uniqueEmail, type Harness } from './support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

type Seller = { _id: string; email: string; verified: boolean; listings: number };
type Buyer = { _id: string; email: string; bookings: number };

describe('moderating sellers', () => {
  it('lists sellers with their verified flag and number of listings', async () => {
    const admin = await h.admin();
    const seller = await h.register('Seller');
    await h.createProduct(seller);
    await h.createProduct(seller);
    const list = json<Seller[]>(await h.app.inject({ method: 'GET', url: '/users/allsellers', headers: auth(admin.accessToken) }));
    expect(list.find((s) => s.email === seller.email)).toMatchObject({ _id: seller.id, verified: false, listings: 2, role: 'Seller' });
    expect(list.every((s) => (s as unknown as { role: string }).role === 'Seller')).toBe(true);
  });

  it("verifies a seller, whose listings then carry the badge; repeat changes nothing; unknown is 404", async () => {
    const admin = await h.admin();
    const seller = await h.register('Seller');
    const productId = await h.createProduct(seller);
    await h.app.inject({ method: 'POST', url: '/advertisedproducts', headers: auth(seller.accessToken), payload: { id: productId } });
    const verify = (id: string) => h.app.inject({ method: 'PUT', url: `/seller/verify/${id}`, headers: auth(admin.accessToken) });
    expect(json(await verify(seller.id))).toEqual({ modifiedCount: 1 });
    expect(json(await verify(seller.id))).toEqual({ modifiedCount: 0 });
    const advertised = json<{ _id: string; sellerVerified: boolean }[]>(await h.app.inject({ method: 'GET', url: '/advertised?limit=50' }));
    expect(advertised.find((p) => p._id === productId)?.sellerVerified).toBe(true);

    expect((await verify('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const buyer = await h.register('Buyer');
    expect((await verify(buyer.id)).statusCode).toBe(404);
    expect((await verify('1')).statusCode).toBe(400);
  });

  it('removes a seller: their listings leave the storefront and they can no longer sign in', async () => {
    const admin = await h.admin();
    const seller = await h.register('Seller');
    const productId = await h.createProduct(seller, { brandId: h.brandIds.Samsung });
    await h.app.inject({ method: 'POST', url: '/advertisedproducts', headers: auth(seller.accessToken), payload: { id: productId } });

    const removed = await h.app.inject({ method: 'DELETE', url: `/seller/${seller.id}`, headers: auth(admin.accessToken) });
    expect(json(removed)).toEqual({ deletedCount: 1 });

    const advertised = json<{ _id: string }[]>(await h.app.inject({ method: 'GET', url: '/advertised?limit=50' }));
    expect(advertised.some((p) => p._id === productId)).toBe(false);
    const page = json<{ products: { _id: string }[] }>(
      await h.app.inject({ method: 'GET', url: `/products/${h.brandIds.Samsung}?limit=50`, headers: auth(admin.accessToken) }),
    );
    expect(page.products.some((p) => p._id === productId)).toBe(false);
    // Their still-valid access token stops working at once, and Firebase refuses the password.
    expect((await h.app.inject({ method: 'GET', url: `/addedproducts?email=${seller.email}`, headers: auth(seller.accessToken) })).statusCode).toBe(401);
    const signIn = await firebaseSignIn(seller.email, seller.password);
    expect(signIn.error?.message).toMatch(/USER_DISABLED/);
    expect((await h.app.inject({ method: 'GET', url: `/jwt?email=${seller.email}`, headers: auth(seller.idToken) })).statusCode).toBe(401);
    expect((await h.app.inject({ method: 'DELETE', url: `/seller/${seller.id}`, headers: auth(admin.accessToken) })).statusCode).toBe(404);
    const sellers = json<Seller[]>(await h.app.inject({ method: 'GET', url: '/users/allsellers', headers: auth(admin.accessToken) }));
    expect(sellers.some((s) => s._id === seller.id)).toBe(false);
  });

  it("keeps a removed seller's sold phone in its buyer's order history", async () => {
    const admin = await h.admin();
    const seller = await h.register('Seller');
    const buyer = await h.register('Buyer');
    const bookingId = await h.book(buyer, await h.createProduct(seller));
    const transactionId = await h.payByCard(buyer, bookingId);
    await h.app.inject({ method: 'POST', url: '/payments', headers: auth(buyer.accessToken), payload: { bookingId, transactionId } });
    await h.app.inject({ method: 'DELETE', url: `/seller/${seller.id}`, headers: auth(admin.accessToken) });
    const orders = json<{ _id: string; paid: boolean; transactionId: string }[]>(
      await h.app.inject({ method: 'GET', url: `/bookeditems?email=${buyer.email}`, headers: auth(buyer.accessToken) }),
    );
    expect(orders).toEqual([expect.objectContaining({ _id: bookingId, paid: true, transactionId })]);
  });
});

describe('moderating buyers', () => {
  it('lists buyers with their number of bookings, and removes one who then cannot sign in or re-register', async () => {
    const admin = await h.admin();
    const seller = await h.register('Seller');
    const buyer = await h.register('Buyer');
    await h.book(buyer, await h.createProduct(seller));
    const list = json<Buyer[]>(await h.app.inject({ method: 'GET', url: '/users/allbuyers', headers: auth(admin.accessToken) }));
    expect(list.find((b) => b.email === buyer.email)).toMatchObject({ _id: buyer.id, bookings: 1 });

    expect((await h.app.inject({ method: 'DELETE', url: `/buyer/${seller.id}`, headers: auth(admin.accessToken) })).statusCode).toBe(404);
    expect(json(await h.app.inject({ method: 'DELETE', url: `/buyer/${buyer.id}`, headers: auth(admin.accessToken) }))).toEqual({ deletedCount: 1 });
    expect((await firebaseSignIn(buyer.email, buyer.password)).error?.message).toMatch(/USER_DISABLED/);
    expect((await h.app.inject({ method: 'GET', url: `/bookeditems?email=${buyer.email}`, headers: auth(buyer.accessToken) })).statusCode).toBe(401);
  });

  it('does not let a removed email come back through POST /users', async () => {
    const admin = await h.admin();
    const email = uniqueEmail('comeback');
    const first = await firebaseSignUp(email);
    const created = await h.app.inject({ method: 'POST', url: '/users', headers: auth(first.idToken), payload: { name: 'Back', email, role: 'Buyer' } });
    const id = json<{ user: { _id: string } }>(created).user._id;
    await h.app.inject({ method: 'DELETE', url: `/buyer/${id}`, headers: auth(admin.accessToken) });
    // Even holding an ID token minted before the removal.
    const again = await h.app.inject({ method: 'POST', url: '/users', headers: auth(first.idToken), payload: { name: 'Back', email, role: 'Seller' } });
    expect([401, 403]).toContain(again.statusCode);
  });

  it('cannot remove an admin through the buyer or seller calls', async () => {
    const admin = await h.admin();
    expect((await h.app.inject({ method: 'DELETE', url: `/buyer/${admin.id}`, headers: auth(admin.accessToken) })).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'DELETE', url: `/seller/${admin.id}`, headers: auth(admin.accessToken) })).statusCode).toBe(404);
  });
});
