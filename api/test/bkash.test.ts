// Paying from bKash (issue 32) against the local bKash: the happy path, every way it fails, and never twice.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_WALLETS } from '@phonehaat/fake-bkash';
import type { Booking, WalletPaymentResult } from '@phonehaat/shared-api';
import { payments, refunds } from '../src/db/schema.js';
import { auth, createHarness, json, type Harness, type TestUser } from './support/harness.js';

let h: Harness;
let seller: TestUser;
let buyer: TestUser;

const complete = (bookingId: string, paymentId: string, status = 'success', who = buyer) =>
  h.app.inject({ method: 'POST', url: '/payments/bkash/complete', headers: auth(who.accessToken), payload: { bookingId, paymentId, status } });
const start = (bookingId: string, who = buyer) => h.app.inject({ method: 'POST', url: '/payments/bkash/start', headers: auth(who.accessToken), payload: { bookingId } });
const bookingOf = async (bookingId: string, who = buyer) =>
  json<Booking>(await h.app.inject({ method: 'GET', url: `/bookings/${bookingId}`, headers: auth(who.accessToken) }));
/** A fresh phone of the seller's at this price, booked by the buyer. */
const freshBooking = async (resalePrice = 21000, who = buyer) => h.book(who, await h.createProduct(seller, { resalePrice }));
const paymentsOf = (bookingId: string) => h.database.db.select().from(payments).where(eq(payments.bookingId, bookingId));

beforeAll(async () => {
  h = await createHarness();
  seller = await h.register('Seller');
  buyer = await h.register('Buyer');
});
afterAll(() => h.close());

describe('paying with bKash', () => {
  it('offers bKash beside the card', async () => {
    expect(json(await h.app.inject({ method: 'GET', url: '/payment-methods' }))).toEqual(['bkash', 'nagad', 'sslcommerz', 'card']);
  });

  it('asks bKash for the stored price, executes the approved payment once and records the sale', async () => {
    const bookingId = await freshBooking(21000);
    const executes = h.bkash.counts.executes;
    const { paymentId, status } = await h.approveBkash(buyer, bookingId);
    expect(status).toBe('success');
    expect(h.bkash.payments.get(paymentId)).toMatchObject({ amount: '21000', currency: 'BDT', state: 'Authorized' });

    const done = await complete(bookingId, paymentId);
    expect(done.statusCode).toBe(200);
    const { trxID } = h.bkash.payments.get(paymentId)!;
    expect(json(done)).toEqual({ outcome: 'paid', transactionId: trxID });
    expect(await bookingOf(bookingId)).toMatchObject({ paid: true, state: 'paid', transactionId: trxID, paymentMethod: 'bkash' });
    expect(await paymentsOf(bookingId)).toEqual([expect.objectContaining({ amount: 2_100_000, currency: 'bdt', method: 'bkash' })]);

    // The callback again (a reload, bKash sending it twice): the same answer, nothing new.
    expect(json(await complete(bookingId, paymentId))).toEqual({ outcome: 'paid', transactionId: trxID });
    expect(h.bkash.counts.executes - executes).toBe(1);
    expect(await paymentsOf(bookingId)).toHaveLength(1);
    expect((await start(bookingId)).statusCode).toBe(409);
  });

  it('gives two tabs (or a double click) the same bKash payment, and executes it once when both come back', async () => {
    const bookingId = await freshBooking();
    const creates = h.bkash.counts.creates;
    const [a, b] = await Promise.all([start(bookingId), start(bookingId)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(json<{ redirectUrl: string }>(a).redirectUrl).toBe(json<{ redirectUrl: string }>(b).redirectUrl);
    expect(h.bkash.counts.creates - creates).toBe(1);

    const { paymentId } = await h.approveBkash(buyer, bookingId);
    const executes = h.bkash.counts.executes;
    const both = await Promise.all([complete(bookingId, paymentId), complete(bookingId, paymentId)]);
    expect(both.map((response) => response.statusCode)).toEqual([200, 200]);
    expect(new Set(both.map((response) => json<{ transactionId: string }>(response).transactionId)).size).toBe(1);
    expect(h.bkash.counts.executes - executes).toBe(1);
    expect(await paymentsOf(bookingId)).toHaveLength(1);
  });

  it('says why a payment failed (cancelled, no balance, wrong PIN) and leaves the booking payable', async () => {
    const bookingId = await freshBooking();
    const cancelled = await h.approveBkash(buyer, bookingId, { cancel: true });
    expect(cancelled.status).toBe('cancel');
    expect(json(await complete(bookingId, cancelled.paymentId, 'cancel'))).toEqual({ outcome: 'failed', reason: 'cancelled' });

    const poor = await h.approveBkash(buyer, bookingId, { wallet: TEST_WALLETS.insufficientBalance });
    expect(poor.paymentId).not.toBe(cancelled.paymentId);
    expect(json(await complete(bookingId, poor.paymentId))).toEqual({ outcome: 'failed', reason: 'insufficient_balance' });
    // Reloading the page keeps the precise reason.
    expect(json(await complete(bookingId, poor.paymentId))).toEqual({ outcome: 'failed', reason: 'insufficient_balance' });

    const start3 = await start(bookingId);
    const { redirectUrl } = json<{ redirectUrl: string }>(start3);
    const paymentId = new URL(redirectUrl).searchParams.get('paymentId')!;
    const { walkPaymentPage } = await import('@phonehaat/fake-bkash');
    for (let i = 0; i < 3; i += 1) await walkPaymentPage(redirectUrl, { pin: '00000' });
    expect(json(await complete(bookingId, paymentId, 'failure'))).toEqual({ outcome: 'failed', reason: 'declined' });

    expect(await bookingOf(bookingId)).toMatchObject({ paid: false, state: 'waiting', available: true });
    const paid = await h.approveBkash(buyer, bookingId);
    expect(json<WalletPaymentResult>(await complete(bookingId, paid.paymentId)).outcome).toBe('paid');
  });

  it('refuses bad callbacks with a clear 4xx and records nothing', async () => {
    const bookingId = await freshBooking();
    const other = await freshBooking();
    const { redirectUrl } = json<{ redirectUrl: string }>(await start(bookingId));
    const paymentId = new URL(redirectUrl).searchParams.get('paymentId')!;

    // Forged: "success" for a payment nobody approved on bKash's page.
    const forged = await complete(bookingId, paymentId);
    expect(forged.statusCode).toBe(409);
    expect(json<{ message: string }>(forged).message).toMatch(/bKash has not completed this payment/);
    expect((await complete(other, paymentId)).statusCode).toBe(400);
    expect((await complete(bookingId, 'TR0011UNKNOWN00')).statusCode).toBe(404);
    expect((await complete(bookingId, paymentId, 'paid')).statusCode).toBe(400);
    expect((await complete(bookingId, 'not a payment id!')).statusCode).toBe(400);
    const stranger = await h.register('Buyer');
    expect((await complete(bookingId, paymentId, 'success', stranger)).statusCode).toBe(403);
    expect((await start(bookingId, stranger)).statusCode).toBe(403);
    expect((await h.app.inject({ method: 'POST', url: '/payments/upay/start', headers: auth(buyer.accessToken), payload: { bookingId } })).statusCode).toBe(400);

    // Cancelled on bKash's page, then "success" replayed: bKash refuses to execute it.
    await h.approveBkash(buyer, bookingId, { cancel: true });
    const replayed = await complete(bookingId, paymentId);
    expect(replayed.statusCode).toBe(200);
    expect(json(replayed)).toEqual({ outcome: 'failed', reason: 'cancelled' });
    expect(await paymentsOf(bookingId)).toHaveLength(0);
    expect(await paymentsOf(other)).toHaveLength(0);
  });

  it('refunds through bKash a payment whose amount differs from the booking (the price changed meanwhile)', async () => {
    const productId = await h.createProduct(seller, { resalePrice: 30000 });
    const bookingId = await h.book(buyer, productId);
    const { paymentId } = await h.approveBkash(buyer, bookingId);
    await h.database.db.execute(sql`UPDATE products SET resale_price = 25000 WHERE id = ${productId}`);
    const refused = await complete(bookingId, paymentId);
    expect(refused.statusCode).toBe(409);
    expect(json<{ message: string }>(refused).message).toMatch(/amount paid did not match/);
    expect(h.bkash.payments.get(paymentId)?.refund).toMatchObject({ amount: '30000' });
    expect(await paymentsOf(bookingId)).toHaveLength(0);
    // Again: the same refusal, no second refund.
    const refunds0 = h.bkash.counts.refunds;
    expect((await complete(bookingId, paymentId)).statusCode).toBe(409);
    expect(h.bkash.counts.refunds).toBe(refunds0);
  });

  it('refunds through bKash a payment completed after the phone was sold by card, and tells the buyer', async () => {
    const productId = await h.createProduct(seller, { resalePrice: 18000 });
    const bookingId = await h.book(buyer, productId);
    const { paymentId } = await h.approveBkash(buyer, bookingId);
    const rival = await h.register('Buyer');
    const rivalBooking = await h.book(rival, productId);
    const card = await h.payByCard(rival, rivalBooking);
    expect((await h.app.inject({ method: 'POST', url: '/payments', headers: auth(rival.accessToken), payload: { bookingId: rivalBooking, transactionId: card } })).statusCode).toBe(201);

    const late = await complete(bookingId, paymentId);
    expect(late.statusCode).toBe(409);
    expect(json<{ message: string }>(late).message).toMatch(/sold to another buyer; your payment has been refunded/);
    expect(h.bkash.payments.get(paymentId)?.refund).toMatchObject({ amount: '18000' });
    expect(await h.database.db.select().from(refunds).where(eq(refunds.providerPaymentId, paymentId))).toEqual([expect.objectContaining({ method: 'bkash', amount: 1_800_000 })]);
    expect(await bookingOf(bookingId)).toMatchObject({ paid: false, state: 'refunded' });
    expect(await paymentsOf(bookingId)).toHaveLength(0);
  });

  it('sells the phone once when a card and bKash pay for it at the same moment', async () => {
    const productId = await h.createProduct(seller, { resalePrice: 19000 });
    const bookingId = await h.book(buyer, productId);
    const { paymentId } = await h.approveBkash(buyer, bookingId);
    const rival = await h.register('Buyer');
    const rivalBooking = await h.book(rival, productId);
    const card = await h.payByCard(rival, rivalBooking);
    const [byCard, byBkash] = await Promise.all([
      h.app.inject({ method: 'POST', url: '/payments', headers: auth(rival.accessToken), payload: { bookingId: rivalBooking, transactionId: card } }),
      complete(bookingId, paymentId),
    ]);
    // One wins (the card's 201 or bKash's 200), the other hears 409 with why.
    const bkashWon = byBkash.statusCode === 200;
    expect([byCard.statusCode, byBkash.statusCode]).toEqual(bkashWon ? [409, 200] : [201, 409]);
    expect([...(await paymentsOf(bookingId)), ...(await paymentsOf(rivalBooking))]).toHaveLength(1);
    // The loser's money went back the way it came.
    const bkashRefunded = Boolean(h.bkash.payments.get(paymentId)?.refund);
    const cardRefunded = [...h.stripe.refunds.values()].some((refund) => refund.payment_intent === card);
    expect([bkashRefunded, cardRefunded].filter(Boolean)).toHaveLength(1);
  });

  it('answers "pending" when bKash is too slow, and records the payment once it answers', async () => {
    const bookingId = await freshBooking();
    const { paymentId } = await h.approveBkash(buyer, bookingId);
    h.bkash.switches.delayMs = 2500;
    try {
      const slow = await complete(bookingId, paymentId);
      expect(slow.statusCode).toBe(202);
      expect(json(slow)).toEqual({ outcome: 'pending' });
    } finally {
      h.bkash.switches.delayMs = 0;
    }
    // bKash had executed it; asked again, its record says so.
    expect(h.bkash.payments.get(paymentId)?.state).toBe('Completed');
    expect(json<WalletPaymentResult>(await complete(bookingId, paymentId)).outcome).toBe('paid');
    expect(await paymentsOf(bookingId)).toHaveLength(1);
  });

  it('answers 502 and records nothing while bKash cannot be reached, then records the payment once it can', async () => {
    const bookingId = await freshBooking();
    const { paymentId } = await h.approveBkash(buyer, bookingId);
    h.bkash.switches.offline = true;
    try {
      const unreachable = await complete(bookingId, paymentId);
      expect(unreachable.statusCode).toBe(502);
      expect(json<{ message: string }>(unreachable).message).toMatch(/bKash could not be reached to confirm the payment/);
      expect((await start(await freshBooking())).statusCode).toBe(502);
    } finally {
      h.bkash.switches.offline = false;
    }
    expect(await paymentsOf(bookingId)).toHaveLength(0);
    expect(json<WalletPaymentResult>(await complete(bookingId, paymentId)).outcome).toBe('paid');
  });

  it('reuses one grant token for every payment, and renews one bKash refuses with the refresh token', async () => {
    expect(h.bkash.counts.creates).toBeGreaterThan(5);
    expect(h.bkash.counts.grants).toBe(1);
    h.bkash.revokeTokens();
    const bookingId = await freshBooking();
    const { paymentId } = await h.approveBkash(buyer, bookingId);
    expect(json<WalletPaymentResult>(await complete(bookingId, paymentId)).outcome).toBe('paid');
    expect(h.bkash.counts).toMatchObject({ grants: 1, refreshes: 1 });
  });
});
