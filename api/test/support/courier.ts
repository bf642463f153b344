// Courier delivery's test helpers (issue 45): a seller who sends by courier, a booking sent to Sylhet, the parcel's
// webhooks and its steps, over one harness with the local Pathao integrated.
import { expect } from 'vitest';
import type { Delivery } from '@phonehaat/shared-api';
import { DEV_WEBHOOK_SECRET } from '@phonehaat/fake-pathao';
import { auth, json, type Harness, type TestUser } from './harness.js';

export const dhanmondi = { name: 'Rahim Uddin', phone: '01811-000111', division: 'dhaka', district: 'dhaka', area: 'Dhanmondi', street: 'House 5, Road 27, near Rapa Plaza' };
export const sylhet = { name: 'Nusrat Jahan', phone: '+880 1712 345678', division: 'sylhet', district: 'sylhet', area: 'Zindabazar', street: 'House 12, Road 3, near the Jame Masjid' };

/**
 * Asks again (every 50 ms, up to `tries` times) until `done` holds of the answer, for what happens just after an
 * answer (a webhook's follow-up): the last answer either way, so the test's own expectation shows what differs.
 */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, tries = 100): Promise<T> {
  let value = await read();
  for (let tried = 1; tried < tries && !done(value); tried++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}

/** The helpers, over the harness a test file made (`() => h`: it is made in beforeAll). */
export function courierKit(harness: () => Harness) {
  const call = (user: TestUser | undefined, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, language = 'en') =>
    harness().app.inject({ method, url, headers: { ...(user ? auth(user.accessToken) : {}), 'accept-language': language }, ...(payload ? { payload } : {}) });

  /** A seller in Dhaka who sends by courier, with a phone at this price. */
  async function courierSeller(resalePrice = 45_000) {
    const seller = await harness().register('Seller', 'Rahim Uddin');
    expect((await call(seller, 'PUT', '/pickup-address', dhanmondi)).statusCode).toBe(200);
    const productId = await harness().createProduct(seller, { name: 'Galaxy S21', resalePrice, originalPrice: 90_000 });
    return { seller, productId };
  }
  const bookByCourier = async (buyer: TestUser, productId: string, payment: 'cash' | 'online' = 'cash', address: object = sylhet) =>
    call(buyer, 'POST', '/bookeditems', { id: productId, phone: '01712345678', courier: { address, payment } });
  const webhook = (body: object, signature = DEV_WEBHOOK_SECRET) =>
    harness().app.inject({ method: 'POST', url: '/webhooks/pathao', headers: { 'x-pathao-signature': signature, 'content-type': 'application/json' }, payload: body });
  const deliveryOf = async (user: TestUser, bookingId: string) => json<Delivery>(await call(user, 'GET', `/bookings/${bookingId}/delivery`));

  /** Waits until the parcel's status is this (webhooks travel by HTTP). */
  async function until(user: TestUser, bookingId: string, status: string) {
    const seen = await eventually(() => deliveryOf(user, bookingId), (delivery) => delivery.parcel?.status === status);
    if (seen.parcel?.status !== status) throw new Error(`the parcel never became ${status}`);
    return seen;
  }

  /** A phone booked to Sylhet with cash on delivery, sent by its seller. */
  async function sentParcel(resalePrice = 45_000) {
    const { seller, productId } = await courierSeller(resalePrice);
    const buyer = await harness().register('Buyer');
    const bookingId = json<{ insertedId: string }>(await bookByCourier(buyer, productId)).insertedId;
    const consignmentId = json<Delivery>(await call(seller, 'POST', `/bookings/${bookingId}/parcel`)).parcel!.consignmentId;
    return { seller, buyer, bookingId, consignmentId };
  }

  /** A phone to Sylhet paid online by card (the phone and the fee), sent by its seller. */
  async function prepaidParcel(resalePrice = 30_000) {
    const { seller, productId } = await courierSeller(resalePrice);
    const buyer = await harness().register('Buyer');
    const bookingId = json<{ insertedId: string }>(await bookByCourier(buyer, productId, 'online')).insertedId;
    const transactionId = await harness().payByCard(buyer, bookingId);
    const paid = await call(buyer, 'POST', '/payments', { bookingId, transactionId });
    expect(paid.statusCode, paid.body).toBe(201);
    const consignmentId = json<Delivery>(await call(seller, 'POST', `/bookings/${bookingId}/parcel`)).parcel!.consignmentId;
    return { seller, buyer, bookingId, consignmentId, productId };
  }

  return { call, courierSeller, bookByCourier, webhook, deliveryOf, until, sentParcel, prepaidParcel };
}
