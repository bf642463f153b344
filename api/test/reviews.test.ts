// Ratings from real buyers (issue 28): only a paid, not refunded purchase is rated, once, by its buyer; changed for 14
// days; the seller replies once; an admin removes an abusive one; profiles, cards and search read the average.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking, Product, ReviewPage, SellerProfile } from '@phonehaat/shared-api';
import { auth, createHarness, json, type Harness, type TestUser } from './support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

/** A phone of `seller` booked and paid for by `buyer`: the booking's id. */
async function bought(buyer: TestUser, seller: TestUser, name = 'Pixel 7 128GB'): Promise<string> {
  const productId = await h.createProduct(seller, { name });
  const bookingId = await h.book(buyer, productId);
  const transactionId = await h.payByCard(buyer, bookingId);
  const paid = await h.app.inject({ method: 'POST', url: '/payments', headers: auth(buyer.accessToken), payload: { bookingId, transactionId } });
  expect(paid.statusCode, paid.body).toBe(201);
  return bookingId;
}
const rate = (user: TestUser, bookingId: string, payload: unknown) =>
  h.app.inject({ method: 'POST', url: `/bookings/${bookingId}/review`, headers: auth(user.accessToken), payload: payload as Record<string, unknown> });
const profileOf = async (seller: TestUser) => json<SellerProfile>(await h.app.inject({ method: 'GET', url: `/sellers/${seller.id}` }));
const reviewsOf = async (seller: TestUser) => json<ReviewPage>(await h.app.inject({ method: 'GET', url: `/sellers/${seller.id}/reviews` }));

describe('a buyer who paid rates the seller', () => {
  it('once, and everyone sees it: the profile, the reviews, every card of the seller, and the buyer’s own booking', async () => {
    const seller = await h.register('Seller', 'Karim Hossain');
    const buyer = await h.register('Buyer', 'Tanvir Ahmed Khan');
    const bookingId = await bought(buyer, seller);
    const onSale = await h.createProduct(seller, { name: 'Galaxy A54 rated seller' });

    const created = await rate(buyer, bookingId, { stars: 4, comment: '  Phone exactly as described, met on time.  ' });
    expect(created.statusCode, created.body).toBe(201);
    expect(await profileOf(seller)).toMatchObject({ name: 'Karim Hossain', phonesSold: 1, rating: 4, reviewCount: 1 });
    const { reviews, total } = await reviewsOf(seller);
    expect(total).toBe(1);
    expect(reviews[0]).toMatchObject({ stars: 4, comment: 'Phone exactly as described, met on time.', buyerName: 'Tanvir K.', productName: 'Pixel 7 128GB', reply: null, editedAt: null });

    const page = json<Product>(await h.app.inject({ method: 'GET', url: `/product/${onSale}`, headers: auth(buyer.accessToken) }));
    expect(page).toMatchObject({ sellerId: seller.id, sellerRating: 4, sellerReviews: 1 });
    const found = json<{ products: Product[] }>(await h.app.inject({ method: 'GET', url: '/search?q=rated+seller', headers: auth(buyer.accessToken) }));
    expect(found.products.find(({ _id }) => _id === onSale)).toMatchObject({ sellerRating: 4, sellerReviews: 1 });
    const listings = json<{ products: Product[]; total: number }>(await h.app.inject({ method: 'GET', url: `/sellers/${seller.id}/listings` }));
    expect(listings.products.map(({ _id }) => _id)).toEqual([onSale]);

    const mine = json<Booking[]>(await h.app.inject({ method: 'GET', url: `/bookeditems?email=${buyer.email}`, headers: auth(buyer.accessToken) }));
    const review = mine.find(({ _id }) => _id === bookingId)?.review;
    expect(review).toMatchObject({ stars: 4, comment: 'Phone exactly as described, met on time.' });
    expect(Date.parse(review!.editableUntil) - Date.now()).toBeGreaterThan(13.9 * 24 * 3600_000);

    const again = await rate(buyer, bookingId, { stars: 5 });
    expect(again.statusCode).toBe(409);
    expect(json<{ message: string }>(again).message).toBe('You already rated this purchase: change your review instead');
    expect((await profileOf(seller)).reviewCount).toBe(1);
  });

  it('refuses bad stars and comments (400), unpaid or refunded purchases (409), someone else’s (403) and unknown ones (404), changing nothing', async () => {
    const seller = await h.register('Seller');
    const buyer = await h.register('Buyer');
    const other = await h.register('Buyer');
    const bookingId = await bought(buyer, seller);
    for (const payload of [{ stars: 0 }, { stars: 6 }, { stars: 4.5 }, { stars: '5' }, {}, { stars: 5, comment: 'x'.repeat(1001) }]) {
      const refused = await rate(buyer, bookingId, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(json<{ message: string }>(await rate(buyer, bookingId, { stars: 6 })).message).toContain('Choose 1 to 5 stars');
    expect((await rate(other, bookingId, { stars: 1 })).statusCode).toBe(403);
    expect((await rate(seller, bookingId, { stars: 5 })).statusCode).toBe(403);
    expect((await rate(buyer, '00000000-0000-4000-8000-000000000000', { stars: 5 })).statusCode).toBe(404);

    const unpaid = await h.book(other, await h.createProduct(seller));
    const notPaid = await rate(other, unpaid, { stars: 5 });
    expect(notPaid.statusCode).toBe(409);
    expect(json<{ message: string }>(notPaid).message).toContain('once the phone is paid for');

    const refundedBooking = await bought(other, seller, 'Refunded phone');
    await h.database.db.execute(
      sql`INSERT INTO refunds (booking_id, provider_payment_id, refund_id, amount, currency, reason) VALUES (${refundedBooking}, 'pi_test', 're_test', 68000, 'bdt', 'requested_by_customer')`,
    );
    expect((await rate(other, refundedBooking, { stars: 1 })).statusCode).toBe(409);
    expect(await profileOf(seller)).toMatchObject({ rating: null, reviewCount: 0 });
  });
});

describe('after rating', () => {
  it('its buyer changes it for 14 days, then not; nobody else can', async () => {
    const seller = await h.register('Seller');
    const buyer = await h.register('Buyer');
    const { insertedId } = json<{ insertedId: string }>(await rate(buyer, await bought(buyer, seller), { stars: 2, comment: 'Late' }));
    const change = (user: TestUser, payload: unknown) => h.app.inject({ method: 'PUT', url: `/reviews/${insertedId}`, headers: auth(user.accessToken), payload: payload as Record<string, unknown> });

    expect((await change(buyer, { stars: 5, comment: 'Late, but the phone is perfect' })).statusCode).toBe(200);
    expect(await profileOf(seller)).toMatchObject({ rating: 5, reviewCount: 1 });
    expect((await reviewsOf(seller)).reviews[0]).toMatchObject({ stars: 5, comment: 'Late, but the phone is perfect', editedAt: expect.any(String) });
    expect((await change(await h.register('Buyer'), { stars: 1 })).statusCode).toBe(403);
    expect((await change(buyer, { stars: 0 })).statusCode).toBe(400);

    await h.database.db.execute(sql`UPDATE reviews SET created_at = now() - interval '15 days' WHERE id = ${insertedId}`);
    const late = await change(buyer, { stars: 1 });
    expect(late.statusCode).toBe(409);
    expect(json<{ message: string }>(late).message).toBe('A review can be changed for 14 days after it was written');
    expect((await profileOf(seller)).rating).toBe(5);
  });

  it('the seller replies once; nobody else can', async () => {
    const seller = await h.register('Seller');
    const buyer = await h.register('Buyer');
    const { insertedId } = json<{ insertedId: string }>(await rate(buyer, await bought(buyer, seller), { stars: 3 }));
    const reply = (user: TestUser, text: unknown) => h.app.inject({ method: 'POST', url: `/reviews/${insertedId}/reply`, headers: auth(user.accessToken), payload: { reply: text } });

    expect((await reply(await h.register('Seller'), 'Not my review')).statusCode).toBe(403);
    expect((await reply(buyer, 'Me too')).statusCode).toBe(403);
    expect((await reply(seller, '   ')).statusCode).toBe(400);
    expect((await reply(seller, 'Thank you! The box was in my car.')).statusCode).toBe(200);
    expect((await reviewsOf(seller)).reviews[0]).toMatchObject({ reply: 'Thank you! The box was in my car.', repliedAt: expect.any(String) });
    const mine = json<ReviewPage>(await h.app.inject({ method: 'GET', url: '/me/reviews', headers: auth(seller.accessToken) }));
    expect(mine.reviews.map(({ _id }) => _id)).toEqual([insertedId]);
    const twice = await reply(seller, 'And again');
    expect(twice.statusCode).toBe(409);
    expect((await reviewsOf(seller)).reviews[0]!.reply).toBe('Thank you! The box was in my car.');
  });

  it('an admin removes an abusive review with a reason: gone from the profile and the average, in the activity log', async () => {
    const admin = await h.admin();
    const seller = await h.register('Seller');
    const buyer = await h.register('Buyer');
    const { insertedId } = json<{ insertedId: string }>(await rate(buyer, await bought(buyer, seller), { stars: 1, comment: 'Insults here' }));
    const remove = (payload: unknown) => h.app.inject({ method: 'DELETE', url: `/admin/reviews/${insertedId}`, headers: auth(admin.accessToken), payload: payload as Record<string, unknown> });

    expect((await remove({})).statusCode).toBe(400);
    expect((await remove({ reason: 'Abusive language' })).statusCode).toBe(200);
    expect(await profileOf(seller)).toMatchObject({ rating: null, reviewCount: 0 });
    expect((await reviewsOf(seller)).total).toBe(0);
    expect((await remove({ reason: 'Abusive language' })).statusCode).toBe(404);
    const audit = json<{ entries: { action: string; targetType: string; targetLabel: string; reason: string }[] }>(await h.app.inject({ method: 'GET', url: '/audit?limit=100', headers: auth(admin.accessToken) }));
    expect(audit.entries).toEqual(expect.arrayContaining([expect.objectContaining({ action: 'remove-review', targetType: 'review', targetLabel: `1★ for ${seller.name}: Insults here`, reason: 'Abusive language' })]));
    // Removed, the buyer does not see it on their booking and cannot rate the purchase again.
    expect((await rate(buyer, (await h.database.db.execute(sql`SELECT booking_id FROM reviews WHERE id = ${insertedId}`) as unknown as { rows: { booking_id: string }[] }).rows[0]!.booking_id, { stars: 5 })).statusCode).toBe(409);
  });
});

describe('profiles and search', () => {
  it('a profile of someone who is not a seller is not found; search sorts by seller rating, unrated last', async () => {
    const buyer = await h.register('Buyer');
    expect((await h.app.inject({ method: 'GET', url: `/sellers/${buyer.id}` })).statusCode).toBe(404);

    const good = await h.register('Seller');
    const fair = await h.register('Seller');
    const unrated = await h.register('Seller');
    await rate(buyer, await bought(buyer, good), { stars: 5 });
    await rate(buyer, await bought(buyer, fair), { stars: 3 });
    const tag = `zq${Date.now().toString(36)}`;
    const ids = [];
    for (const seller of [unrated, fair, good]) ids.push(await h.createProduct(seller, { name: `Redmi Note ${tag}` }));
    const sorted = json<{ products: Product[]; sort: string }>(await h.app.inject({ method: 'GET', url: `/search?q=${tag}&sort=rating`, headers: auth(buyer.accessToken) }));
    expect(sorted.sort).toBe('rating');
    expect(sorted.products.map(({ _id }) => _id)).toEqual([ids[2], ids[1], ids[0]]);
    expect(sorted.products.map(({ sellerRating }) => sellerRating)).toEqual([5, 3, null]);
  });
});
