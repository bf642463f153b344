import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, payments, products, refunds } from '../src/db/schema.js';
import { auth, createHarness, json, type Harness, type TestUser } from './support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

async function bookedPhone(price = 41000) {
  const seller = await h.register('Seller');
  const buyer = await h.register('Buyer');
  const productId = await h.createProduct(seller, { resalePrice: price, originalPrice: price * 2 });
  const bookingId = await h.book(buyer, productId);
  return { seller, buyer, productId, bookingId };
}

const recordPayment = (buyer: TestUser, bookingId: string, transactionId: string) =>
  h.app.inject({ method: 'POST', url: '/payments', headers: auth(buyer.accessToken), payload: { bookingId, transactionId } });

describe('POST /create-payment-intent', () => {
  it('charges the stored price in poisha, whatever the client says, and reuses the intent on a repeat', async () => {
    const { buyer, bookingId } = await bookedPhone(41000);
    // A price from the client is refused, naming the field (issue 66); the amount is always the stored one.
    const forged = await h.app.inject({ method: 'POST', url: '/create-payment-intent', headers: auth(buyer.accessToken), payload: { bookingId, resalePrice: 1 } });
    expect(json(forged)).toMatchObject({ statusCode: 400, message: 'resalePrice is not a field this operation takes' });
    const ask = () => h.app.inject({ method: 'POST', url: '/create-payment-intent', headers: auth(buyer.accessToken), payload: { bookingId } });
    const first = await ask();
    expect(first.statusCode).toBe(200);
    const { clientSecret, amount, currency } = json<{ clientSecret: string; amount: number; currency: string }>(first);
    expect({ amount, currency }).toEqual({ amount: 41000, currency: 'bdt' });
    const intent = await h.stripeClient.paymentIntents.retrieve(clientSecret.split('_secret_')[0]!);
    expect(intent).toMatchObject({ amount: 4_100_000, currency: 'bdt', metadata: { bookingId } });
    expect(json<{ clientSecret: string }>(await ask()).clientSecret).toBe(clientSecret);
  });

  it("refuses another buyer's booking", async () => {
    const { bookingId } = await bookedPhone();
    const other = await h.register('Buyer');
    const response = await h.app.inject({ method: 'POST', url: '/create-payment-intent', headers: auth(other.accessToken), payload: { bookingId } });
    expect(response.statusCode).toBe(403);
  });
});

describe('paying for a booking', () => {
  it('records a succeeded payment once: the booking is paid and the phone sold and gone from the storefront', async () => {
    const { buyer, bookingId, productId, seller } = await bookedPhone(36000);
    await h.app.inject({ method: 'POST', url: '/advertisedproducts', headers: auth(seller.accessToken), payload: { id: productId } });
    const transactionId = await h.payByCard(buyer, bookingId);

    const first = await recordPayment(buyer, bookingId, transactionId);
    expect(first.statusCode).toBe(201);
    const again = await recordPayment(buyer, bookingId, transactionId);
    expect(again.statusCode).toBe(201);
    expect(json(again)).toEqual(json(first));

    const stored = await h.database.db.select().from(payments).where(eq(payments.bookingId, bookingId));
    expect(stored).toEqual([expect.objectContaining({ transactionId, amount: 3_600_000, currency: 'bdt' })]);
    const [booking] = json<{ paid: boolean; transactionId: string }[]>(
      await h.app.inject({ method: 'GET', url: `/bookeditems?email=${buyer.email}`, headers: auth(buyer.accessToken) }),
    );
    expect(booking).toMatchObject({ paid: true, transactionId, available: false });
    const advertised = json<{ _id: string }[]>(await h.app.inject({ method: 'GET', url: '/advertised?limit=50' }));
    expect(advertised.some((p) => p._id === productId)).toBe(false);
    const mine = json<{ _id: string; status: string }[]>(await h.app.inject({ method: 'GET', url: `/addedproducts?email=${seller.email}`, headers: auth(seller.accessToken) }));
    expect(mine.find((p) => p._id === productId)?.status).toBe('sold');

    const afterwards = await h.app.inject({ method: 'POST', url: '/create-payment-intent', headers: auth(buyer.accessToken), payload: { bookingId } });
    expect(afterwards.statusCode).toBe(409);
  });

  it('records nothing for a declined card, and shows Stripe its message', async () => {
    const { buyer, bookingId } = await bookedPhone();
    const attempt = h.payByCard(buyer, bookingId, 'pm_card_chargeDeclined');
    await expect(attempt).rejects.toBeInstanceOf(Stripe.errors.StripeCardError);
    await expect(attempt).rejects.toThrow('Your card was declined.');
    const [booking] = await h.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    const response = await recordPayment(buyer, bookingId, booking!.paymentIntentId!);
    expect(response.statusCode).toBe(409);
    expect(await h.database.db.select().from(payments).where(eq(payments.bookingId, bookingId))).toEqual([]);
  });

  it("refuses a payment made for another booking, and an unknown one", async () => {
    const first = await bookedPhone();
    const second = await bookedPhone();
    const paidForFirst = await h.payByCard(first.buyer, first.bookingId);
    // The second buyer tries to pass off someone else's payment as their own.
    const stolen = await recordPayment(second.buyer, second.bookingId, paidForFirst);
    expect(stolen.statusCode).toBe(400);
    const unknown = await recordPayment(first.buyer, first.bookingId, 'pi_doesnotexist000000000000');
    expect(unknown.statusCode).toBe(400);
    const foreign = await recordPayment(second.buyer, first.bookingId, paidForFirst);
    expect(foreign.statusCode).toBe(403);
  });

  it('shows the next buyer that a sold phone is no longer available and will not take their money', async () => {
    const { buyer, bookingId, productId } = await bookedPhone();
    const late = await h.register('Buyer');
    const lateBooking = await h.book(late, productId);
    await recordPayment(buyer, bookingId, await h.payByCard(buyer, bookingId));
    const [mine] = json<{ available: boolean; paid: boolean }[]>(
      await h.app.inject({ method: 'GET', url: `/bookeditems?email=${late.email}`, headers: auth(late.accessToken) }),
    );
    expect(mine).toMatchObject({ available: false, paid: false });
    const intent = await h.app.inject({ method: 'POST', url: '/create-payment-intent', headers: auth(late.accessToken), payload: { bookingId: lateBooking } });
    expect(intent.statusCode).toBe(409);
    expect(json(intent).message).toMatch(/no longer available/);
    const rebook = await h.app.inject({ method: 'POST', url: '/bookeditems', headers: auth((await h.register('Buyer')).accessToken), payload: { id: productId, phone: '01700000000', meetingLocation: 'Gulshan' } });
    expect(rebook.statusCode).toBe(409);
  });
});

describe('two buyers paying for the same phone at once', () => {
  it('records exactly one sale and refunds the other, recording the refund', async () => {
    const seller = await h.register('Seller');
    const productId = await h.createProduct(seller, { resalePrice: 25000, originalPrice: 50000 });
    const [a, b] = [await h.register('Buyer'), await h.register('Buyer')];
    const [bookingA, bookingB] = [await h.book(a, productId), await h.book(b, productId)];
    // Both cards are charged before either sale is recorded.
    const [paymentA, paymentB] = await Promise.all([h.payByCard(a, bookingA), h.payByCard(b, bookingB)]);

    const results = await Promise.all([recordPayment(a, bookingA, paymentA), recordPayment(b, bookingB, paymentB)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const loser = results.find((r) => r.statusCode === 409)!;
    expect(json(loser).message).toMatch(/refunded/);
    const loserIntent = results[0]!.statusCode === 409 ? paymentA : paymentB;
    const winnerBooking = results[0]!.statusCode === 201 ? bookingA : bookingB;

    const sales = await h.database.db.select().from(payments).where(eq(payments.transactionId, paymentA));
    const salesB = await h.database.db.select().from(payments).where(eq(payments.transactionId, paymentB));
    expect(sales.length + salesB.length).toBe(1);
    const paidBookings = await h.database.db.select().from(bookings).where(eq(bookings.productId, productId));
    expect(paidBookings.filter((booking) => booking.paid).map((booking) => booking.id)).toEqual([winnerBooking]);
    const [product] = await h.database.db.select().from(products).where(eq(products.id, productId));
    expect(product?.status).toBe('sold');

    const recorded = await h.database.db.select().from(refunds).where(eq(refunds.providerPaymentId, loserIntent));
    expect(recorded).toEqual([expect.objectContaining({ amount: 2_500_000, currency: 'bdt' })]);
    const atStripe = [...h.stripe.refunds.values()].filter((refund) => refund.payment_intent === loserIntent);
    expect(atStripe).toHaveLength(1);

    // A retry by the loser changes nothing and refunds nothing twice.
    const retry = await recordPayment(results[0]!.statusCode === 409 ? a : b, results[0]!.statusCode === 409 ? bookingA : bookingB, loserIntent);
    expect(retry.statusCode).toBe(409);
    expect([...h.stripe.refunds.values()].filter((refund) => refund.payment_intent === loserIntent)).toHaveLength(1);

    // Each buyer's My Orders says what happened, in words.
    const stateFor = async (buyer: typeof a) =>
      json<{ productId: string; state: string }[]>(await h.app.inject({ method: 'GET', url: `/bookeditems?email=${buyer.email}`, headers: auth(buyer.accessToken) })).find(
        (booking) => booking.productId === productId,
      )?.state;
    const states = [await stateFor(a), await stateFor(b)].sort();
    expect(states).toEqual(['paid', 'refunded']);
  });
});
