// Paying through Nagad (issue 69) against the local Nagad: RSA-sealed and signed calls, the buyer's approval on Nagad's
// page (number, OTP, PIN), and a payment that counts only once Nagad's verify call confirms it for this merchant, order
// and amount; the browser's return is never believed; a disputed sale is refunded through Nagad once.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_WALLET } from '@phonehaat/fake-nagad';
import type { Booking, MoneyOverview, PaymentReview } from '@phonehaat/shared-api';
import { ledgerEntries, payments, refunds } from '../src/db/schema.js';
import { auth, createHarness, json, type Harness, type TestUser } from './support/harness.js';

let h: Harness;
let seller: TestUser;
let buyer: TestUser;
let admin: TestUser;

const complete = (bookingId: string, paymentId: string, status = 'success', who = buyer) =>
  h.app.inject({ method: 'POST', url: '/payments/nagad/complete', headers: auth(who.accessToken), payload: { bookingId, paymentId, status } });
const bookingOf = async (bookingId: string, who = buyer) => json<Booking>(await h.app.inject({ method: 'GET', url: `/bookings/${bookingId}`, headers: auth(who.accessToken) }));
const freshBooking = async (resalePrice = 21000, who = buyer) => h.book(who, await h.createProduct(seller, { resalePrice }));
const paymentsOf = (bookingId: string) => h.database.db.select().from(payments).where(eq(payments.bookingId, bookingId));
const ledgerTotal = async () => Number((await h.database.db.select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` }).from(ledgerEntries))[0]?.total);
/** Follows Nagad's return to the API's callback: the payment page it sends the buyer on to. */
const returned = async (callback: string) => {
  const back = await h.app.inject({ method: 'GET', url: callback });
  expect(back.statusCode, back.body).toBe(303);
  return new URL(back.headers.location as string);
};

beforeAll(async () => {
  h = await createHarness({ FEE_PERCENT: '5', NEW_SELLER_SALES: '0' });
  seller = await h.register('Seller');
  buyer = await h.register('Buyer');
  admin = await h.admin();
});
afterAll(() => h.close());
beforeEach(() => Object.assign(h.nagad.switches, { noReturn: false, returnDelayMs: 0, verifyAmount: null, slowMs: 0 }));

describe('paying through Nagad', () => {
  it('offers it after bKash, before SSLCommerz and the Stripe card', async () => {
    expect(json(await h.app.inject({ method: 'GET', url: '/payment-methods' }))).toEqual(['bkash', 'nagad', 'sslcommerz', 'card']);
  });

  it("starts a checkout for the stored price, sends the buyer back to their page, and records the sale on Nagad's verify", async () => {
    const bookingId = await freshBooking(21000);
    const { callback, reference } = await h.payNagad(buyer, bookingId, { wallet: '01711000111' });
    const payment = h.nagad.payments.get(reference)!;
    expect(payment).toMatchObject({ amount: '21000', currencyCode: '050', status: 'Success', clientMobileNo: '01711000111' });
    expect(payment.callbackUrl).toMatch(/\/payments\/nagad\/callback$/);

    // The return names the payment; the API sends the buyer on to their page and asks Nagad's verify just after.
    const page = await returned(callback);
    expect(page.pathname).toBe(`/dashboard/payment/${bookingId}`);
    expect(Object.fromEntries(page.searchParams)).toEqual({ method: 'nagad', paymentID: reference, status: 'success' });
    for (let i = 0; i < 100 && (await paymentsOf(bookingId)).length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await paymentsOf(bookingId)).toHaveLength(1);
    expect(json(await complete(bookingId, reference))).toEqual({ outcome: 'paid', transactionId: payment.issuerPaymentRefNo });
    expect(await bookingOf(bookingId)).toMatchObject({ paid: true, state: 'paid', paymentMethod: 'nagad', transactionId: payment.issuerPaymentRefNo });
    expect(await paymentsOf(bookingId)).toEqual([expect.objectContaining({ amount: 2_100_000, currency: 'bdt', method: 'nagad' })]);
    // The page asked again (a reload): the same answer, nothing new.
    expect(json(await complete(bookingId, reference))).toMatchObject({ outcome: 'paid' });
    expect(await paymentsOf(bookingId)).toHaveLength(1);
    expect(await ledgerTotal()).toBe(0);
  });

  it('says why a payment failed (too little balance, cancelled on Nagad\'s page) and leaves the booking payable', async () => {
    const poor = await freshBooking();
    const failed = await h.payNagad(buyer, poor, { wallet: TEST_WALLET.poor });
    expect(Object.fromEntries((await returned(failed.callback)).searchParams)).toMatchObject({ status: 'failure' });
    expect(json(await complete(poor, failed.reference, 'failure'))).toEqual({ outcome: 'failed', reason: 'declined' });
    const cancelled = await freshBooking();
    const left = await h.payNagad(buyer, cancelled, { cancel: true });
    expect(json(await complete(cancelled, left.reference, 'cancel'))).toEqual({ outcome: 'failed', reason: 'cancelled' });
    expect(await bookingOf(poor)).toMatchObject({ paid: false });
  });

  it("refuses a return that claims success for a payment Nagad has not completed, someone else's booking, and an unknown reference", async () => {
    const bookingId = await freshBooking();
    const started = await h.app.inject({ method: 'POST', url: '/payments/nagad/start', headers: auth(buyer.accessToken), payload: { bookingId } });
    const reference = new URL(json<{ redirectUrl: string }>(started).redirectUrl).searchParams.get('ref')!;
    // The buyer never approved: a forged "Success" on the callback is only a hint; verify says it is not paid.
    const forged = await returned(`/payments/nagad/callback?payment_ref_id=${encodeURIComponent(reference)}&status=Success`);
    expect(forged.searchParams.get('status')).toBe('success');
    expect(await paymentsOf(bookingId)).toHaveLength(0);
    const claimed = await complete(bookingId, reference);
    expect(claimed.statusCode).toBe(409);
    expect(json<{ message: string }>(claimed).message).toBe('Nagad has not completed this payment');
    expect(await paymentsOf(bookingId)).toHaveLength(0);

    const other = await h.register('Buyer');
    const theirs = await freshBooking(21000, other);
    expect((await complete(theirs, reference, 'success', other)).statusCode).toBe(400);
    expect((await complete(bookingId, reference, 'success', other)).statusCode).toBe(403);
    const unknown = await h.app.inject({ method: 'GET', url: '/payments/nagad/callback?payment_ref_id=MTIzNDU2Nzg5MA%3D%3D&status=Success', headers: { 'accept-language': 'bn' } });
    expect(unknown.statusCode).toBe(404);
    expect(json<{ message: string }>(unknown).message).toMatch(/[\u0980-\u09FF]/);
    expect((await h.app.inject({ method: 'GET', url: '/payments/nagad/callback?status=Success' })).statusCode).toBe(400);
  });

  it('holds a payment whose verify answers another amount than was asked for review, and pays it once the admin accepts', async () => {
    const bookingId = await freshBooking(21000);
    const { reference } = await h.payNagad(buyer, bookingId);
    h.nagad.switches.verifyAmount = '210';
    expect(json(await complete(bookingId, reference))).toEqual({ outcome: 'review' });
    expect(await paymentsOf(bookingId)).toHaveLength(0);
    const waiting = json<PaymentReview[]>(await h.app.inject({ method: 'GET', url: '/admin/payment-reviews', headers: auth(admin.accessToken) }));
    const review = waiting.find((one) => one.bookingId === bookingId)!;
    expect(review).toMatchObject({ method: 'nagad', reason: 'mismatch', amount: 210 });
    h.nagad.switches.verifyAmount = null;
    // Accepted: the settlement takes the amount Nagad confirmed (210, not the 21,000 price) as any wrong amount, and refunds it.
    const decided = await h.app.inject({ method: 'POST', url: `/admin/payment-reviews/${review._id}`, headers: auth(admin.accessToken), payload: { decision: 'refund' } });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(h.nagad.payments.get(reference)!.cancels).toEqual([expect.objectContaining({ cancelAmount: '210' })]);
    expect(json(await complete(bookingId, reference))).toEqual({ outcome: 'refunded' });
    expect(await paymentsOf(bookingId)).toHaveLength(0);
    expect(await ledgerTotal()).toBe(0);
  });

  it('refunds a disputed Nagad sale through Nagad once, and the Money page reconciles Nagad against the ledger', async () => {
    const bookingId = await freshBooking(18000);
    const { reference } = await h.payNagad(buyer, bookingId);
    expect(json(await complete(bookingId, reference))).toMatchObject({ outcome: 'paid' });
    const opened = await h.app.inject({ method: 'POST', url: `/bookings/${bookingId}/dispute`, headers: auth(buyer.accessToken), payload: { reason: 'not-as-described', note: 'The phone has another IMEI than listed' } });
    expect(opened.statusCode, opened.body).toBe(201);
    const disputeId = json<{ insertedId: string }>(opened).insertedId;
    const decide = () => h.app.inject({ method: 'POST', url: `/disputes/${disputeId}/decision`, headers: auth(admin.accessToken), payload: { outcome: 'refund', reason: 'The IMEI is not the one listed' } });
    const [a, b] = await Promise.all([decide(), decide()]);
    // Two admins at once (or a double click): each told it is refunded, or that it was just decided; Nagad asked once.
    expect([a.statusCode, b.statusCode]).toContain(200);
    expect([a.statusCode, b.statusCode].every((status) => status === 200 || status === 409)).toBe(true);
    const cancels = h.nagad.payments.get(reference)!.cancels;
    expect(cancels).toEqual([expect.objectContaining({ cancelAmount: '18000' })]);
    expect(await h.database.db.select().from(refunds).where(eq(refunds.providerPaymentId, reference))).toEqual([expect.objectContaining({ method: 'nagad', amount: 1_800_000, refundId: cancels[0]!.cancelTrxId })]);
    expect(await bookingOf(bookingId)).toMatchObject({ state: 'refunded' });
    expect(await ledgerTotal()).toBe(0);

    const money = json<MoneyOverview>(await h.app.inject({ method: 'GET', url: '/admin/money', headers: auth(admin.accessToken) }));
    expect(money.reconciliation.providers).toContainEqual(expect.objectContaining({ method: 'nagad', reachable: true }));
    // This sale agrees with Nagad; the one held above (verify said ৳210 of the ৳21,000 Nagad holds) is named.
    const nagad = money.reconciliation.differences.filter((difference) => difference.method === 'nagad');
    expect(nagad.filter((difference) => difference.reference.includes(h.nagad.payments.get(reference)!.issuerPaymentRefNo))).toEqual([]);
    expect(nagad).toEqual([expect.objectContaining({ kind: 'payment', problem: 'amount-differs', ledgerAmount: 21_000, providerAmount: 2_100_000 })]);
  });

  it("answers 502 while Nagad cannot be reached in time, and records the payment once it answers", async () => {
    const bookingId = await freshBooking();
    const { reference } = await h.payNagad(buyer, bookingId);
    h.nagad.switches.slowMs = 2500;
    const slow = await complete(bookingId, reference);
    expect(json(slow)).toEqual({ outcome: 'pending' });
    expect(await paymentsOf(bookingId)).toHaveLength(0);
    h.nagad.switches.slowMs = 0;
    expect(json(await complete(bookingId, reference))).toMatchObject({ outcome: 'paid' });
  });
});

describe('a Nagad payment whose buyer never came back', () => {
  let swept: Harness;
  beforeAll(async () => {
    // Sweeps every second (through the job queue), on payments any age.
    swept = await createHarness({ JOB_QUEUE: 'on', JOB_POLL_SECONDS: '0.5', WALLET_SWEEP_SECONDS: '1', WALLET_SWEEP_AFTER_SECONDS: '0' });
  });
  afterAll(() => swept.close());

  it("is recorded by the sweep asking Nagad's verify (the tab closed on Nagad's page after approving)", async () => {
    const [owner, payer] = [await swept.register('Seller'), await swept.register('Buyer')];
    const bookingId = await swept.book(payer, await swept.createProduct(owner, { resalePrice: 15000 }));
    swept.nagad.switches.noReturn = true;
    const { callback, reference } = await swept.payNagad(payer, bookingId);
    expect(callback).toBe('');
    const deadline = Date.now() + 10_000;
    while (!json<Booking>(await swept.app.inject({ method: 'GET', url: `/bookings/${bookingId}`, headers: auth(payer.accessToken) })).paid && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await swept.database.db.select().from(payments).where(eq(payments.bookingId, bookingId))).toEqual([expect.objectContaining({ method: 'nagad', amount: 1_500_000, transactionId: swept.nagad.payments.get(reference)!.issuerPaymentRefNo })]);
  });
});
