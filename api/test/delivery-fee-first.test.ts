// Cash on delivery for a buyer whose cash parcels were refused at the door too often (issue 45): the delivery fee is
// paid online first (by card or bKash, held by nobody: owed to the courier), the seller sends only then, the rider
// collects the phone's price alone; refused again, the fee is not given back (it paid the courier's trip).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking, Delivery, DeliveryQuote, NotificationPage } from '@phonehaat/shared-api';
import { sql } from 'drizzle-orm';
import { createHarness, json, type Harness, type TestUser } from './support/harness.js';
import { courierKit, eventually } from './support/courier.js';

let h: Harness;
beforeAll(async () => {
  // One refusal is enough to pay the fee first.
  h = await createHarness({ COD_CAP: '60000', COD_REFUSALS_ALLOWED: '0', COURIER_POLL_AFTER_SECONDS: '0' });
  await h.integratePathao();
});
afterAll(() => h.close());

const { call, courierSeller, bookByCourier, until } = courierKit(() => h);

/** Moves a sent parcel along to the door, then `last` (deliver or refuse), waiting for each step. */
async function travel(buyer: TestUser, bookingId: string, consignmentId: string, last: 'deliver' | 'refuse') {
  for (const [move, status] of [['pickup', 'picked-up'], ['transit', 'in-transit'], ['out-for-delivery', 'out-for-delivery'], [last, last === 'deliver' ? 'delivered' : 'returned']] as const) {
    h.pathao.move(consignmentId, move);
    await until(buyer, bookingId, status);
  }
}

/** A buyer who refused one cash parcel at the door. */
async function refuser() {
  const buyer = await h.register('Buyer');
  const { seller, productId } = await courierSeller(20_000);
  const bookingId = json<{ insertedId: string }>(await bookByCourier(buyer, productId)).insertedId;
  const consignmentId = json<Delivery>(await call(seller, 'POST', `/bookings/${bookingId}/parcel`)).parcel!.consignmentId;
  await travel(buyer, bookingId, consignmentId, 'refuse');
  return buyer;
}

const ledgerOf = async (bookingId: string) =>
  ((await h.database.db.execute(sql`SELECT movement, account, amount::int AS amount FROM ledger_entries WHERE booking_id = ${bookingId} ORDER BY id`)) as unknown as { rows: { movement: string; account: string; amount: number }[] }).rows;

describe('cash on delivery after parcels were refused at the door', () => {
  it('is quoted with the fee first and says why; the seller cannot send before the fee is paid', async () => {
    const buyer = await refuser();
    const { seller, productId } = await courierSeller(45_000);
    const quote = json<DeliveryQuote>(await call(buyer, 'GET', `/delivery/quote?productId=${productId}&district=sylhet`));
    expect(quote.cashOnDelivery).toEqual({ allowed: true, cap: 60_000, feeFirst: true, reason: 'refused-before' });
    // Someone who refused nothing pays nothing first.
    const other = json<DeliveryQuote>(await call(await h.register('Buyer'), 'GET', `/delivery/quote?productId=${productId}&district=sylhet`));
    expect(other.cashOnDelivery).toEqual({ allowed: true, cap: 60_000, feeFirst: false, reason: null });

    const booked = await bookByCourier(buyer, productId, 'cash');
    expect(booked.statusCode, booked.body).toBe(201);
    const bookingId = json<{ insertedId: string }>(booked).insertedId;
    const booking = json<Booking>(await call(buyer, 'GET', `/bookings/${bookingId}`));
    expect(booking).toMatchObject({ paid: false, state: 'cash-on-delivery', delivery: { cashOnDelivery: true, feeFirst: true, feePaid: false, deliveryFee: 110 } });
    const early = await call(seller, 'POST', `/bookings/${bookingId}/parcel`, undefined, 'bn');
    expect(early.statusCode).toBe(409);
    expect(json(early).message).toBe('ক্রেতা আগে অনলাইনে ডেলিভারি চার্জ দেবেন: দিলে ফোনটি পাঠান');
    expect(h.pathao.parcels.size).toBeGreaterThan(0);
    // The phone stays on sale until the fee is paid.
    expect(json<{ status: string }>(await call(buyer, 'GET', `/product/${productId}`)).status).toBe('available');
  });

  it('charges the fee alone online, reserves the phone, tells the seller; the rider collects the price only; held and released as any sale', async () => {
    const buyer = await refuser();
    const { seller, productId } = await courierSeller(45_000);
    const bookingId = json<{ insertedId: string }>(await bookByCourier(buyer, productId, 'cash')).insertedId;
    const intent = await call(buyer, 'POST', '/create-payment-intent', { bookingId });
    expect(json(intent)).toMatchObject({ amount: 110, currency: 'bdt' });
    const transactionId = await h.payByCard(buyer, bookingId);
    const paid = await call(buyer, 'POST', '/payments', { bookingId, transactionId });
    expect(paid.statusCode, paid.body).toBe(201);
    // Recording it again is harmless; paying again is refused before anything is charged.
    expect((await call(buyer, 'POST', '/payments', { bookingId, transactionId })).statusCode).toBe(201);
    expect(json(await call(buyer, 'POST', '/create-payment-intent', { bookingId }))).toMatchObject({ statusCode: 409, message: 'The delivery fee is paid already: the phone is paid in cash at the door' });
    expect(json(await call(buyer, 'POST', '/payments/bkash/start', { bookingId }))).toMatchObject({ statusCode: 409 });

    const booking = json<Booking>(await call(buyer, 'GET', `/bookings/${bookingId}`));
    expect(booking).toMatchObject({ paid: false, state: 'cash-on-delivery', transactionId, delivery: { feeFirst: true, feePaid: true } });
    expect(json<{ status: string }>(await call(buyer, 'GET', `/product/${productId}`)).status).toBe('sold');
    const told = json<NotificationPage>(await call(seller, 'GET', '/notifications')).items.find((item) => item.kind === 'fee-paid');
    expect(told?.params).toMatchObject({ productName: 'Galaxy S21', amount: 110 });
    expect(await ledgerOf(bookingId)).toEqual([
      { movement: 'paid', account: 'provider:card', amount: 11_000 },
      { movement: 'paid', account: 'courier:pathao', amount: -11_000 },
    ]);

    const sent = await call(seller, 'POST', `/bookings/${bookingId}/parcel`);
    expect(sent.statusCode, sent.body).toBe(201);
    const { parcel } = json<Delivery>(sent);
    expect(parcel).toMatchObject({ cashToCollect: 45_000 });
    expect(h.pathao.parcels.get(parcel!.consignmentId)).toMatchObject({ amount_to_collect: 45_000 });
    await travel(buyer, bookingId, parcel!.consignmentId, 'deliver');
    const held = await eventually(async () => json<Booking>(await call(buyer, 'GET', `/bookings/${bookingId}`)), (seen) => seen.paid);
    expect(held).toMatchObject({ paid: true, state: 'paid', paymentMethod: 'cash' });
    expect((await call(buyer, 'POST', `/bookings/${bookingId}/received`)).statusCode).toBe(200);
    const lines = await ledgerOf(bookingId);
    expect(lines.reduce((sum, line) => sum + line.amount, 0)).toBe(0);
    // The courier owes the price it collected, less the fee PhoneHaat owes it.
    expect(lines.filter((line) => line.account === 'courier:pathao').reduce((sum, line) => sum + line.amount, 0)).toBe(4_500_000 - 11_000);
  });

  it('refused again: the phone is on sale again, the fee kept (it paid the trip), nothing else charged', async () => {
    const buyer = await refuser();
    const { seller, productId } = await courierSeller(30_000);
    const bookingId = json<{ insertedId: string }>(await bookByCourier(buyer, productId, 'cash')).insertedId;
    const { paymentId } = await h.approveBkash(buyer, bookingId);
    const done = await call(buyer, 'POST', '/payments/bkash/complete', { bookingId, paymentId, status: 'success' });
    expect(json(done)).toMatchObject({ outcome: 'paid' });
    const consignmentId = json<Delivery>(await call(seller, 'POST', `/bookings/${bookingId}/parcel`)).parcel!.consignmentId;
    await travel(buyer, bookingId, consignmentId, 'refuse');
    const product = await eventually(async () => json<{ status: string }>(await call(buyer, 'GET', `/product/${productId}`)), (seen) => seen.status === 'available');
    expect(product.status).toBe('available');
    expect(json<Booking>(await call(buyer, 'GET', `/bookings/${bookingId}`))).toMatchObject({ paid: false, state: 'returned', held: null });
    expect(await ledgerOf(bookingId)).toEqual([
      { movement: 'paid', account: 'provider:bkash', amount: 11_000 },
      { movement: 'paid', account: 'courier:pathao', amount: -11_000 },
    ]);
  });

  it('refunds a fee paid for a phone someone else bought meanwhile, and never takes money online for plain cash on delivery', async () => {
    const buyer = await refuser();
    const { productId } = await courierSeller(25_000);
    const bookingId = json<{ insertedId: string }>(await bookByCourier(buyer, productId, 'cash')).insertedId;
    // The buyer opens the card form for the fee...
    const intent = await call(buyer, 'POST', '/create-payment-intent', { bookingId });
    expect(intent.statusCode).toBe(200);
    const intentId = json<{ clientSecret: string }>(intent).clientSecret.split('_secret_')[0]!;
    // Another buyer pays for the phone in full meanwhile...
    const rival = await h.register('Buyer');
    const rivalBooking = await h.book(rival, productId);
    expect((await call(rival, 'POST', '/payments', { bookingId: rivalBooking, transactionId: await h.payByCard(rival, rivalBooking) })).statusCode).toBe(201);
    // ...and pays it after.
    const transactionId = (await h.stripeClient.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' })).id;
    const late = await call(buyer, 'POST', '/payments', { bookingId, transactionId });
    expect(json(late)).toMatchObject({ statusCode: 409, message: 'Sorry, this phone was sold to another buyer; your payment has been refunded.' });
    const refunds = (await h.database.db.execute(sql`SELECT amount::int AS amount FROM refunds WHERE booking_id = ${bookingId}`)) as unknown as { rows: { amount: number }[] };
    expect(refunds.rows).toEqual([{ amount: 11_000 }]);
    expect((await ledgerOf(bookingId)).reduce((sum, line) => sum + line.amount, 0)).toBe(0);

    // A buyer who refused nothing pays the rider everything: nothing is taken online.
    const { productId: another } = await courierSeller(25_000);
    const plain = await h.register('Buyer');
    const plainBooking = json<{ insertedId: string }>(await bookByCourier(plain, another, 'cash')).insertedId;
    expect(json(await call(plain, 'POST', '/create-payment-intent', { bookingId: plainBooking }))).toMatchObject({
      statusCode: 409,
      message: 'This phone is paid in cash at the door: nothing is paid online',
    });
  });
});
