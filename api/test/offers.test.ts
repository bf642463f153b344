// Bargaining as at a haat (issue 47): offers on phones open to them, counters, three rounds, answers within a set
// time, and an accepted offer as the booking's price — charged, held and recorded at that amount — whatever races it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Booking, Delivery, ListingBooking, NotificationPage, Offer, Product, ProductDetail } from '@phonehaat/shared-api';
import { auth, createHarness, json, type Harness, type TestUser } from './support/harness.js';
import { courierKit } from './support/courier.js';
import { rows } from '../src/db/rows.ts';
import { renderEmail } from '../src/email/templates.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const call = (user: TestUser | undefined, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, language = 'en') =>
  h.app.inject({ method, url, headers: { ...(user ? auth(user.accessToken) : {}), 'accept-language': language }, ...(payload ? { payload } : {}) });

/** A seller's phone at Tk 20,000, open to offers (at least `lowestOffer`, when given). */
async function openListing(lowestOffer: number | null = null) {
  const seller = await h.register('Seller', 'Karim Mia');
  const productId = await h.createProduct(seller, { name: 'Redmi Note 12', resalePrice: 20_000, originalPrice: 30_000, openToOffers: true, lowestOffer });
  return { seller, productId };
}
const offer = async (buyer: TestUser, productId: string, amount: number, note?: string) => call(buyer, 'POST', '/offers', { productId, amount, ...(note ? { note } : {}) });
const answer = (user: TestUser, offerId: string, action: 'accept' | 'decline' | 'counter', amount?: number, language = 'en') =>
  call(user, 'POST', `/offers/${offerId}/answer`, { action, ...(amount === undefined ? {} : { amount }) }, language);
const notices = async (user: TestUser) => json<NotificationPage>(await call(user, 'GET', '/notifications')).items.filter((item) => item.kind === 'offer');
const stateOf = async (offerId: string) => (await rows<{ status: string; amount: number }>(h.database.db, sql`SELECT status, amount FROM offers WHERE id = ${offerId}`))[0];

const { courierSeller, bookByCourier } = courierKit(() => h);

async function payByCard(buyer: TestUser, bookingId: string) {
  const transactionId = await h.payByCard(buyer, bookingId);
  return call(buyer, 'POST', '/payments', { bookingId, transactionId });
}

describe('a listing open to offers', () => {
  it('says so to everyone, and keeps the lowest price to its seller', async () => {
    const { seller, productId } = await openListing(15_000);
    const seen = json<Product & { lowestOffer?: unknown }>(await call(await h.register('Buyer'), 'GET', `/product/${productId}`));
    expect(seen.openToOffers).toBe(true);
    expect(seen).not.toHaveProperty('lowestOffer');
    const mine = json<{ _id: string; lowestOffer: number | null }[]>(await call(seller, 'GET', '/addedproducts')).find((item) => item._id === productId);
    expect(mine?.lowestOffer).toBe(15_000);
    // Closed again (and a lowest above the asking price is refused).
    expect((await call(seller, 'PUT', `/addedproducts/${productId}/offers`, { openToOffers: true, lowestOffer: 25_000 })).statusCode).toBe(400);
    expect(json(await call(seller, 'PUT', `/addedproducts/${productId}/offers`, { openToOffers: false }))).toEqual({ _id: productId, openToOffers: false, lowestOffer: null });
    const refused = await offer(await h.register('Buyer'), productId, 18_000);
    expect(refused.statusCode).toBe(409);
    expect(json(refused).message).toBe('This phone is not open to offers');
  });
});

describe('an offer, its counters and its acceptance', () => {
  it('ends in a sale at the agreed price: charged, held, and what the seller receives', async () => {
    const { seller, productId } = await openListing();
    const buyer = await h.register('Buyer', 'Nusrat Jahan');
    const made = await offer(buyer, productId, 16_000, 'Cash ready today');
    expect(made.statusCode, made.body).toBe(201);
    const opened = json<Offer>(made);
    expect(opened).toMatchObject({ status: 'open', amount: 16_000, round: 1, turn: 'seller', yourSide: 'buyer', askingPrice: 20_000, steps: [{ by: 'buyer', action: 'offered', amount: 16_000, note: 'Cash ready today' }] });
    expect((await notices(seller)).map((n) => n.params)).toContainEqual(expect.objectContaining({ offerStep: 'offered', amount: 16_000, who: 'Nusrat Jahan', role: 'seller' }));

    const countered = await answer(seller, opened._id, 'counter', 18_500);
    expect(json<Offer>(countered)).toMatchObject({ status: 'open', amount: 18_500, round: 2, turn: 'buyer', yourSide: 'seller' });
    expect((await notices(buyer)).map((n) => n.params)).toContainEqual(expect.objectContaining({ offerStep: 'countered', amount: 18_500, role: 'buyer' }));
    // Each step is a line of the pair's conversation about the phone, opened for it: facts the reader's page words.
    const [thread] = json<{ _id: string; listing: { _id: string }; unread: number }[]>(await call(buyer, 'GET', '/threads'));
    expect(thread?.listing._id).toBe(productId);
    expect(thread?.unread).toBe(1);
    const lines = json<{ messages: { body: string; offer: unknown }[] }>(await call(seller, 'GET', `/threads/${thread!._id}`)).messages;
    expect(lines.map((line) => line.offer)).toEqual([
      { offerId: opened._id, by: 'buyer', action: 'offered', amount: 16_000 },
      { offerId: opened._id, by: 'seller', action: 'countered', amount: 18_500 },
    ]);
    expect(lines.every((line) => line.body === '')).toBe(true);
    const accepted = json<Offer>(await answer(buyer, opened._id, 'accept'));
    expect(accepted).toMatchObject({ status: 'accepted', amount: 18_500 });
    expect(accepted.reservedUntil).not.toBeNull();

    // Kept for this buyer: another can neither offer nor book it.
    const other = await h.register('Buyer');
    expect(json(await offer(other, productId, 19_000))).toMatchObject({ statusCode: 409, message: 'This phone is kept for another buyer who agreed a price with the seller' });
    expect((await call(other, 'POST', '/bookeditems', { id: productId, phone: '01811-000111', meetingLocation: 'Dhaka' })).statusCode).toBe(409);

    const bookingId = await h.book(buyer, productId);
    expect(json<Booking>(await call(buyer, 'GET', `/bookings/${bookingId}`)).resalePrice).toBe(18_500);
    // The listing's price changes meanwhile: the agreed one stands.
    expect((await call(seller, 'PUT', `/addedproducts/${productId}/price`, { resalePrice: 19_000 })).statusCode).toBe(200);
    expect(json(await call(buyer, 'POST', '/create-payment-intent', { bookingId }))).toMatchObject({ amount: 18_500 });
    expect((await payByCard(buyer, bookingId)).statusCode).toBe(201);
    const [sale] = json<ListingBooking[]>(await call(seller, 'GET', `/addedproducts/${productId}/bookings`)).filter((b) => b.paid);
    expect(sale).toMatchObject({ amount: 18_500, sale: { fee: 18_500 * 0.02, receives: 18_500 * 0.98 } });
    const [ledger] = await rows<{ sum: number }>(h.database.db, sql`SELECT coalesce(sum(amount), 0)::int AS sum FROM ledger_entries WHERE booking_id = ${bookingId}`);
    expect(ledger?.sum).toBe(0);
  });

  it('is collected at the door at the agreed price (and the delivery fee) when paid in cash on delivery', async () => {
    const { seller, productId } = await courierSeller(45_000);
    expect((await call(seller, 'PUT', `/addedproducts/${productId}/offers`, { openToOffers: true })).statusCode).toBe(200);
    const buyer = await h.register('Buyer');
    const id = json<Offer>(await offer(buyer, productId, 40_000))._id;
    expect(json<Offer>(await answer(seller, id, 'accept')).status).toBe('accepted');
    // Before booking (issue 65): the phone's page says it is kept for this buyer at the agreed price, and for someone
    // else to anyone else; the courier's quote is at the agreed price for this buyer and refused to another.
    const other = await h.register('Buyer');
    expect(json<ProductDetail>(await call(buyer, 'GET', `/product/${productId}`)).keptFor).toMatchObject({ you: true, price: 40_000, until: expect.any(String) });
    expect(json<ProductDetail>(await call(other, 'GET', `/product/${productId}`)).keptFor).toMatchObject({ you: false, price: null });
    expect(json<ProductDetail>(await call(undefined, 'GET', `/product/${productId}`)).keptFor).toMatchObject({ you: false, price: null });
    expect(json(await call(buyer, 'GET', `/delivery/quote?productId=${productId}&district=sylhet`))).toMatchObject({ price: 40_000, agreed: true, deliveryFee: 110, total: 40_110 });
    const refused = await call(other, 'GET', `/delivery/quote?productId=${productId}&district=sylhet`, undefined, 'bn');
    expect(refused.statusCode).toBe(409);
    expect(json(refused)).toMatchObject({ message: 'বিক্রেতার সাথে দাম ঠিক করা আরেকজন ক্রেতার জন্য ফোনটি রাখা আছে' });
    const booked = await bookByCourier(buyer, productId, 'cash');
    expect(booked.statusCode, booked.body).toBe(201);
    const bookingId = json<{ insertedId: string }>(booked).insertedId;
    expect(json<Booking>(await call(buyer, 'GET', `/bookings/${bookingId}`))).toMatchObject({ resalePrice: 40_000, agreed: true, delivery: { cashOnDelivery: true, deliveryFee: 110 } });
    // The seller's view of it, the delivery's amount before it is sent, and the seller's notification: the agreed price.
    expect(json<ListingBooking[]>(await call(seller, 'GET', `/addedproducts/${productId}/bookings`))[0]).toMatchObject({ price: 40_000, agreed: true });
    expect(json<Delivery>(await call(buyer, 'GET', `/bookings/${bookingId}/delivery`))).toMatchObject({ price: 40_000, cashToCollect: 40_110, parcel: null });
    const booking = json<NotificationPage>(await call(seller, 'GET', '/notifications')).items.find((item) => item.kind === 'booked');
    expect(booking?.params).toMatchObject({ amount: 40_000, agreed: true });
    const sent = json<Delivery>(await call(seller, 'POST', `/bookings/${bookingId}/parcel`));
    expect(sent.parcel).toMatchObject({ cashToCollect: 40_110 });
    expect(h.pathao.parcels.get(sent.parcel!.consignmentId)).toMatchObject({ amount_to_collect: 40_110 });
  });

  it('declines every offer still open when its seller closes the phone to offers, and tells their buyers; the e-mail goes in their language', async () => {
    const { seller, productId } = await openListing();
    const buyer = await h.register('Buyer');
    const id = json<Offer>(await offer(buyer, productId, 15_000))._id;
    expect((await call(seller, 'PUT', `/addedproducts/${productId}/offers`, { openToOffers: false })).statusCode).toBe(200);
    expect((await stateOf(id))?.status).toBe('declined');
    expect((await notices(buyer)).map((n) => n.params.offerStep)).toContain('declined');
    // The seller was told of the offer by e-mail too (its own kind, which can be turned off).
    const mail = await rows<{ kind: string }>(h.database.db, sql`SELECT kind FROM email_outbox WHERE user_id = ${seller.id}`);
    expect(mail.map((row) => row.kind)).toContain('offer');
    const links = { open: 'http://localhost:4200/bn/dashboard/offers', unsubscribe: 'http://localhost:4200/bn/unsubscribe?token=t', to: (path: string) => `http://localhost:4200/bn${path}` };
    const bn = renderEmail('offer', { productName: 'Redmi Note 12', who: 'Nusrat', amount: 16_000, role: 'seller', offerStep: 'offered' }, 'bn', links);
    expect(bn?.subject).toBe('Nusrat আপনার Redmi Note 12-এর জন্য ৳১৬,০০০ প্রস্তাব দিয়েছেন');
    expect(renderEmail('offer', { productName: 'Redmi Note 12', amount: 18_500, role: 'buyer', offerStep: 'countered' }, 'en', links)?.subject).toBe('The seller of Redmi Note 12 countered with Tk 18,500');
  });

  it('declines at once, politely, an amount below the seller\'s lowest, never naming it and never asking the seller', async () => {
    const { seller, productId } = await openListing(17_000);
    const buyer = await h.register('Buyer');
    const made = await offer(buyer, productId, 12_000);
    expect(made.statusCode).toBe(201);
    expect(json<Offer>(made)).toMatchObject({ status: 'declined', steps: [{ action: 'offered' }, { by: 'phonehaat', action: 'declined' }] });
    expect(made.body).not.toContain('17000');
    expect(await notices(seller)).toEqual([]);
    // A new offer may follow.
    expect(json<Offer>(await offer(buyer, productId, 17_500)).status).toBe('open');
  });

  it('allows three rounds: the last is accepted or declined; a side answers only in its turn', async () => {
    const { seller, productId } = await openListing();
    const buyer = await h.register('Buyer');
    const id = json<Offer>(await offer(buyer, productId, 15_000))._id;
    expect(json(await answer(buyer, id, 'counter', 14_000))).toMatchObject({ statusCode: 409, message: 'This offer waits for the other side to answer' });
    expect(json(await answer(seller, id, 'counter', 14_000))).toMatchObject({ statusCode: 400, message: "A counter-offer must be above the buyer's offer" });
    expect((await answer(seller, id, 'counter', 19_000)).statusCode).toBe(200);
    expect((await answer(buyer, id, 'counter', 17_000)).statusCode).toBe(200);
    const fourth = await answer(seller, id, 'counter', 18_000, 'bn');
    expect(fourth.statusCode).toBe(409);
    expect(json(fourth).message).toBe('এটিই শেষ ধাপ: মেনে নিন বা নাকচ করুন');
    expect(await stateOf(id)).toEqual({ status: 'open', amount: 17_000 });
    expect(json<Offer>(await answer(seller, id, 'decline')).status).toBe('declined');
    expect(json(await answer(seller, id, 'accept'))).toMatchObject({ statusCode: 409, message: 'This offer was already answered' });
  });
});

describe('bad offers and answers', () => {
  it('are refused with a clear message, in the reader\'s language, and change nothing', async () => {
    const { seller, productId } = await openListing();
    const buyer = await h.register('Buyer');
    for (const [amount, status] of [[0, 400], [-5, 400], [150.5, 400], [20_001, 400]] as const) {
      const refused = await offer(buyer, productId, amount);
      expect(refused.statusCode, `${amount}`).toBe(status);
    }
    expect(json(await offer(buyer, productId, 20_001))).toMatchObject({ message: 'An offer cannot be above the asking price' });
    const bn = await call(buyer, 'POST', '/offers', { productId, amount: 25_000 }, 'bn');
    expect(json(bn).message).toBe('প্রস্তাব চাওয়া দামের বেশি হতে পারে না');
    // A seller makes no offers (on their own listing or any); unknown and removed listings are not found.
    expect((await offer(seller, productId, 15_000)).statusCode).toBe(403);
    expect((await offer(buyer, '00000000-0000-4000-8000-000000000000', 15_000)).statusCode).toBe(404);
    const removed = await openListing();
    expect((await h.app.inject({ method: 'DELETE', url: `/postedproduct/${removed.productId}`, headers: auth(removed.seller.accessToken) })).statusCode).toBe(200);
    expect((await offer(buyer, removed.productId, 15_000)).statusCode).toBe(404);
    const sold = await openListing();
    await h.sell(sold.productId);
    expect(json(await offer(buyer, sold.productId, 15_000))).toMatchObject({ statusCode: 409, message: 'This phone has already been sold' });
    const [{ n } = { n: -1 }] = await rows<{ n: number }>(h.database.db, sql`SELECT count(*)::int AS n FROM offers WHERE buyer_id = ${buyer.id}`);
    expect(n).toBe(0);

    // One live offer per buyer per listing; someone else's offer is not theirs to answer.
    const id = json<Offer>(await offer(buyer, productId, 15_000))._id;
    expect(json(await offer(buyer, productId, 16_000))).toMatchObject({ statusCode: 409, message: 'You already have an offer on this phone: wait for the answer' });
    const stranger = await h.register('Seller');
    expect(json(await answer(stranger, id, 'accept'))).toMatchObject({ statusCode: 403, message: 'This offer is not yours to answer' });
    expect((await call(stranger, 'GET', `/offers/${id}`)).statusCode).toBe(404);
    expect((await call(buyer, 'POST', `/offers/${id}/answer`, { action: 'counter' })).statusCode).toBe(400);
    expect(await stateOf(id)).toEqual({ status: 'open', amount: 15_000 });
  });
});

describe('the job queue', () => {
  // Its own API, with answers due in 3.6 s, reservations of 7.2 s and a sweep every second; the helpers above use it here.
  let main: Harness;
  beforeAll(async () => {
    main = h;
    h = await createHarness({ JOB_QUEUE: 'on', OFFER_ANSWER_HOURS: '0.001', OFFER_RESERVATION_HOURS: '0.002', OFFER_SWEEP_SECONDS: '1' });
  });
  afterAll(async () => {
    await h.close();
    h = main;
  });
  async function until(offerId: string, status: string) {
    const deadline = Date.now() + 20_000;
    while ((await stateOf(offerId))?.status !== status) {
      if (Date.now() > deadline) throw new Error(`offer not ${status} within 20 s: ${(await stateOf(offerId))?.status}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  it('expires an unanswered offer and tells both sides, once; answering it then is refused', async () => {
    const { seller, productId } = await openListing();
    const buyer = await h.register('Buyer');
    const id = json<Offer>(await offer(buyer, productId, 15_000))._id;
    await until(id, 'expired');
    expect(json(await answer(seller, id, 'accept'))).toMatchObject({ statusCode: 409, message: 'This offer has expired' });
    for (const user of [buyer, seller]) expect((await notices(user)).filter((n) => n.params.offerStep === 'expired')).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect((await notices(seller)).filter((n) => n.params.offerStep === 'expired')).toHaveLength(1);
  });

  it('lets an accepted price lapse when unpaid: the phone is back on sale at its listed price for everyone', async () => {
    const { seller, productId } = await openListing();
    const buyer = await h.register('Buyer');
    const id = json<Offer>(await offer(buyer, productId, 15_000))._id;
    expect((await answer(seller, id, 'accept')).statusCode).toBe(200);
    const bookingId = await h.book(buyer, productId);
    expect(json<Booking>(await call(buyer, 'GET', `/bookings/${bookingId}`)).resalePrice).toBe(15_000);
    await until(id, 'lapsed');
    expect(json<Booking>(await call(buyer, 'GET', `/bookings/${bookingId}`)).resalePrice).toBe(20_000);
    expect((await notices(buyer)).map((n) => n.params.offerStep)).toContain('lapsed');
    expect((await call(await h.register('Buyer'), 'POST', '/bookeditems', { id: productId, phone: '01811-000111', meetingLocation: 'Dhaka' })).statusCode).toBe(201);
  });
});

describe('one sale, whatever the race', () => {
  it('accepts one of two offers answered at once; the sale then closes the other, its buyer told', async () => {
    const { seller, productId } = await openListing();
    const [a, b] = [await h.register('Buyer'), await h.register('Buyer')];
    const first = json<Offer>(await offer(a, productId, 15_000))._id;
    const second = json<Offer>(await offer(b, productId, 16_000))._id;
    const answers = await Promise.all([answer(seller, first, 'accept'), answer(seller, second, 'accept')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = answers[0]!.statusCode === 200 ? { buyer: a, id: first } : { buyer: b, id: second };
    const loser = winner.buyer === a ? { buyer: b, id: second } : { buyer: a, id: first };
    expect((await stateOf(loser.id))?.status).toBe('open');
    const bookingId = await h.book(winner.buyer, productId);
    expect((await payByCard(winner.buyer, bookingId)).statusCode).toBe(201);
    expect((await stateOf(loser.id))?.status).toBe('declined');
    expect((await notices(loser.buyer)).map((n) => n.params.offerStep)).toContain('sold-elsewhere');
  });

  it('refunds another buyer who booked before the acceptance and pays while the phone is kept', async () => {
    const { seller, productId } = await openListing();
    const [bargainer, direct] = [await h.register('Buyer'), await h.register('Buyer')];
    const directBooking = await h.book(direct, productId);
    // The direct buyer starts paying by card before the acceptance...
    const intent = await call(direct, 'POST', '/create-payment-intent', { bookingId: directBooking });
    const id = json<Offer>(await offer(bargainer, productId, 15_000))._id;
    await answer(seller, id, 'accept');
    // ...a new start is refused before anything is charged...
    expect(json(await call(direct, 'POST', '/create-payment-intent', { bookingId: directBooking }))).toMatchObject({ statusCode: 409, message: 'This phone is no longer available' });
    expect(json<Booking>(await call(direct, 'GET', `/bookings/${directBooking}`)).available).toBe(false);
    // ...and the payment already under way is given back.
    const started = json<{ clientSecret: string }>(intent).clientSecret.split('_secret_')[0]!;
    const transactionId = (await h.stripeClient.paymentIntents.confirm(started, { payment_method: 'pm_card_visa' })).id;
    const paid = await call(direct, 'POST', '/payments', { bookingId: directBooking, transactionId });
    expect(json(paid)).toMatchObject({ statusCode: 409, message: 'Sorry, this phone is kept for a buyer who agreed a price with the seller; your payment has been refunded.' });
    const [refund] = await rows<{ amount: number }>(h.database.db, sql`SELECT amount FROM refunds WHERE booking_id = ${directBooking}`);
    expect(refund?.amount).toBe(20_000 * 100);
    const [sold] = await rows<{ status: string }>(h.database.db, sql`SELECT status FROM products WHERE id = ${productId}`);
    expect(sold?.status).toBe('available');
  });
});
