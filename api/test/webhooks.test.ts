import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createHarness, json, type Harness } from './support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  await h.app.listen({ host: '127.0.0.1', port: 0 });
  const address = h.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  h.stripe.setWebhook(`http://127.0.0.1:${port}/webhooks/stripe`, h.env.STRIPE_WEBHOOK_SECRET);
});
afterAll(() => h.close());

const waitFor = async (check: () => Promise<boolean>, ms = 10_000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe('Stripe webhook', () => {
  it('records a payment whose buyer closed the tab before the page could', async () => {
    const seller = await h.register('Seller');
    const buyer = await h.register('Buyer');
    const bookingId = await h.book(buyer, await h.createProduct(seller));
    const transactionId = await h.payByCard(buyer, bookingId);
    await waitFor(async () => json<{ paid: boolean }>(await h.app.inject({ method: 'GET', url: `/bookings/${bookingId}`, headers: auth(buyer.accessToken) })).paid);
    const booking = json(await h.app.inject({ method: 'GET', url: `/bookings/${bookingId}`, headers: auth(buyer.accessToken) }));
    expect(booking).toMatchObject({ paid: true, transactionId });
    // The page's own call afterwards is harmless.
    const late = await h.app.inject({ method: 'POST', url: '/payments', headers: auth(buyer.accessToken), payload: { bookingId, transactionId } });
    expect(late.statusCode).toBe(201);
  });

  it('refuses an unsigned or wrongly signed event', async () => {
    const payload = JSON.stringify({ id: 'evt_1', type: 'payment_intent.succeeded', data: { object: { id: 'pi_x', metadata: {} } } });
    const unsigned = await h.app.inject({ method: 'POST', url: '/webhooks/stripe', headers: { 'content-type': 'application/json' }, payload });
    expect(unsigned.statusCode).toBe(400);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' });
    const forged = await h.app.inject({ method: 'POST', url: '/webhooks/stripe', headers: { 'content-type': 'application/json', 'stripe-signature': header }, payload });
    expect(forged.statusCode).toBe(400);
  });
});
