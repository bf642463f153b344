// Held until the handover (issue 33): a sale's money is held, released once by the buyer, the seller's code or the
// days passing, minus the fee; every movement a balanced ledger posting.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking, ListingBooking } from '@phonehaat/shared-api';
import { ledgerEntries } from '../src/db/schema.js';
import { auth, createHarness, json, type Harness, type TestUser } from './support/harness.js';

let h: Harness;
let buyer: TestUser;

const entriesOf = (bookingId: string) => h.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.bookingId, bookingId));
const balances = async (bookingId?: string) => {
  const rows = await h.database.db
    .select({ account: ledgerEntries.account, total: sql<string>`sum(${ledgerEntries.amount})` })
    .from(ledgerEntries)
    .where(bookingId ? eq(ledgerEntries.bookingId, bookingId) : undefined)
    .groupBy(ledgerEntries.account);
  return Object.fromEntries(rows.map((row) => [row.account, Number(row.total)]).filter(([, total]) => total !== 0));
};
const bookingOf = async (bookingId: string, who = buyer) => json<Booking>(await h.app.inject({ method: 'GET', url: `/bookings/${bookingId}`, headers: auth(who.accessToken) }));
const received = (bookingId: string, who: TestUser = buyer) => h.app.inject({ method: 'POST', url: `/bookings/${bookingId}/received`, headers: auth(who.accessToken) });
const handover = (bookingId: string, code: string, who: TestUser) => h.app.inject({ method: 'POST', url: `/bookings/${bookingId}/handover`, headers: auth(who.accessToken), payload: { code } });
/** A fresh phone of the seller's at this price, booked and paid by card by the buyer. */
async function paidSale(seller: TestUser, resalePrice = 12500, who = buyer) {
  const productId = await h.createProduct(seller, { resalePrice });
  const bookingId = await h.book(who, productId);
  const transactionId = await h.payByCard(who, bookingId);
  const paid = await h.app.inject({ method: 'POST', url: '/payments', headers: auth(who.accessToken), payload: { bookingId, transactionId } });
  expect(paid.statusCode).toBe(201);
  return { productId, bookingId };
}
const saleOf = async (seller: TestUser, productId: string) =>
  json<ListingBooking[]>(await h.app.inject({ method: 'GET', url: `/addedproducts/${productId}/bookings`, headers: auth(seller.accessToken) })).find((b) => b.paid)!;

beforeAll(async () => {
  h = await createHarness({ FEE_PERCENT: '5', NEW_SELLER_FEE_PERCENT: '2', NEW_SELLER_SALES: '1' });
  buyer = await h.register('Buyer');
});
afterAll(() => h.close());

describe('money held until the handover', () => {
  it("holds a sale's money with a six-digit code the buyer sees and the seller never does", async () => {
    const seller = await h.register('Seller');
    const { productId, bookingId } = await paidSale(seller);
    const booking = await bookingOf(bookingId);
    expect(booking.held).toMatchObject({ handoverCode: expect.stringMatching(/^\d{6}$/), releasedAt: null });
    expect(Date.parse(booking.held!.releaseAt) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    const forSeller = await h.app.inject({ method: 'GET', url: `/addedproducts/${productId}/bookings`, headers: auth(seller.accessToken) });
    expect(forSeller.body).not.toContain(booking.held!.handoverCode!);
    // The first sale of a new seller carries the lower fee: 2% of Tk 12,500.
    expect((await saleOf(seller, productId)).sale).toMatchObject({ fee: 250, receives: 12250, releasedAt: null });
    expect(await balances(bookingId)).toEqual({ 'provider:card': 1_250_000, held: -1_250_000 });
  });

  it("states the fee schedule, and the fee of a seller's next sale", async () => {
    expect(json(await h.app.inject({ method: 'GET', url: '/fees' }))).toEqual({ percent: 5, newSellerPercent: 2, newSellerSales: 1 });
    const seller = await h.register('Seller');
    const mine = async () => json(await h.app.inject({ method: 'GET', url: '/fees/mine', headers: auth(seller.accessToken) }));
    expect(await mine()).toEqual({ percent: 2, lowerFeeSalesLeft: 1 });
    await paidSale(seller);
    expect(await mine()).toEqual({ percent: 5, lowerFeeSalesLeft: 0 });
  });

  it('releases to the seller, minus the fee, when the buyer confirms; once', async () => {
    const seller = await h.register('Seller');
    await paidSale(seller); // the new seller's one cheaper sale
    const { productId, bookingId } = await paidSale(seller, 20000);
    const [first, second] = await Promise.all([received(bookingId), received(bookingId)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const booking = await bookingOf(bookingId);
    expect(booking.held).toMatchObject({ handoverCode: null, releasedAt: expect.any(String) });
    expect((await saleOf(seller, productId)).sale).toMatchObject({ fee: 1000, receives: 19000, releasedAt: expect.any(String) });
    expect(await balances(bookingId)).toEqual({ 'provider:card': 2_000_000, [`seller:${seller.id}`]: -1_900_000, fees: -100_000 });
    expect((await entriesOf(bookingId)).map((entry) => entry.movement).sort()).toEqual(['fee', 'fee', 'paid', 'paid', 'released', 'released']);

    // Both are told, in the product (and by e-mail, through the outbox).
    const told = async (who: TestUser) =>
      json<{ items: { kind: string; params: { amount?: number; role?: string } }[] }>(await h.app.inject({ method: 'GET', url: '/notifications', headers: auth(who.accessToken) })).items.filter((n) => n.kind === 'released');
    expect(await told(seller)).toEqual([expect.objectContaining({ params: expect.objectContaining({ amount: 19000, role: 'seller' }) })]);
    expect(await told(buyer)).toEqual(expect.arrayContaining([expect.objectContaining({ params: expect.objectContaining({ role: 'buyer' }) })]));
    const outbox = await h.database.db.execute(sql`SELECT count(*)::int AS n FROM email_outbox WHERE kind = 'released' AND user_id = ${seller.id}`);
    expect((outbox as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
  });

  it("releases when the seller enters the buyer's code, trying it at most five times", async () => {
    const seller = await h.register('Seller');
    const { bookingId } = await paidSale(seller);
    const code = (await bookingOf(bookingId)).held!.handoverCode!;
    const wrong = code === '000000' ? '111111' : '000000';
    const first = await handover(bookingId, wrong, seller);
    expect(first.statusCode).toBe(400);
    expect(json<{ message: string }>(first).message).toBe("That is not the buyer's code: 4 tries left");
    for (const left of [3, 2, 1]) expect(json<{ message: string }>(await handover(bookingId, wrong, seller)).message).toContain(`${left} tr`);
    expect((await handover(bookingId, wrong, seller)).statusCode).toBe(429);
    // The sixth try is refused even with the right code; nothing moved; the buyer can still confirm.
    expect((await handover(bookingId, code, seller)).statusCode).toBe(429);
    expect(await balances(bookingId)).toEqual({ 'provider:card': 1_250_000, held: -1_250_000 });
    expect((await received(bookingId)).statusCode).toBe(200);

    const next = await paidSale(seller);
    const right = await handover(next.bookingId, (await bookingOf(next.bookingId)).held!.handoverCode!, seller);
    expect(right.statusCode).toBe(200);
    expect((await bookingOf(next.bookingId)).held?.releasedAt).not.toBeNull();
    expect((await handover(next.bookingId, '123456', seller)).statusCode).toBe(409);
  });

  it('counts handover tries per seller, not per address: sellers behind one NAT do not use up each other\'s', async () => {
    const [busy, other] = [await h.register('Seller'), await h.register('Seller')];
    const nobody = '7d3c1b2a-0f4e-4d5c-9b8a-1e2f3a4b5c6d'; // no such booking: each try is counted, and answered 404
    const tries = [];
    for (let n = 0; n < 21; n++) tries.push((await handover(nobody, '123456', busy)).statusCode);
    expect(tries.slice(0, 20).every((status) => status === 404)).toBe(true);
    expect(tries[20]).toBe(429);
    // The same address (every injected request comes from 127.0.0.1), another seller: not limited.
    expect((await handover(nobody, '123456', other)).statusCode).toBe(404);
    // And an anonymous caller is refused as one (401), not counted against anybody.
    expect((await h.app.inject({ method: 'POST', url: `/bookings/${nobody}/handover`, payload: { code: '123456' } })).statusCode).toBe(401);
  });

  it('refuses anyone not in the booking, and a malformed code, moving nothing', async () => {
    const seller = await h.register('Seller');
    const { bookingId } = await paidSale(seller);
    const code = (await bookingOf(bookingId)).held!.handoverCode!;
    const stranger = await h.register('Buyer');
    const otherSeller = await h.register('Seller');
    expect((await received(bookingId, stranger)).statusCode).toBe(403);
    expect((await received(bookingId, seller)).statusCode).toBe(403);
    expect((await handover(bookingId, code, otherSeller)).statusCode).toBe(403);
    expect((await handover(bookingId, code, buyer)).statusCode).toBe(403);
    expect((await handover(bookingId, '12ab', seller)).statusCode).toBe(400);
    expect((await received('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const unpaid = await h.book(buyer, await h.createProduct(seller));
    expect((await received(unpaid)).statusCode).toBe(409);
    expect(await balances(bookingId)).toEqual({ 'provider:card': 1_250_000, held: -1_250_000 });
  });

  it('keeps the ledger append-only and every posting balanced', async () => {
    await expect(h.database.db.execute(sql`UPDATE ledger_entries SET amount = 1`)).rejects.toThrow();
    await expect(h.database.db.execute(sql`DELETE FROM ledger_entries`)).rejects.toThrow();
    await expect(
      h.database.db.transaction((tx) => tx.execute(sql`INSERT INTO ledger_entries (posting, movement, account, amount) VALUES (gen_random_uuid(), 'fee', 'fees', 5)`)),
    ).rejects.toThrow();
    const perPosting = await h.database.db.execute(sql`SELECT posting FROM ledger_entries GROUP BY posting HAVING sum(amount) <> 0`);
    expect((perPosting as unknown as { rows: unknown[] }).rows).toEqual([]);
    expect(await balances()).not.toHaveProperty('undefined');
  });
});

describe('released by itself', () => {
  let quick: Harness;
  afterAll(() => quick?.close());

  it('after the set days with no confirmation', async () => {
    // 0.00003 days is 2.6 s.
    quick = await createHarness({ HOLD_DAYS: '0.00003', JOB_QUEUE: 'on', RELEASE_SWEEP_SECONDS: '1' });
    const seller = await quick.register('Seller');
    const who = await quick.register('Buyer');
    const bookingId = await quick.book(who, await quick.createProduct(seller, { resalePrice: 10000 }));
    const transactionId = await quick.payByCard(who, bookingId);
    await quick.app.inject({ method: 'POST', url: '/payments', headers: auth(who.accessToken), payload: { bookingId, transactionId } });
    const read = async () => json<Booking>(await quick.app.inject({ method: 'GET', url: `/bookings/${bookingId}`, headers: auth(who.accessToken) }));
    expect((await read()).held?.releasedAt).toBeNull();
    const deadline = Date.now() + 10_000;
    while (!(await read()).held?.releasedAt) {
      if (Date.now() > deadline) throw new Error('not released within 10 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const [row] = (await quick.database.db.execute(sql`SELECT release_reason FROM bookings WHERE id = ${bookingId}`) as unknown as { rows: { release_reason: string }[] }).rows;
    expect(row?.release_reason).toBe('auto');
  });
});
