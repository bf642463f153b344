import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from './server.js';

let fake: FakeStripe;
let stripe: Stripe;
beforeEach(async () => {
  fake = await startFakeStripe({ port: 0 });
  stripe = new Stripe('sk_test_123', { host: '127.0.0.1', port: fake.port, protocol: 'http', maxNetworkRetries: 0 });
});
afterEach(() => fake.close());

const create = (amount = 4_100_000, key?: string) =>
  stripe.paymentIntents.create({ amount, currency: 'bdt', metadata: { bookingId: 'b-1' } }, key ? { idempotencyKey: key } : undefined);

describe('PaymentIntents', () => {
  it('creates and retrieves an intent with its client secret and metadata', async () => {
    const intent = await create();
    expect(intent).toMatchObject({ object: 'payment_intent', amount: 4_100_000, currency: 'bdt', status: 'requires_payment_method', metadata: { bookingId: 'b-1' } });
    expect(intent.client_secret).toMatch(new RegExp(`^${intent.id}_secret_`));
    expect(await stripe.paymentIntents.retrieve(intent.id)).toMatchObject({ id: intent.id, amount: 4_100_000 });
  });

  it('confirms with a test payment method and with raw card data', async () => {
    const first = await stripe.paymentIntents.confirm((await create()).id, { payment_method: 'pm_card_visa' });
    expect(first).toMatchObject({ status: 'succeeded', amount_received: 4_100_000 });
    const second = await stripe.paymentIntents.confirm((await create()).id, {
      payment_method_data: { type: 'card', card: { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2040, cvc: '123' } } as never,
    });
    expect(second.status).toBe('succeeded');
  });

  it("declines 4000 0000 0000 0002 with Stripe's message and leaves the intent unpaid", async () => {
    const intent = await create();
    const attempt = stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_chargeDeclined' });
    await expect(attempt).rejects.toBeInstanceOf(Stripe.errors.StripeCardError);
    await expect(attempt).rejects.toMatchObject({ message: 'Your card was declined.', code: 'card_declined', decline_code: 'generic_decline' });
    const after = await stripe.paymentIntents.retrieve(intent.id);
    expect(after.status).toBe('requires_payment_method');
    expect(after.last_payment_error?.message).toBe('Your card was declined.');
  });

  it('declines insufficient funds and a wrong number', async () => {
    await expect(stripe.paymentIntents.confirm((await create()).id, { payment_method: 'pm_card_chargeDeclinedInsufficientFunds' })).rejects.toMatchObject({
      decline_code: 'insufficient_funds',
    });
    await expect(
      stripe.paymentIntents.confirm((await create()).id, { payment_method_data: { type: 'card', card: { number: '4242424242424241' } } as never }),
    ).rejects.toMatchObject({ code: 'incorrect_number' });
  });

  it('refuses to confirm a succeeded intent again', async () => {
    const intent = await create();
    await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
    await expect(stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' })).rejects.toMatchObject({ code: 'payment_intent_unexpected_state' });
  });

  it('replays an idempotent request and refuses the key with other parameters', async () => {
    const first = await create(1000, 'key-1');
    const again = await create(1000, 'key-1');
    expect(again.id).toBe(first.id);
    expect(fake.paymentIntents.size).toBe(1);
    await expect(create(2000, 'key-1')).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it('names a missing parameter, refuses a bad key and 404s an unknown intent', async () => {
    await expect(stripe.paymentIntents.create({ currency: 'bdt' } as never)).rejects.toMatchObject({ type: 'StripeInvalidRequestError', param: 'amount' });
    const wrongKey = new Stripe('nope', { host: '127.0.0.1', port: fake.port, protocol: 'http', maxNetworkRetries: 0 });
    await expect(wrongKey.paymentIntents.retrieve('pi_x')).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    await expect(stripe.paymentIntents.retrieve('pi_missing')).rejects.toMatchObject({ code: 'resource_missing', statusCode: 404 });
  });

  it('lets a publishable key confirm only with the matching client secret', async () => {
    const intent = await create();
    const confirm = (secret: string) =>
      fetch(`${fake.url}/v1/payment_intents/${intent.id}/confirm`, {
        method: 'POST',
        headers: { authorization: 'Bearer pk_test_abc', 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_secret: secret, payment_method: 'pm_card_visa' }),
      });
    expect((await confirm('pi_wrong_secret_x')).status).toBe(400);
    const ok = await confirm(intent.client_secret!);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { status: string }).status).toBe('succeeded');
    const createWithPk = await fetch(`${fake.url}/v1/payment_intents`, { method: 'POST', headers: { authorization: 'Bearer pk_test_abc' }, body: 'amount=1&currency=bdt' });
    expect(createWithPk.status).toBe(401);
  });
});

describe('refunds', () => {
  it('refunds a succeeded payment once', async () => {
    const intent = await stripe.paymentIntents.confirm((await create()).id, { payment_method: 'pm_card_visa' });
    const refund = await stripe.refunds.create({ payment_intent: intent.id });
    expect(refund).toMatchObject({ object: 'refund', amount: 4_100_000, currency: 'bdt', status: 'succeeded', payment_intent: intent.id });
    await expect(stripe.refunds.create({ payment_intent: intent.id })).rejects.toMatchObject({ code: 'charge_already_refunded' });
    expect((await stripe.refunds.retrieve(refund.id)).id).toBe(refund.id);
  });

  it('cannot refund an unpaid intent', async () => {
    await expect(stripe.refunds.create({ payment_intent: (await create()).id })).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  });
});

describe('webhooks', () => {
  it('delivers a signed payment_intent.succeeded event', async () => {
    const secret = 'whsec_test_secret';
    const received: { body: string; signature: string }[] = [];
    const receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        received.push({ body, signature: String(request.headers['stripe-signature']) });
        response.end('{}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    fake.setWebhook(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`, secret);
    const intent = await stripe.paymentIntents.confirm((await create()).id, { payment_method: 'pm_card_visa' });
    for (let i = 0; i < 50 && received.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    receiver.close();
    const [delivery] = received;
    const event = stripe.webhooks.constructEvent(delivery!.body, delivery!.signature, secret);
    expect(event.type).toBe('payment_intent.succeeded');
    expect((event.data.object as Stripe.PaymentIntent).id).toBe(intent.id);
    expect(() => stripe.webhooks.constructEvent(delivery!.body, delivery!.signature, 'whsec_other')).toThrow();
  });
});
