// Disputes of held sales (issue 33): the buyer opens one with a note and photos; the admin refunds the buyer through
// the provider that took the payment, or releases to the seller; once, whoever clicks; every step in the ledger.
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage, Booking, DisputePage } from '@phonehaat/shared-api';
import { ledgerEntries } from '../src/db/schema.js';
import { auth, createHarness, json, type Harness, type TestUser } from './support/harness.js';

let h: Harness;
let buyer: TestUser;
let admin: TestUser;

const photo = () => sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 30, b: 30 } } }).jpeg().toBuffer();
const dispute = (bookingId: string, payload: Record<string, unknown>, who: TestUser = buyer) =>
  h.app.inject({ method: 'POST', url: `/bookings/${bookingId}/dispute`, headers: auth(who.accessToken), payload });
const decide = (disputeId: string, outcome: 'refund' | 'release', reason = 'The photos show another phone', who: TestUser = admin) =>
  h.app.inject({ method: 'POST', url: `/disputes/${disputeId}/decision`, headers: auth(who.accessToken), payload: { outcome, reason } });
const bookingOf = async (bookingId: string, who = buyer) => json<Booking>(await h.app.inject({ method: 'GET', url: `/bookings/${bookingId}`, headers: auth(who.accessToken) }));
const queue = async (status = 'open') => json<DisputePage>(await h.app.inject({ method: 'GET', url: `/disputes?status=${status}`, headers: auth(admin.accessToken) }));
const balances = async (bookingId: string) => {
  const rows = await h.database.db
    .select({ account: ledgerEntries.account, total: sql<string>`sum(${ledgerEntries.amount})` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.bookingId, bookingId))
    .groupBy(ledgerEntries.account);
  return Object.fromEntries(rows.map((row) => [row.account, Number(row.total)]).filter(([, total]) => total !== 0));
};
const kindsFor = async (who: TestUser) =>
  json<{ items: { kind: string; params: Record<string, unknown> }[] }>(await h.app.inject({ method: 'GET', url: '/notifications', headers: auth(who.accessToken) })).items;

beforeAll(async () => {
  h = await createHarness({ FEE_PERCENT: '5', NEW_SELLER_SALES: '0' });
  buyer = await h.register('Buyer');
  admin = await h.admin();
});
afterAll(() => h.close());

describe('a dispute of a held sale', () => {
  it('is opened by the buyer with a note and photos, stops the money, and reaches the admin queue; the admin refunds by card once', async () => {
    const seller = await h.register('Seller');
    const { bookingId } = await h.paidSale(seller, buyer, { resalePrice: 20000 });
    const uploaded = await h.upload(buyer, await photo());
    expect(uploaded.statusCode).toBe(201);
    const photoId = json<{ _id: string }>(uploaded)._id;

    const opened = await dispute(bookingId, { reason: 'not-as-described', note: 'The screen is cracked, not as in the photos', photoIds: [photoId] });
    expect(opened.statusCode).toBe(201);
    const disputeId = json<{ insertedId: string }>(opened).insertedId;
    expect((await bookingOf(bookingId)).held?.dispute).toMatchObject({ _id: disputeId, status: 'open', reason: 'not-as-described', photos: [expect.stringContaining('/photos/')] });

    // While disputed, nothing else releases it: not the buyer, not the code, not the sweep.
    expect((await h.app.inject({ method: 'POST', url: `/bookings/${bookingId}/received`, headers: auth(buyer.accessToken) })).statusCode).toBe(409);
    const code = (await bookingOf(bookingId)).held!.handoverCode!;
    expect((await h.app.inject({ method: 'POST', url: `/bookings/${bookingId}/handover`, headers: auth(seller.accessToken), payload: { code } })).statusCode).toBe(409);
    expect(await h.app.inject({ method: 'GET', url: '/disputes', headers: auth(seller.accessToken) })).toMatchObject({ statusCode: 403 });

    const open = await queue();
    expect(open.openCount).toBeGreaterThanOrEqual(1);
    expect(open.cases.find((c) => c._id === disputeId)).toMatchObject({ amount: 2_000_000, method: 'card', seller: { _id: seller.id }, buyer: { _id: buyer.id }, note: expect.stringContaining('cracked') });
    expect((await kindsFor(seller)).map((n) => n.kind)).toContain('disputed');

    // Two admins (or one double click) at once: one refund at Stripe, one in the ledger.
    const [a, b] = await Promise.all([decide(disputeId, 'refund'), decide(disputeId, 'refund')]);
    expect([a.statusCode, b.statusCode].filter((status) => status === 200).length).toBeGreaterThanOrEqual(1);
    expect([a.statusCode, b.statusCode].every((status) => status === 200 || status === 409)).toBe(true);
    expect([...h.stripe.refunds.values()].filter((refund) => refund.amount === 2_000_000)).toHaveLength(1);
    expect(await balances(bookingId)).toEqual({}); // paid in, given back: the booking's accounts are all zero
    const after = await bookingOf(bookingId);
    expect(after.state).toBe('refunded');
    expect(after.held).toMatchObject({ refundedAt: expect.any(String), handoverCode: null, dispute: { status: 'refunded', decisionReason: 'The photos show another phone' } });
    expect((await decide(disputeId, 'release')).statusCode).toBe(409);
    expect((await decide(disputeId, 'refund')).statusCode).toBe(409);

    expect((await kindsFor(buyer)).find((n) => n.kind === 'dispute-decided')?.params).toMatchObject({ outcome: 'refunded', amount: 20000, reason: 'The photos show another phone' });
    const log = json<AuditPage>(await h.app.inject({ method: 'GET', url: '/audit', headers: auth(admin.accessToken) }));
    expect(log.entries[0]).toMatchObject({ action: 'refund-dispute', targetType: 'booking', targetId: bookingId, reason: 'The photos show another phone' });
  });

  it('refunds a bKash payment through bKash', async () => {
    const seller = await h.register('Seller');
    const { bookingId } = await h.paidSale(seller, buyer, { resalePrice: 15000, method: 'bkash' });
    const disputeId = json<{ insertedId: string }>(await dispute(bookingId, { reason: 'seller-no-show' })).insertedId;
    expect((await decide(disputeId, 'refund', 'The seller did not come')).statusCode).toBe(200);
    const payment = [...h.bkash.payments.values()].find((p) => p.amount === '15000' && p.refund);
    expect(payment?.refund?.amount).toBe('15000');
    expect(await balances(bookingId)).toEqual({});
  });

  it('released by the admin goes to the seller less the fee, and can then be neither refunded nor disputed', async () => {
    const seller = await h.register('Seller');
    const { bookingId } = await h.paidSale(seller, buyer, { resalePrice: 10000 });
    const disputeId = json<{ insertedId: string }>(await dispute(bookingId, { reason: 'not-as-described' })).insertedId;
    expect((await decide(disputeId, 'release', 'The phone matches the listing')).statusCode).toBe(200);
    expect(await balances(bookingId)).toEqual({ 'provider:card': 1_000_000, [`seller:${seller.id}`]: -950_000, fees: -50_000 });
    expect((await decide(disputeId, 'refund')).statusCode).toBe(409);
    expect((await dispute(bookingId, { reason: 'not-as-described' })).statusCode).toBe(409);
    expect((await kindsFor(seller)).find((n) => n.kind === 'dispute-decided')?.params).toMatchObject({ outcome: 'released', reason: 'The phone matches the listing' });
    expect((await queue('decided')).cases.find((c) => c._id === disputeId)).toMatchObject({ status: 'released', decidedBy: 'Site Admin' });
  });

  it('races: a release against a dispute, and the admin release against a refund, each end one way', async () => {
    const seller = await h.register('Seller');
    const { bookingId } = await h.paidSale(seller, buyer);
    const [released, disputed] = await Promise.all([
      h.app.inject({ method: 'POST', url: `/bookings/${bookingId}/received`, headers: auth(buyer.accessToken) }),
      dispute(bookingId, { reason: 'not-as-described' }),
    ]);
    expect([released.statusCode, disputed.statusCode].sort()).toEqual(released.statusCode === 200 ? [200, 409] : [201, 409]);

    const other = await h.paidSale(seller, buyer);
    const id = json<{ insertedId: string }>(await dispute(other.bookingId, { reason: 'seller-no-show' })).insertedId;
    const [refund, release] = await Promise.all([decide(id, 'refund'), decide(id, 'release')]);
    expect([refund.statusCode, release.statusCode].sort()).toEqual([200, 409]);
    const sums = await balances(other.bookingId);
    expect(refund.statusCode === 200 ? sums : sums[`seller:${seller.id}`]).toEqual(refund.statusCode === 200 ? {} : -1_187_500);
  });

  it('refuses with a clear 4xx, moving nothing: not the buyer, bad input, photos not theirs, unknown ids', async () => {
    const seller = await h.register('Seller');
    const stranger = await h.register('Buyer');
    const { bookingId } = await h.paidSale(seller, buyer);
    expect((await dispute(bookingId, { reason: 'not-as-described' }, stranger)).statusCode).toBe(403);
    expect((await dispute(bookingId, { reason: 'not-as-described' }, seller)).statusCode).toBe(403);
    const bad = await dispute(bookingId, { reason: 'changed-my-mind' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('reason must be one of');
    const strangersPhoto = json<{ _id: string }>(await h.upload(stranger, await photo()))._id;
    const notMine = await dispute(bookingId, { reason: 'not-as-described', photoIds: [strangersPhoto] });
    expect(notMine.statusCode).toBe(400);
    expect((await bookingOf(bookingId)).held?.dispute).toBeNull(); // the refused dispute left nothing behind
    expect((await dispute('00000000-0000-4000-8000-000000000000', { reason: 'not-as-described' })).statusCode).toBe(404);
    expect((await decide('00000000-0000-4000-8000-000000000000', 'refund')).statusCode).toBe(404);
    expect((await decide(bookingId, 'refund', 'no')).statusCode).toBe(400);

    const unpaid = await h.book(buyer, await h.createProduct(seller));
    expect((await dispute(unpaid, { reason: 'seller-no-show' })).statusCode).toBe(409);
  });

  it('keeps a failed refund undone: the provider refusing leaves the dispute open for a retry', async () => {
    const seller = await h.register('Seller');
    const { bookingId } = await h.paidSale(seller, buyer, { method: 'bkash', resalePrice: 9000 });
    const id = json<{ insertedId: string }>(await dispute(bookingId, { reason: 'seller-no-show' })).insertedId;
    h.bkash.switches.offline = true;
    try {
      const failed = await decide(id, 'refund');
      expect(failed.statusCode).toBe(502);
      expect(failed.body).toContain('Nothing was refunded');
    } finally {
      h.bkash.switches.offline = false;
    }
    expect((await queue()).cases.find((c) => c._id === id)).toMatchObject({ status: 'open' });
    expect((await decide(id, 'refund')).statusCode).toBe(200);
    expect(await balances(bookingId)).toEqual({});
  });
  it('names no refund wallet for a sale paid online: it goes back the way it was paid', async () => {
    const seller = await h.register('Seller');
    const { bookingId } = await h.paidSale(seller, buyer);
    const opened = await h.app.inject({ method: 'POST', url: `/bookings/${bookingId}/dispute`, headers: auth(buyer.accessToken), payload: { reason: 'seller-no-show' } });
    expect(opened.statusCode).toBe(201);
    const asked = await h.app.inject({ method: 'PUT', url: `/bookings/${bookingId}/dispute/refund-wallet`, headers: auth(buyer.accessToken), payload: { method: 'nagad', number: '01811223344', confirmation: await h.confirmation(buyer) } });
    expect(json(asked)).toMatchObject({ statusCode: 409, message: expect.stringContaining('Only a sale paid in cash at the door') });
    const booking = json<Booking>(await h.app.inject({ method: 'GET', url: `/bookings/${bookingId}`, headers: auth(buyer.accessToken) }));
    expect(booking.held!.dispute!.refundTo).toBeNull();
  });

});
