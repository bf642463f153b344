import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createHarness, json, type Harness } from './support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

type Booking = { _id: string; productId: string; name: string; resalePrice: number; userName: string; email: string; paid: boolean; available: boolean };

describe('booking a phone', () => {
  it('takes the buyer, item and price from the server, never the body', async () => {
    const seller = await h.register('Seller');
    const buyer = await h.register('Buyer', 'Tanvir Ahmed');
    const productId = await h.createProduct(seller, { name: 'Galaxy S22', resalePrice: 52000, originalPrice: 99000 });
    // A body that tries to set them is refused, naming the field (issue 66: what an operation does not take is refused).
    const forged = await h.app.inject({
      method: 'POST',
      url: '/bookeditems',
      headers: auth(buyer.accessToken),
      payload: { id: productId, phone: '01811-000111', meetingLocation: 'Uttara, Dhaka', resalePrice: 1, name: 'Free phone', email: 'x@y.z', userName: 'Evil' },
    });
    expect(forged.statusCode).toBe(400);
    expect(json(forged).message).toBe('resalePrice is not a field this operation takes');
    const response = await h.app.inject({ method: 'POST', url: '/bookeditems', headers: auth(buyer.accessToken), payload: { id: productId, phone: '01811-000111', meetingLocation: 'Uttara, Dhaka' } });
    expect(response.statusCode).toBe(201);
    const list = json<Booking[]>(await h.app.inject({ method: 'GET', url: `/bookeditems?email=${buyer.email}`, headers: auth(buyer.accessToken) }));
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ productId, name: 'Galaxy S22', resalePrice: 52000, userName: 'Tanvir Ahmed', email: buyer.email, paid: false, available: true });
  });

  it('409s a second booking of the same phone by the same buyer, with the reason', async () => {
    const seller = await h.register('Seller');
    const buyer = await h.register('Buyer');
    const productId = await h.createProduct(seller);
    await h.book(buyer, productId);
    const again = await h.app.inject({ method: 'POST', url: '/bookeditems', headers: auth(buyer.accessToken), payload: { id: productId, phone: '01811000111', meetingLocation: 'Mirpur' } });
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toMatch(/already booked/);
  });

  it('lets two different buyers book the same phone', async () => {
    const seller = await h.register('Seller');
    const productId = await h.createProduct(seller);
    await h.book(await h.register('Buyer'), productId);
    await expect(h.book(await h.register('Buyer'), productId)).resolves.toMatch(/[0-9a-f-]{36}/);
  });

  it('refuses sellers and admins (buyers only), and unknown or removed phones', async () => {
    const seller = await h.register('Seller');
    const productId = await h.createProduct(seller);
    const payload = { id: productId, phone: '01811000111', meetingLocation: 'Mirpur' };
    expect((await h.app.inject({ method: 'POST', url: '/bookeditems', headers: auth(seller.accessToken), payload })).statusCode).toBe(403);
    expect((await h.app.inject({ method: 'POST', url: '/bookeditems', headers: auth((await h.admin()).accessToken), payload })).statusCode).toBe(403);
    const buyer = await h.register('Buyer');
    const unknown = await h.app.inject({ method: 'POST', url: '/bookeditems', headers: auth(buyer.accessToken), payload: { ...payload, id: '00000000-0000-4000-8000-000000000000' } });
    expect(unknown.statusCode).toBe(404);
    await h.app.inject({ method: 'DELETE', url: `/postedproduct/${productId}`, headers: auth(seller.accessToken) });
    expect((await h.app.inject({ method: 'POST', url: '/bookeditems', headers: auth(buyer.accessToken), payload })).statusCode).toBe(404);
  });

  it('validates the phone number and meeting place', async () => {
    const buyer = await h.register('Buyer');
    const seller = await h.register('Seller');
    const productId = await h.createProduct(seller);
    const response = await h.app.inject({ method: 'POST', url: '/bookeditems', headers: auth(buyer.accessToken), payload: { id: productId, phone: 'abc', meetingLocation: '' } });
    expect(response.statusCode).toBe(400);
    expect(json<{ fields: { field: string }[] }>(response).fields.map((f) => f.field).sort()).toEqual(['meetingLocation', 'phone']);
  });
});

describe('reading bookings', () => {
  it("shows a buyer only their own bookings; another buyer's booking is 403", async () => {
    const seller = await h.register('Seller');
    const buyer = await h.register('Buyer');
    const other = await h.register('Buyer');
    const bookingId = await h.book(buyer, await h.createProduct(seller));
    const own = await h.app.inject({ method: 'GET', url: `/bookings/${bookingId}`, headers: auth(buyer.accessToken) });
    expect(own.statusCode).toBe(200);
    expect(json(own)).toMatchObject({ _id: bookingId, paid: false });
    expect(json(own)).not.toHaveProperty('buyerId');
    expect((await h.app.inject({ method: 'GET', url: `/bookings/${bookingId}`, headers: auth(other.accessToken) })).statusCode).toBe(403);
    expect((await h.app.inject({ method: 'GET', url: `/bookeditems?email=${buyer.email}`, headers: auth(other.accessToken) })).statusCode).toBe(403);
    expect((await h.app.inject({ method: 'GET', url: '/bookings/00000000-0000-4000-8000-000000000000', headers: auth(buyer.accessToken) })).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'GET', url: '/bookings/nope', headers: auth(buyer.accessToken) })).statusCode).toBe(400);
  });
});
