// bKash payments that outlive their page (the sweep), and two API instances paying at once (issue 32). The instances
// share one PostgreSQL database; PGlite is one process, so that part runs on PostgreSQL only.
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '@phonehaat/shared-api';
import { buildApp } from '../src/app.js';
import { createFirebaseIdentity } from '../src/modules/identity/auth/identity.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { payments } from '../src/db/schema.js';
import { createStripeGateway } from '../src/modules/payments/gateway.js';
import { auth, createHarness, databaseKind, json, type Harness, type TestUser } from './support/harness.js';

async function waitUntil(condition: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Sweeps every second (through the job queue), on payments any age. */
const SWEEPING = { JOB_QUEUE: 'on', JOB_POLL_SECONDS: '0.5', WALLET_SWEEP_SECONDS: '1', WALLET_SWEEP_AFTER_SECONDS: '0' };

describe('the sweep', () => {
  let h: Harness;
  let seller: TestUser;
  let buyer: TestUser;
  beforeAll(async () => {
    h = await createHarness(SWEEPING);
    seller = await h.register('Seller');
    buyer = await h.register('Buyer');
  });
  afterAll(() => h.close());

  it('records a payment approved on bKash whose buyer never came back (the tab closed, the callback lost)', async () => {
    const bookingId = await h.book(buyer, await h.createProduct(seller, { resalePrice: 15000 }));
    h.bkash.switches.dropCallback = true;
    const approved = await h.approveBkash(buyer, bookingId).finally(() => (h.bkash.switches.dropCallback = false));
    expect(approved.status).toBeUndefined();
    await waitUntil(async () => json<Booking>(await h.app.inject({ method: 'GET', url: `/bookings/${bookingId}`, headers: auth(buyer.accessToken) })).paid, 10_000);
    const { trxID } = h.bkash.payments.get(approved.paymentId)!;
    expect(await h.database.db.select().from(payments).where(eq(payments.bookingId, bookingId))).toEqual([expect.objectContaining({ transactionId: trxID, method: 'bkash', amount: 1_500_000 })]);
  });

  it('leaves alone a payment the buyer is still on, and closes one the buyer cancelled', async () => {
    const bookingId = await h.book(buyer, await h.createProduct(seller));
    const started = await h.app.inject({ method: 'POST', url: '/payments/bkash/start', headers: auth(buyer.accessToken), payload: { bookingId } });
    const paymentId = new URL(json<{ redirectUrl: string }>(started).redirectUrl).searchParams.get('paymentId')!;
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(h.bkash.payments.get(paymentId)?.state).toBe('Initiated');
    // Still payable: the same page is offered again.
    const again = await h.app.inject({ method: 'POST', url: '/payments/bkash/start', headers: auth(buyer.accessToken), payload: { bookingId } });
    expect(json(again)).toEqual(json(started));

    // Cancelled on bKash's page, and the tab closed there: the sweep closes it, and the next start is a new payment.
    const { walkPaymentPage } = await import('@phonehaat/fake-bkash');
    await walkPaymentPage(json<{ redirectUrl: string }>(started).redirectUrl, { cancel: true });
    const statusOf = async () => (await h.database.db.execute(sql`SELECT status FROM wallet_payments WHERE booking_id = ${bookingId}`)) as unknown as { rows: { status: string }[] };
    await waitUntil(async () => (await statusOf()).rows[0]?.status === 'failed', 10_000);
    const next = await h.app.inject({ method: 'POST', url: '/payments/bkash/start', headers: auth(buyer.accessToken), payload: { bookingId } });
    expect(json<{ redirectUrl: string }>(next).redirectUrl).not.toBe(json<{ redirectUrl: string }>(started).redirectUrl);
    const rows = await h.database.db.execute(sql`SELECT status, failure FROM wallet_payments WHERE booking_id = ${bookingId} ORDER BY created_at`);
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([{ status: 'failed', failure: 'cancelled' }, { status: 'open', failure: null }]);
  });
});

describe.runIf(databaseKind === 'postgres')('two API instances', () => {
  let h: Harness;
  let b: { app: FastifyInstance; database: Database };
  let seller: TestUser;
  let buyer: TestUser;
  const complete = (app: FastifyInstance, bookingId: string, paymentId: string, who = buyer) =>
    app.inject({ method: 'POST', url: '/payments/bkash/complete', headers: auth(who.accessToken), payload: { bookingId, paymentId, status: 'success' } });
  const paymentsOf = (bookingId: string) => h.database.db.select().from(payments).where(eq(payments.bookingId, bookingId));

  beforeAll(async () => {
    // The sweep leaves payments younger than 5 s to their callers: the races below are the callers'.
    h = await createHarness({ ...SWEEPING, WALLET_SWEEP_AFTER_SECONDS: '5' });
    const database = await openDatabase({ url: h.env.DATABASE_URL, poolSize: 3 });
    b = { app: await buildApp({ env: h.env, database, identity: createFirebaseIdentity(h.env), gateway: createStripeGateway(h.env) }), database };
    await b.app.ready();
    seller = await h.register('Seller');
    buyer = await h.register('Buyer');
  });
  afterAll(async () => {
    await b.app.close();
    await b.database.close();
    await h.close();
  });

  it('share one grant token, and give two tabs on two instances one bKash payment', async () => {
    const bookingId = await h.book(buyer, await h.createProduct(seller));
    const creates = h.bkash.counts.creates;
    const started = await Promise.all([h.app, b.app].map((app) => app.inject({ method: 'POST', url: '/payments/bkash/start', headers: auth(buyer.accessToken), payload: { bookingId } })));
    expect(started.map((response) => response.statusCode)).toEqual([200, 200]);
    expect(new Set(started.map((response) => json<{ redirectUrl: string }>(response).redirectUrl)).size).toBe(1);
    expect(h.bkash.counts.creates - creates).toBe(1);
    expect(h.bkash.counts.grants).toBe(1);
  });

  it('execute once and record once when the callback reaches both instances at once', async () => {
    const bookingId = await h.book(buyer, await h.createProduct(seller));
    const { paymentId } = await h.approveBkash(buyer, bookingId);
    const executes = h.bkash.counts.executes;
    const both = await Promise.all([complete(h.app, bookingId, paymentId), complete(b.app, bookingId, paymentId)]);
    expect(both.map((response) => response.statusCode)).toEqual([200, 200]);
    expect(both.map((response) => json(response))).toEqual([both[0]!.json(), both[0]!.json()]);
    expect(h.bkash.counts.executes - executes).toBe(1);
    expect(await paymentsOf(bookingId)).toHaveLength(1);
  });

  it('record once a payment whose execute timed out on one instance, when the other asks again', async () => {
    const bookingId = await h.book(buyer, await h.createProduct(seller));
    const { paymentId } = await h.approveBkash(buyer, bookingId);
    h.bkash.switches.delayMs = 2500;
    const slow = await complete(h.app, bookingId, paymentId).finally(() => (h.bkash.switches.delayMs = 0));
    expect(slow.statusCode).toBe(202);
    const again = await complete(b.app, bookingId, paymentId);
    expect(json(again)).toEqual({ outcome: 'paid', transactionId: h.bkash.payments.get(paymentId)!.trxID });
    expect(await paymentsOf(bookingId)).toHaveLength(1);
  });

  it('sweep a lost callback on both instances and record it once', async () => {
    const bookingId = await h.book(buyer, await h.createProduct(seller));
    h.bkash.switches.dropCallback = true;
    const { paymentId } = await h.approveBkash(buyer, bookingId).finally(() => (h.bkash.switches.dropCallback = false));
    await waitUntil(async () => (await paymentsOf(bookingId)).length > 0, 20_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await paymentsOf(bookingId)).toHaveLength(1);
    expect(h.bkash.payments.get(paymentId)?.state).toBe('Completed');
  });

  it('sell once when a card on one instance and bKash on the other pay for one phone together, refunding the other', async () => {
    const productId = await h.createProduct(seller, { resalePrice: 22000 });
    const bookingId = await h.book(buyer, productId);
    const { paymentId } = await h.approveBkash(buyer, bookingId);
    const rival = await h.register('Buyer');
    const rivalBooking = await h.book(rival, productId);
    const card = await h.payByCard(rival, rivalBooking);
    const [byCard, byBkash] = await Promise.all([
      h.app.inject({ method: 'POST', url: '/payments', headers: auth(rival.accessToken), payload: { bookingId: rivalBooking, transactionId: card } }),
      complete(b.app, bookingId, paymentId),
    ]);
    const bkashWon = byBkash.statusCode === 200;
    expect([byCard.statusCode, byBkash.statusCode]).toEqual(bkashWon ? [409, 200] : [201, 409]);
    expect([...(await paymentsOf(bookingId)), ...(await paymentsOf(rivalBooking))]).toHaveLength(1);
    const refundedByBkash = Boolean(h.bkash.payments.get(paymentId)?.refund);
    const refundedByCard = [...h.stripe.refunds.values()].some((refund) => refund.payment_intent === card);
    expect([refundedByBkash, refundedByCard]).toEqual(bkashWon ? [false, true] : [true, false]);
  });
});
