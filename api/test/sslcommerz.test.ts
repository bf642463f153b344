// Paying through SSLCommerz (issue 69) against the local SSLCommerz: a payment counts only once its validation API
// confirms it; the IPN and the buyer's return are checked for SSLCommerz's signature and never believed alone; risky
// payments wait for the admin; nothing is paid twice, whatever order the IPN, the return and the sweep come in.
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '@phonehaat/fake-sslcommerz';
import type { Booking, MoneyOverview, PaymentReview } from '@phonehaat/shared-api';
import { ledgerEntries, payments, refunds, walletPayments } from '../src/db/schema.js';
import { createRefundFollower, createWalletMethods } from '../src/modules/payments/index.js';
import { createProviderTokensRepository } from '../src/providers/provider-tokens.js';
import { auth, createHarness, json, type Harness, type TestUser } from './support/harness.js';

let h: Harness;
let seller: TestUser;
let buyer: TestUser;

const complete = (bookingId: string, paymentId: string, status = 'success', who = buyer) =>
  h.app.inject({ method: 'POST', url: '/payments/sslcommerz/complete', headers: auth(who.accessToken), payload: { bookingId, paymentId, status } });
const postForm = (url: string, fields: Record<string, string>) =>
  h.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });
const bookingOf = async (bookingId: string, who = buyer) => json<Booking>(await h.app.inject({ method: 'GET', url: `/bookings/${bookingId}`, headers: auth(who.accessToken) }));
const freshBooking = async (resalePrice = 21000, who = buyer) => h.book(who, await h.createProduct(seller, { resalePrice }));
const paymentsOf = (bookingId: string) => h.database.db.select().from(payments).where(eq(payments.bookingId, bookingId));
const attemptOf = async (tranId: string) => (await h.database.db.select().from(walletPayments).where(eq(walletPayments.providerPaymentId, tranId)))[0];
const ledgerTotal = async () => Number((await h.database.db.select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` }).from(ledgerEntries))[0]?.total);
/** Waits for the IPN SSLCommerz posts after the page (it reaches the API through the harness's listening address). */
const ipnsFor = async (tranId: string, count = 1) => {
  for (let i = 0; i < 100 && h.sslcommerz.ipns.filter((ipn) => ipn.tranId === tranId).length < count; i++) await sleep(20);
  return h.sslcommerz.ipns.filter((ipn) => ipn.tranId === tranId);
};

/** Waits for the confirmation an IPN starts (just after it is acknowledged): the attempt no longer open. */
const settled = async (tranId: string) => {
  for (let i = 0; i < 100 && (await attemptOf(tranId))?.status === 'open'; i++) await sleep(20);
  return attemptOf(tranId);
};

beforeAll(async () => {
  h = await createHarness();
  seller = await h.register('Seller');
  buyer = await h.register('Buyer');
});
afterAll(() => h.close());
beforeEach(() => Object.assign(h.sslcommerz.switches, { dropIpn: false, duplicateIpn: false, ipnDelayMs: 0, noReturn: false, risky: false, validationAmount: null }));

describe('paying through SSLCommerz', () => {
  it('offers it between bKash and the Stripe card', async () => {
    expect(json(await h.app.inject({ method: 'GET', url: '/payment-methods' }))).toEqual(['bkash', 'nagad', 'sslcommerz', 'card']);
  });

  it('starts a session for the stored price, records the sale once its validation confirms it, and holds the money', async () => {
    const bookingId = await freshBooking(21000);
    const { fields, returnPath, tranId } = await h.paySslcommerz(buyer, bookingId, { way: 'dbbl-nexus' });
    const session = [...h.sslcommerz.sessions.values()].find((one) => one.request.tran_id === tranId)!;
    expect(session.request).toMatchObject({ total_amount: '21000.00', currency: 'BDT', value_a: bookingId, cus_phone: (await bookingOf(bookingId)).phone });
    expect(returnPath).toBe('/payments/sslcommerz/return/success');

    // The IPN came first and was answered 200; the sale is recorded from the validation API's word.
    expect((await ipnsFor(tranId)).map((ipn) => ipn.status)).toEqual([200]);
    expect(await settled(tranId)).toMatchObject({ status: 'completed' });
    expect(session.validations).toBe(1);
    expect(await bookingOf(bookingId)).toMatchObject({ paid: true, state: 'paid', paymentMethod: 'sslcommerz', transactionId: session.bankTranId });
    expect(await paymentsOf(bookingId)).toEqual([expect.objectContaining({ amount: 2_100_000, currency: 'bdt', method: 'sslcommerz', transactionId: session.bankTranId })]);

    // The browser's return after it: sent on to the payment page, which completes it; the same answer, nothing new.
    const back = await postForm(returnPath, fields);
    expect(back.statusCode).toBe(303);
    const page = new URL(back.headers.location as string);
    expect(page.pathname).toBe(`/dashboard/payment/${bookingId}`);
    expect(Object.fromEntries(page.searchParams)).toEqual({ method: 'sslcommerz', paymentID: tranId, status: 'success' });
    expect(json(await complete(bookingId, tranId))).toEqual({ outcome: 'paid', transactionId: session.bankTranId });
    expect(await paymentsOf(bookingId)).toHaveLength(1);
    expect(await ledgerTotal()).toBe(0);
  });

  it('records a payment whose IPN was lost and whose buyer closed the tab when the page asks, and an IPN sent twice once', async () => {
    h.sslcommerz.switches.dropIpn = true;
    const lost = await freshBooking();
    const { tranId } = await h.paySslcommerz(buyer, lost, { way: 'rocket' });
    expect(await bookingOf(lost)).toMatchObject({ paid: false });
    // The transaction query finds it: the page (or the sweep) records it.
    expect(json(await complete(lost, tranId))).toMatchObject({ outcome: 'paid' });

    h.sslcommerz.switches.dropIpn = false;
    h.sslcommerz.switches.duplicateIpn = true;
    const twice = await freshBooking();
    const second = await h.paySslcommerz(buyer, twice, { way: 'visa' });
    expect((await ipnsFor(second.tranId, 2)).map((ipn) => ipn.status)).toEqual([200, 200]);
    await settled(second.tranId);
    expect(await paymentsOf(twice)).toHaveLength(1);
    expect(await ledgerTotal()).toBe(0);
  });

  it('refuses a forged IPN (wrong signature) and a return for a transaction it never started, recording nothing', async () => {
    h.sslcommerz.switches.dropIpn = true;
    const bookingId = await freshBooking();
    const { fields, tranId } = await h.paySslcommerz(buyer, bookingId);
    const forged = await postForm('/payments/sslcommerz/ipn', { ...fields, amount: '10.00' });
    expect(forged.statusCode).toBe(400);
    expect(json<{ message: string }>(forged).message).toBe('This notification is not signed by SSLCommerz');
    const unsigned = await postForm('/payments/sslcommerz/ipn', { tran_id: tranId, status: 'VALID', val_id: fields.val_id! });
    expect(unsigned.statusCode).toBe(400);
    expect(await paymentsOf(bookingId)).toHaveLength(0);
    const bangla = await h.app.inject({ method: 'POST', url: '/payments/sslcommerz/ipn', headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'bn' }, payload: new URLSearchParams({ ...fields, amount: '10.00' }).toString() });
    expect(json<{ message: string }>(bangla).message).toMatch(/[\u0980-\u09FF]/);
    expect((await postForm('/payments/sslcommerz/return/success', { ...fields, tran_id: 'PH0000000000000000000000000000' })).statusCode).toBe(404);
    expect((await postForm('/payments/sslcommerz/ipn', { status: 'VALID' })).statusCode).toBe(400);
    // The genuine one, signed: recorded.
    expect((await postForm('/payments/sslcommerz/ipn', fields)).statusCode).toBe(200);
    expect(await settled(tranId)).toMatchObject({ status: 'completed' });
    expect(await paymentsOf(bookingId)).toHaveLength(1);
  });

  it("refuses completing someone else's booking with a payment, and says why a card was declined", async () => {
    h.sslcommerz.switches.dropIpn = true;
    const other = await h.register('Buyer');
    const mine = await freshBooking();
    const theirs = await freshBooking(21000, other);
    const { tranId } = await h.paySslcommerz(buyer, mine);
    expect((await complete(theirs, tranId, 'success', other)).statusCode).toBe(400);
    expect((await complete(mine, tranId, 'success', other)).statusCode).toBe(403);
    expect(await paymentsOf(theirs)).toHaveLength(0);

    const declined = await freshBooking();
    const card = await h.paySslcommerz(buyer, declined, { card: TEST_CARDS.declined });
    expect(json(await complete(declined, card.tranId, 'failure'))).toEqual({ outcome: 'failed', reason: 'declined' });
    expect(await bookingOf(declined)).toMatchObject({ paid: false });
  });

  it('holds a validation that answers another amount for review: nothing paid, nothing refunded by its word', async () => {
    h.sslcommerz.switches.validationAmount = '10.00';
    const bookingId = await freshBooking();
    const { tranId } = await h.paySslcommerz(buyer, bookingId);
    await ipnsFor(tranId);
    await settled(tranId);
    expect(json(await complete(bookingId, tranId))).toEqual({ outcome: 'review' });
    expect(await attemptOf(tranId)).toMatchObject({ status: 'review', reviewReason: 'mismatch' });
    expect(await paymentsOf(bookingId)).toHaveLength(0);
    expect(await h.database.db.select().from(refunds).where(eq(refunds.bookingId, bookingId))).toHaveLength(0);
  });
});

describe('a risky payment', () => {
  it('waits for the admin, who accepts one (a sale) and refunds another (in full, through SSLCommerz), once each', async () => {
    h.sslcommerz.switches.risky = true;
    const admin = await h.admin();
    const accepted = await freshBooking();
    const refused = await freshBooking(15000);
    const a = await h.paySslcommerz(buyer, accepted);
    const b = await h.paySslcommerz(buyer, refused);
    await ipnsFor(b.tranId);
    await settled(b.tranId);
    expect(json(await complete(accepted, a.tranId))).toEqual({ outcome: 'review' });
    // Not asked to pay again meanwhile.
    const again = await h.app.inject({ method: 'POST', url: '/payments/sslcommerz/start', headers: auth(buyer.accessToken), payload: { bookingId: accepted } });
    expect(again.statusCode).toBe(409);

    expect((await h.app.inject({ method: 'GET', url: '/admin/payment-reviews', headers: auth(buyer.accessToken) })).statusCode).toBe(403);
    const listed = json<PaymentReview[]>(await h.app.inject({ method: 'GET', url: '/admin/payment-reviews', headers: auth(admin.accessToken) }));
    const ofA = listed.find((review) => review.bookingId === accepted)!;
    const ofB = listed.find((review) => review.bookingId === refused)!;
    expect(ofA).toMatchObject({ method: 'sslcommerz', reason: 'risky', amount: 21000, buyerName: buyer.name });
    expect(ofB).toMatchObject({ amount: 15000 });

    const decide = (id: string, decision: string) => h.app.inject({ method: 'POST', url: `/admin/payment-reviews/${id}`, headers: auth(admin.accessToken), payload: { decision } });
    expect((await decide(ofA._id, 'maybe')).statusCode).toBe(400);
    const [first, second] = await Promise.all([decide(ofA._id, 'accept'), decide(ofA._id, 'accept')]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect(await bookingOf(accepted)).toMatchObject({ paid: true, paymentMethod: 'sslcommerz' });
    // The buyer's page asked again after the decision: paid, not "being checked".
    expect(json(await complete(accepted, a.tranId))).toEqual({ outcome: 'paid', transactionId: expect.any(String) });

    expect(json(await decide(ofB._id, 'refund'))).toEqual({ outcome: 'refunded' });
    const session = [...h.sslcommerz.sessions.values()].find((one) => one.request.tran_id === b.tranId)!;
    expect(session.refunds).toEqual([expect.objectContaining({ amount: '15000.00', bankTranId: session.bankTranId })]);
    expect(await h.database.db.select().from(refunds).where(eq(refunds.bookingId, refused))).toEqual([expect.objectContaining({ amount: 1_500_000, method: 'sslcommerz' })]);
    expect(await paymentsOf(refused)).toHaveLength(0);
    // The buyer's page asked again after the refund: refunded, not "your bank declined it".
    expect(json(await complete(refused, b.tranId))).toEqual({ outcome: 'refunded' });
    expect(json<PaymentReview[]>(await h.app.inject({ method: 'GET', url: '/admin/payment-reviews', headers: auth(admin.accessToken) })).filter((review) => [accepted, refused].includes(review.bookingId))).toEqual([]);
    expect(await ledgerTotal()).toBe(0);
  });
});

describe("the Money page's reconciliation", () => {
  it("checks SSLCommerz's records of every payment and refund, and names a payment SSLCommerz does not know", async () => {
    const admin = await h.admin();
    const money = async () => json<MoneyOverview>(await h.app.inject({ method: 'GET', url: '/admin/money', headers: auth(admin.accessToken) })).reconciliation;
    const before = await money();
    expect(before.providers).toContainEqual(expect.objectContaining({ method: 'sslcommerz', reachable: true }));
    expect(before.providers.find((provider) => provider.method === 'sslcommerz')!.checked).toBeGreaterThan(3);
    expect(before.differences.filter((difference) => difference.method === 'sslcommerz')).toEqual([]);

    // A paid booking SSLCommerz has lost: the ledger holds money SSLCommerz's records do not show.
    const bookingId = await freshBooking(18000);
    const { tranId } = await h.paySslcommerz(buyer, bookingId);
    await ipnsFor(tranId);
    await settled(tranId);
    expect(await bookingOf(bookingId)).toMatchObject({ paid: true });
    const [sessionkey, session] = [...h.sslcommerz.sessions.entries()].find(([, one]) => one.request.tran_id === tranId)!;
    (h.sslcommerz.sessions as Map<string, unknown>).delete(sessionkey);
    const after = await money();
    expect(after.differences.filter((difference) => difference.method === 'sslcommerz')).toEqual([
      { method: 'sslcommerz', reference: session.bankTranId, kind: 'payment', problem: 'missing-at-provider', ledgerAmount: 1_800_000, providerAmount: null },
    ]);
  });
});

describe('a refund SSLCommerz takes as processing', () => {
  it("is recorded as processing, then followed by its refund query to refunded; the ledger records it once, when it was asked", async () => {
    const admin = await h.admin();
    h.sslcommerz.switches.risky = true;
    const bookingId = await freshBooking(16000);
    const { tranId } = await h.paySslcommerz(buyer, bookingId);
    await ipnsFor(tranId);
    await settled(tranId);
    const review = json<PaymentReview[]>(await h.app.inject({ method: 'GET', url: '/admin/payment-reviews', headers: auth(admin.accessToken) })).find((one) => one.bookingId === bookingId)!;
    expect(json(await h.app.inject({ method: 'POST', url: `/admin/payment-reviews/${review._id}`, headers: auth(admin.accessToken), payload: { decision: 'refund' } }))).toEqual({ outcome: 'refunded' });
    const rowOf = async () => (await h.database.db.select().from(refunds).where(eq(refunds.bookingId, bookingId)))[0]!;
    const taken = await rowOf();
    expect(taken).toMatchObject({ status: 'processing', amount: 1_600_000, checkedAt: null });
    const session = [...h.sslcommerz.sessions.values()].find((one) => one.request.tran_id === tranId)!;
    expect(session.refunds.find((one) => one.refundRefId === taken.refundId)?.status).toBe('processing');

    // The job's work (refund-follow, every WALLET_SWEEP_SECONDS), run here once: SSLCommerz's refund query says refunded.
    const follow = createRefundFollower(h.database.db, createWalletMethods(h.env, createProviderTokensRepository(h.database.db)), { warn: () => undefined, error: () => undefined });
    expect(await follow()).toBeGreaterThanOrEqual(1);
    expect(await rowOf()).toMatchObject({ status: 'refunded', checkedAt: expect.any(Date) });
    expect(session.refunds.find((one) => one.refundRefId === taken.refundId)?.status).toBe('refunded');
    // Followed once: asked again, nothing moves.
    expect(await follow()).toBe(0);
    const ledger = await h.database.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.bookingId, bookingId), eq(ledgerEntries.movement, 'refunded')));
    expect(ledger.map((line) => line.amount).sort((x, y) => x - y)).toEqual([-1_600_000, 1_600_000]);
  });
});
