import { randomUUID } from 'node:crypto';
// Paying sellers (issue 33): a payout wallet typed twice; released money paid out by a job on the queue through bKash's
// B2C, with the payout's id as the idempotency key, so a lost answer, a retry or a second instance pays once; the
// seller's Earnings; the admin's money page reconciling the ledger with Stripe's and bKash's own records.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Earnings, MoneyOverview } from '@phonehaat/shared-api';
import { buildApp } from '../src/app.js';
import { createFirebaseIdentity } from '../src/modules/identity/auth/identity.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { ledgerEntries } from '../src/db/schema.js';
import { createStripeGateway } from '../src/modules/payments/gateway.js';
import { auth, createHarness, databaseKind, json, type Harness, type TestUser } from './support/harness.js';

const WALLET = '01770618575';
/** The queue on, polling fast, retrying after a second. */
const QUEUED = { JOB_QUEUE: 'on', JOB_POLL_SECONDS: '0.5', PAYOUT_RETRY_DELAY_SECONDS: '1', FEE_PERCENT: '5', NEW_SELLER_SALES: '0' };

async function waitUntil(condition: () => Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let h: Harness;
let buyer: TestUser;
let admin: TestUser;
/** Sets the wallet with a fresh code to the seller's number, as the Earnings page does. */
const setWallet = (who: TestUser, number: string) => h.setWallet(who, number);
/** A wallet refused for what was typed: refused before any code is checked (this one was never sent). */
const typedWallet = (who: TestUser, number: string, repeat = number) =>
  h.app.inject({ method: 'PUT', url: '/payout-wallet', headers: auth(who.accessToken), payload: { number, repeat, confirmation: { verificationId: randomUUID(), code: '123456' } } });
const earnings = async (seller: TestUser, app: FastifyInstance = h.app) => json<Earnings>(await app.inject({ method: 'GET', url: '/earnings', headers: auth(seller.accessToken) }));
const received = (bookingId: string) => h.app.inject({ method: 'POST', url: `/bookings/${bookingId}/received`, headers: auth(buyer.accessToken) });
const money = async () => json<MoneyOverview>(await h.app.inject({ method: 'GET', url: '/admin/money', headers: auth(admin.accessToken) }));
const payoutsTo = (wallet: string) => [...h.bkash.payouts.values()].filter((payout) => payout.receiverMSISDN === wallet);

beforeAll(async () => {
  h = await createHarness(QUEUED);
  buyer = await h.register('Buyer');
  admin = await h.admin();
});
afterAll(() => h.close());

describe('payouts', () => {
  it('takes a payout wallet only in bKash shape and typed the same twice', async () => {
    const seller = await h.register('Seller');
    const short = await typedWallet(seller, '0177061857');
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('A bKash number is 11 digits');
    expect((await typedWallet(seller, '01270618575')).statusCode).toBe(400);
    const differs = await typedWallet(seller, WALLET, '01770618576');
    expect(differs.statusCode).toBe(400);
    expect(differs.body).toContain('The two numbers differ');
    expect((await earnings(seller)).wallet).toBeNull();
    expect(json(await h.app.inject({ method: 'GET', url: '/payout-wallet', headers: auth(seller.accessToken) }))).toBeNull();
    expect((await typedWallet(buyer, WALLET)).statusCode).toBe(403);
    const set = await setWallet(seller, '017-7061-8575');
    expect(set.statusCode).toBe(200);
    expect(json(set)).toMatchObject({ method: 'bkash', number: WALLET });
    expect(json(await h.app.inject({ method: 'GET', url: '/payout-wallet', headers: auth(seller.accessToken) }))).toMatchObject({ number: WALLET });
  });

  it('pays a released sale out to the wallet, once, and the Earnings page says so', async () => {
    const seller = await h.register('Seller');
    const wallet = '01812345678';
    expect((await setWallet(seller, wallet)).statusCode).toBe(200);
    const { bookingId } = await h.paidSale(seller, buyer, { resalePrice: 20000 });
    let mine = await earnings(seller);
    expect(mine.totals).toEqual({ held: 2_000_000, owed: 0, paidOut: 0, fees: 0 });
    expect(mine.sales).toEqual([expect.objectContaining({ bookingId, state: 'held', amount: 2_000_000, fee: 100_000, net: 1_900_000, releaseAt: expect.any(String) })]);

    expect((await received(bookingId)).statusCode).toBe(200);
    await waitUntil(async () => (await earnings(seller)).totals.paidOut > 0);
    mine = await earnings(seller);
    expect(mine.totals).toEqual({ held: 0, owed: 0, paidOut: 1_900_000, fees: 100_000 });
    expect(mine.sales[0]).toMatchObject({ state: 'paid-out' });
    expect(mine.payouts).toEqual([expect.objectContaining({ amount: 1_900_000, status: 'sent', wallet, transactionId: expect.any(String) })]);
    expect(payoutsTo(wallet)).toEqual([expect.objectContaining({ amount: '19000' })]);
    const told = json<{ items: { kind: string; params: { amount?: number } }[] }>(await h.app.inject({ method: 'GET', url: '/notifications', headers: auth(seller.accessToken) }));
    expect(told.items.find((n) => n.kind === 'paid-out')?.params.amount).toBe(19000);
  });

  it('pays once when bKash paid but its answer was lost (a worker dying mid-payout): the retry finds it made', async () => {
    const seller = await h.register('Seller');
    const wallet = '01912345678';
    const { bookingId } = await h.paidSale(seller, buyer, { resalePrice: 10000 });
    expect((await received(bookingId)).statusCode).toBe(200);
    expect((await earnings(seller)).nextPayout).toEqual({ amount: 950_000, at: null }); // owed, and no wallet yet
    h.bkash.switches.dropPayoutAnswers = 1;
    expect((await setWallet(seller, wallet)).statusCode).toBe(200);
    await waitUntil(async () => (await earnings(seller)).payouts.some((payout) => payout.status === 'sent'));
    expect(h.bkash.switches.dropPayoutAnswers).toBe(0); // the first answer was lost
    expect(payoutsTo(wallet)).toHaveLength(1);
    const paidOut = await h.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.movement, 'paid_out'));
    expect(paidOut.filter((entry) => entry.account === `seller:${seller.id}`)).toEqual([expect.objectContaining({ amount: 950_000 })]);
  });

  it("keeps the seller's money owed while bKash is unreachable, and pays it when bKash is back", async () => {
    const seller = await h.register('Seller');
    const wallet = '01612345678';
    expect((await setWallet(seller, wallet)).statusCode).toBe(200);
    h.bkash.switches.offline = true;
    try {
      const { bookingId } = await h.paidSale(seller, buyer, { resalePrice: 8000, method: 'card' });
      expect((await received(bookingId)).statusCode).toBe(200);
      await waitUntil(async () => (await earnings(seller)).payouts.some((payout) => payout.status === 'pending'));
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(payoutsTo(wallet)).toHaveLength(0);
      expect((await earnings(seller)).totals.owed).toBe(760_000);
    } finally {
      h.bkash.switches.offline = false;
    }
    await waitUntil(async () => (await earnings(seller)).payouts.some((payout) => payout.status === 'sent'), 20_000);
    expect(payoutsTo(wallet)).toEqual([expect.objectContaining({ amount: '7600' })]);
    expect((await earnings(seller)).totals).toMatchObject({ owed: 0, paidOut: 760_000 });
  });

  it('refuses the earnings to a buyer and the money page to anyone but an admin', async () => {
    const seller = await h.register('Seller');
    expect((await h.app.inject({ method: 'GET', url: '/earnings', headers: auth(buyer.accessToken) })).statusCode).toBe(403);
    expect((await h.app.inject({ method: 'GET', url: '/admin/money', headers: auth(seller.accessToken) })).statusCode).toBe(403);
    expect((await h.app.inject({ method: 'GET', url: '/earnings' })).statusCode).toBe(401);
  });
});

describe("the admin's money page", () => {
  it('states where the money is, and finds the ledger agreeing with Stripe and bKash until one differs', async () => {
    const seller = await h.register('Seller');
    await h.paidSale(seller, buyer, { resalePrice: 5000, method: 'bkash' });
    const overview = await money();
    expect(overview.ledgerSum).toBe(0);
    expect(overview.held).toBeGreaterThanOrEqual(500_000);
    expect(overview.paidOut).toBeGreaterThanOrEqual(1_900_000 + 950_000 + 760_000);
    expect(overview.fees).toBeGreaterThan(0);
    expect(overview.reconciliation.providers).toEqual([
      expect.objectContaining({ method: 'card', reachable: true }),
      expect.objectContaining({ method: 'bkash', reachable: true }),
      // SSLCommerz, payment by payment (none here: sslcommerz.test.ts).
      { method: 'sslcommerz', checked: 0, reachable: true },
      // Nagad, payment by payment through its verify call (none here: nagad.test.ts).
      { method: 'nagad', checked: 0, reachable: true },
      // The courier's settlement reports, recorded by the admin (none here: courier-settlement.test.ts).
      { method: 'pathao', checked: 0, reachable: true },
    ]);
    expect(overview.reconciliation.differences).toEqual([]);

    // A card payment Stripe took that the ledger never heard of (a webhook lost, say) is named.
    const stray = await h.stripeClient.paymentIntents.create({ amount: 123_400, currency: 'bdt', metadata: { bookingId: '00000000-0000-4000-8000-0000000000aa' } });
    await h.stripeClient.paymentIntents.confirm(stray.id, { payment_method: 'pm_card_visa' });
    expect((await money()).reconciliation.differences).toEqual([
      { method: 'card', reference: stray.id, kind: 'payment', problem: 'missing-in-ledger', ledgerAmount: null, providerAmount: 123_400 },
    ]);

    // bKash unreachable: said, not guessed.
    h.bkash.switches.offline = true;
    try {
      expect((await money()).reconciliation.providers).toContainEqual(expect.objectContaining({ method: 'bkash', reachable: false }));
    } finally {
      h.bkash.switches.offline = false;
    }
  });
});

describe.runIf(databaseKind === 'postgres')('two API instances', () => {
  let b: { app: FastifyInstance; database: Database };
  beforeAll(async () => {
    const database = await openDatabase({ url: h.env.DATABASE_URL, poolSize: 3 });
    b = { app: await buildApp({ env: h.env, database, identity: createFirebaseIdentity(h.env), gateway: createStripeGateway(h.env) }), database };
    await b.app.ready();
  });
  afterAll(async () => {
    await b.app.close();
    await b.database.close();
  });

  it('pay a seller once when both plan and work the payouts, and both release the same sale at once', async () => {
    const seller = await h.register('Seller');
    const wallet = '01512345678';
    const { bookingId } = await h.paidSale(seller, buyer, { resalePrice: 30000 });
    const [one, two] = await Promise.all([
      h.app.inject({ method: 'POST', url: `/bookings/${bookingId}/received`, headers: auth(buyer.accessToken) }),
      b.app.inject({ method: 'POST', url: `/bookings/${bookingId}/received`, headers: auth(buyer.accessToken) }),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    const confirmations = [await h.confirmation(seller), await h.confirmation(seller)];
    await Promise.all(
      [h.app, b.app].map((app, i) => app.inject({ method: 'PUT', url: '/payout-wallet', headers: auth(seller.accessToken), payload: { number: wallet, repeat: wallet, confirmation: confirmations[i] } })),
    );
    await waitUntil(async () => (await earnings(seller, b.app)).totals.paidOut > 0);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(payoutsTo(wallet)).toEqual([expect.objectContaining({ amount: '28500' })]);
    expect((await earnings(seller)).payouts).toHaveLength(1);
    expect((await earnings(seller)).totals).toMatchObject({ paidOut: 2_850_000, owed: 0 });
  });

  it('refund once when two admins refund on both at once, and end one way when a release meets a dispute', async () => {
    const seller = await h.register('Seller');
    const refunded = await h.paidSale(seller, buyer, { resalePrice: 14000 });
    const opened = await h.app.inject({ method: 'POST', url: `/bookings/${refunded.bookingId}/dispute`, headers: auth(buyer.accessToken), payload: { reason: 'seller-no-show' } });
    const id = json<{ insertedId: string }>(opened).insertedId;
    const decide = (app: FastifyInstance) => app.inject({ method: 'POST', url: `/disputes/${id}/decision`, headers: auth(admin.accessToken), payload: { outcome: 'refund', reason: 'The seller did not come' } });
    const results = await Promise.all([decide(h.app), decide(b.app)]);
    expect(results.every((result) => result.statusCode === 200 || result.statusCode === 409)).toBe(true);
    expect(results.some((result) => result.statusCode === 200)).toBe(true);
    expect([...h.stripe.refunds.values()].filter((refund) => refund.amount === 1_400_000)).toHaveLength(1);
    const lines = await h.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.bookingId, refunded.bookingId));
    expect(lines.filter((line) => line.movement === 'refunded')).toHaveLength(2); // one posting: held and the provider

    const contested = await h.paidSale(seller, buyer, { resalePrice: 16000 });
    const [release, dispute] = await Promise.all([
      h.app.inject({ method: 'POST', url: `/bookings/${contested.bookingId}/received`, headers: auth(buyer.accessToken) }),
      b.app.inject({ method: 'POST', url: `/bookings/${contested.bookingId}/dispute`, headers: auth(buyer.accessToken), payload: { reason: 'not-as-described' } }),
    ]);
    expect([release.statusCode, dispute.statusCode].sort()).toEqual(release.statusCode === 200 ? [200, 409] : [201, 409]);
    const movements = (await h.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.bookingId, contested.bookingId))).map((line) => line.movement);
    expect(movements.includes('released')).toBe(release.statusCode === 200);
  });
});
