import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_CARDS } from './cards.js';
import { MAX_BODY_BYTES, startFakeStripe, type FakeStripe } from './server.js';

let fake: FakeStripe;
let stripe: Stripe;
let logs: string[];

const client = (key: string) => new Stripe(key, { host: '127.0.0.1', port: fake.port, protocol: 'http', maxNetworkRetries: 0 });

beforeEach(async () => {
  logs = [];
  fake = await startFakeStripe({ port: 0, logger: (message) => logs.push(message) });
  stripe = client('sk_test_123');
});
afterEach(() => fake.close());

const createIntent = (amount = 4_100_000, idempotencyKey?: string) =>
  stripe.paymentIntents.create(
    { amount, currency: 'bdt', metadata: { bookingId: 'booking-1' }, description: 'iPhone 13 Pro', receipt_email: 'buyer@test.phonehaat' },
    idempotencyKey ? { idempotencyKey } : undefined,
  );

/** Raw card details, as the payment page sends them; the SDK's types only describe tokenised cards. */
const withCard = (number: string, expiry: { exp_month: number; exp_year: number } = { exp_month: 12, exp_year: 2040 }) =>
  ({
    payment_method_data: {
      type: 'card',
      card: { number, cvc: '123', ...expiry },
      billing_details: { name: 'Rahim Uddin', email: 'rahim@test.phonehaat' },
    },
  }) as unknown as Stripe.PaymentIntentConfirmParams;

const paidIntent = async (amount?: number) => stripe.paymentIntents.confirm((await createIntent(amount)).id, { payment_method: 'pm_card_visa' });

async function until(condition: () => boolean, timeoutMs = 3_000) {
  for (const started = Date.now(); !condition(); ) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('PaymentIntents', () => {
  it('creates an intent shaped like Stripe’s and retrieves it', async () => {
    const intent = await createIntent();
    expect(intent.id).toMatch(/^pi_[A-Za-z0-9]{24}$/);
    expect(intent.client_secret).toMatch(new RegExp(`^${intent.id}_secret_[A-Za-z0-9]+$`));
    expect(intent).toMatchObject({
      object: 'payment_intent',
      amount: 4_100_000,
      amount_received: 0,
      currency: 'bdt',
      status: 'requires_payment_method',
      metadata: { bookingId: 'booking-1' },
      description: 'iPhone 13 Pro',
      receipt_email: 'buyer@test.phonehaat',
      livemode: false,
      latest_charge: null,
      payment_method: null,
      last_payment_error: null,
    });
    expect(Math.abs(intent.created - Date.now() / 1000)).toBeLessThan(5);
    expect(intent.lastResponse.headers['request-id']).toMatch(/^req_/);
    expect(await stripe.paymentIntents.retrieve(intent.id)).toEqual(intent);
  });

  it('reads nested form arrays such as allowed_payment_method_types', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 500, currency: 'BDT', allowed_payment_method_types: ['card'] });
    expect(intent).toMatchObject({ currency: 'bdt', allowed_payment_method_types: ['card'], payment_method_types: ['card'] });
  });

  it('names a missing or invalid parameter', async () => {
    const missing = stripe.paymentIntents.create({ currency: 'bdt' } as Stripe.PaymentIntentCreateParams);
    await expect(missing).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    await expect(missing).rejects.toMatchObject({ statusCode: 400, param: 'amount', message: 'Missing required param: amount.' });
    await expect(stripe.paymentIntents.create({ amount: 100 } as Stripe.PaymentIntentCreateParams)).rejects.toMatchObject({ param: 'currency' });
    await expect(stripe.paymentIntents.create({ amount: 0, currency: 'bdt' })).rejects.toMatchObject({ param: 'amount', code: 'parameter_invalid_integer' });
    await expect(stripe.paymentIntents.create({ amount: 10.5, currency: 'bdt' })).rejects.toMatchObject({ param: 'amount' });
    expect(fake.paymentIntents.size).toBe(0);
  });

  it('answers 404 for an unknown intent', async () => {
    const lookup = stripe.paymentIntents.retrieve('pi_doesnotexist');
    await expect(lookup).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    await expect(lookup).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'intent', message: "No such payment_intent: 'pi_doesnotexist'" });
  });
});

describe('confirming', () => {
  it('charges pm_card_visa', async () => {
    const intent = await paidIntent();
    expect(intent).toMatchObject({ status: 'succeeded', amount_received: 4_100_000, last_payment_error: null });
    expect(intent.payment_method).toMatch(/^pm_[A-Za-z0-9]{24}$/);
    expect(intent.latest_charge).toMatch(/^ch_[A-Za-z0-9]{24}$/);
    expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe('succeeded');
  });

  it('charges raw card data for 4242… and keeps the billing details on the charge', async () => {
    const intent = await stripe.paymentIntents.confirm((await createIntent()).id, withCard('4242 4242 4242 4242'));
    expect(intent.status).toBe('succeeded');
    expect(fake.charges.get(intent.latest_charge as string)).toMatchObject({
      amount: 4_100_000,
      payment_intent: intent.id,
      billing_details: { name: 'Rahim Uddin', email: 'rahim@test.phonehaat' },
    });
  });

  it('declines 4000 0000 0000 0002 with Stripe’s card error and leaves the intent unpaid', async () => {
    const intent = await createIntent();
    const attempt = stripe.paymentIntents.confirm(intent.id, withCard(TEST_CARDS.declined));
    await expect(attempt).rejects.toBeInstanceOf(Stripe.errors.StripeCardError);
    await expect(attempt).rejects.toMatchObject({
      statusCode: 402,
      message: 'Your card was declined.',
      code: 'card_declined',
      decline_code: 'generic_decline',
      payment_intent: { id: intent.id, status: 'requires_payment_method' },
    });
    const after = await stripe.paymentIntents.retrieve(intent.id);
    expect(after).toMatchObject({ status: 'requires_payment_method', amount_received: 0, latest_charge: null });
    expect(after.last_payment_error).toMatchObject({ type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' });
    // The buyer may try another card.
    expect((await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' })).status).toBe('succeeded');
  });

  it('declines insufficient funds, a wrong number and an expired card', async () => {
    const attempt = async (params: Stripe.PaymentIntentConfirmParams) => stripe.paymentIntents.confirm((await createIntent()).id, params);
    await expect(attempt({ payment_method: 'pm_card_chargeDeclinedInsufficientFunds' })).rejects.toMatchObject({
      type: 'StripeCardError',
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
    await expect(attempt(withCard(TEST_CARDS.insufficientFunds))).rejects.toMatchObject({ decline_code: 'insufficient_funds' });
    await expect(attempt(withCard(TEST_CARDS.incorrectNumber))).rejects.toMatchObject({ code: 'incorrect_number', message: 'Your card number is incorrect.' });
    await expect(attempt(withCard(TEST_CARDS.visa, { exp_month: 1, exp_year: 2020 }))).rejects.toMatchObject({
      code: 'expired_card',
      message: 'Your card has expired.',
    });
    expect([...fake.paymentIntents.values()].every((intent) => intent.status === 'requires_payment_method')).toBe(true);
  });

  it('refuses to confirm a succeeded intent again', async () => {
    const intent = await paidIntent();
    await expect(stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'payment_intent_unexpected_state',
    });
    expect(fake.charges.size).toBe(1);
  });

  it('lets a publishable key confirm only with the intent’s client secret', async () => {
    const intent = await createIntent();
    const browser = client('pk_test_abc');
    const confirm = (clientSecret?: string) =>
      browser.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa', client_secret: clientSecret } as Stripe.PaymentIntentConfirmParams);
    await expect(confirm()).rejects.toMatchObject({ param: 'client_secret' });
    await expect(confirm(`${intent.id}_secret_wrong`)).rejects.toMatchObject({ statusCode: 400, param: 'client_secret' });
    expect(fake.paymentIntents.get(intent.id)?.status).toBe('requires_payment_method');
    expect((await confirm(intent.client_secret!)).status).toBe('succeeded');
    // Everything else needs the secret key.
    await expect(browser.paymentIntents.create({ amount: 100, currency: 'bdt' })).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    await expect(browser.refunds.create({ payment_intent: intent.id })).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });
});

describe('idempotency', () => {
  it('replays the stored response for the same key and request', async () => {
    const first = await createIntent(1000, 'booking-1-1000');
    const again = await createIntent(1000, 'booking-1-1000');
    expect(again.id).toBe(first.id);
    expect(again.client_secret).toBe(first.client_secret);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(first.lastResponse.headers['idempotent-replayed']).toBeUndefined();
    expect(fake.paymentIntents.size).toBe(1);
  });

  it('refuses a key reused with other parameters', async () => {
    await createIntent(1000, 'booking-1-1000');
    const reuse = createIntent(2000, 'booking-1-1000');
    await expect(reuse).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    await expect(reuse).rejects.toMatchObject({ statusCode: 400, message: expect.stringMatching(/^Keys for idempotent requests can only be used with the same parameters/) });
    expect(fake.paymentIntents.size).toBe(1);
  });

  it('replays a decline, but lets a key whose parameters were rejected be used again', async () => {
    const intent = await createIntent();
    const decline = () => stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_chargeDeclined' }, { idempotencyKey: 'confirm-1' });
    await expect(decline()).rejects.toMatchObject({ code: 'card_declined' });
    await expect(decline()).rejects.toMatchObject({ code: 'card_declined', headers: { 'idempotent-replayed': 'true' } });

    const missing = stripe.paymentIntents.create({ currency: 'bdt' } as Stripe.PaymentIntentCreateParams, { idempotencyKey: 'create-1' });
    await expect(missing).rejects.toMatchObject({ param: 'amount' });
    expect((await stripe.paymentIntents.create({ amount: 100, currency: 'bdt' }, { idempotencyKey: 'create-1' })).amount).toBe(100);
  });

  it('replays a refund instead of refunding twice', async () => {
    const intent = await paidIntent(1000);
    const first = await stripe.refunds.create({ payment_intent: intent.id, amount: 400 }, { idempotencyKey: 'refund-1' });
    const again = await stripe.refunds.create({ payment_intent: intent.id, amount: 400 }, { idempotencyKey: 'refund-1' });
    expect(again.id).toBe(first.id);
    expect(fake.refunds.size).toBe(1);
    expect(fake.charges.get(intent.latest_charge as string)?.amount_refunded).toBe(400);
  });
});

describe('refunds', () => {
  it('refunds the whole payment by default, then refuses another refund', async () => {
    const intent = await paidIntent();
    const refund = await stripe.refunds.create({ payment_intent: intent.id, reason: 'duplicate', metadata: { why: 'sold twice' } });
    expect(refund.id).toMatch(/^re_[A-Za-z0-9]{24}$/);
    expect(refund).toMatchObject({
      object: 'refund',
      amount: 4_100_000,
      currency: 'bdt',
      payment_intent: intent.id,
      charge: intent.latest_charge,
      status: 'succeeded',
      reason: 'duplicate',
      metadata: { why: 'sold twice' },
    });
    expect(await stripe.refunds.retrieve(refund.id)).toEqual(refund);
    const again = stripe.refunds.create({ payment_intent: intent.id });
    await expect(again).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    await expect(again).rejects.toMatchObject({ code: 'charge_already_refunded', message: `Charge ${intent.latest_charge} has already been refunded.` });
  });

  it('refunds in parts and refuses more than remains', async () => {
    const intent = await paidIntent(1000);
    expect((await stripe.refunds.create({ payment_intent: intent.id, amount: 600 })).amount).toBe(600);
    await expect(stripe.refunds.create({ payment_intent: intent.id, amount: 401 })).rejects.toMatchObject({ code: 'charge_already_refunded' });
    expect((await stripe.refunds.create({ payment_intent: intent.id })).amount).toBe(400);
    expect(fake.charges.get(intent.latest_charge as string)).toMatchObject({ amount_refunded: 1000, refunded: true });
  });

  it('refuses to refund an unpaid or unknown intent, and 404s an unknown refund', async () => {
    await expect(stripe.refunds.create({ payment_intent: (await createIntent()).id })).rejects.toMatchObject({ code: 'payment_intent_unexpected_state' });
    await expect(stripe.refunds.create({ payment_intent: 'pi_nope' })).rejects.toMatchObject({ code: 'resource_missing', param: 'payment_intent' });
    await expect(stripe.refunds.create({} as Stripe.RefundCreateParams)).rejects.toMatchObject({ param: 'payment_intent' });
    await expect(stripe.refunds.retrieve('re_nope')).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
    expect(fake.refunds.size).toBe(0);
  });
});

describe('lists', () => {
  it('lists intents and refunds newest first, page by page, as the SDK pages them', async () => {
    const paid = [await paidIntent(1000), await paidIntent(2000), await paidIntent(3000)];
    await stripe.refunds.create({ payment_intent: paid[1]!.id });
    const firstPage = await stripe.paymentIntents.list({ limit: 2 });
    expect(firstPage.data.map((intent) => intent.amount)).toEqual([3000, 2000]);
    expect(firstPage.has_more).toBe(true);
    const all: number[] = [];
    for await (const intent of stripe.paymentIntents.list({ limit: 2 })) all.push(intent.amount);
    expect(all).toEqual([3000, 2000, 1000]);
    const refunds = await stripe.refunds.list({ limit: 100 });
    expect(refunds.data).toEqual([expect.objectContaining({ payment_intent: paid[1]!.id, amount: 2000 })]);
    await expect(stripe.paymentIntents.list({ limit: 101 })).rejects.toMatchObject({ param: 'limit' });
    await expect(stripe.paymentIntents.list({ starting_after: 'pi_nope' })).rejects.toMatchObject({ param: 'starting_after' });
  });
});

describe('HTTP', () => {
  it('refuses a missing or non-test API key', async () => {
    await expect(client('sk_live_abcdefghijklmnop').paymentIntents.retrieve('pi_x')).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    await expect(client('sk_live_abcdefghijklmnop').paymentIntents.retrieve('pi_x')).rejects.toMatchObject({
      statusCode: 401,
      message: 'Invalid API Key provided: sk_live_************mnop',
    });
    const anonymous = await fetch(`${fake.url}/v1/payment_intents`, { method: 'POST', body: 'amount=100&currency=bdt' });
    expect(anonymous.status).toBe(401);
    expect(fake.paymentIntents.size).toBe(0);
    // `curl -u sk_test_…:` as in Stripe's docs.
    const basic = await fetch(`${fake.url}/v1/payment_intents`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('sk_test_123:').toString('base64')}` },
      body: 'amount=100&currency=bdt',
    });
    expect(basic.status).toBe(200);
  });

  it('answers unknown routes with a Stripe-shaped 404 in JSON', async () => {
    const response = await fetch(`${fake.url}/v1/customers`, { headers: { authorization: 'Bearer sk_test_123' } });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('request-id')).toMatch(/^req_/);
    expect(await response.json()).toEqual({ error: { type: 'invalid_request_error', message: 'Unrecognized request URL (GET: /v1/customers).' } });
  });

  it('refuses bodies over 1 MB with 413', async () => {
    const response = await fetch(`${fake.url}/v1/payment_intents`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_123', 'content-type': 'application/x-www-form-urlencoded' },
      body: `amount=100&currency=bdt&description=${'x'.repeat(MAX_BODY_BYTES)}`,
    });
    expect(response.status).toBe(413);
    expect(fake.paymentIntents.size).toBe(0);
  });
});

describe('webhooks', () => {
  const secret = 'whsec_test_secret';
  let receiver: Server;
  let deliveries: { body: string; signature: string }[];
  /** Status codes the receiver answers with, in turn; 200 once they run out. */
  let answers: number[];

  beforeEach(async () => {
    deliveries = [];
    answers = [];
    receiver = createServer((request, response) => {
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (body += chunk));
      request.on('end', () => {
        deliveries.push({ body, signature: String(request.headers['stripe-signature']) });
        response.writeHead(answers.shift() ?? 200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    fake.setWebhook(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/stripe`, secret);
  });
  afterEach(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  it('posts a signed payment_intent.succeeded event that the SDK verifies', async () => {
    const intent = await paidIntent();
    await until(() => deliveries.length === 1);
    const [delivery] = deliveries;
    const event = stripe.webhooks.constructEvent(delivery!.body, delivery!.signature, secret);
    expect(event).toMatchObject({ object: 'event', type: 'payment_intent.succeeded', livemode: false, api_version: Stripe.API_VERSION });
    expect(event.id).toMatch(/^evt_/);
    expect(event.data.object).toMatchObject({ id: intent.id, status: 'succeeded', amount_received: 4_100_000, metadata: { bookingId: 'booking-1' } });
    expect(() => stripe.webhooks.constructEvent(delivery!.body, delivery!.signature, 'whsec_someone_else')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });

  it('sends nothing for a decline, and charge.refunded for a refund', async () => {
    const declined = await createIntent();
    await expect(stripe.paymentIntents.confirm(declined.id, { payment_method: 'pm_card_chargeDeclined' })).rejects.toThrow();
    const intent = await paidIntent();
    await until(() => deliveries.length === 1);
    await stripe.refunds.create({ payment_intent: intent.id });
    await until(() => deliveries.length === 2);
    const types = deliveries.map((delivery) => stripe.webhooks.constructEvent(delivery.body, delivery.signature, secret).type);
    expect(types).toEqual(['payment_intent.succeeded', 'charge.refunded']);
    const refunded = JSON.parse(deliveries[1]!.body) as { data: { object: { id: string; refunded: boolean; payment_intent: string } } };
    expect(refunded.data.object).toMatchObject({ id: intent.latest_charge, refunded: true, payment_intent: intent.id });
  });

  it('retries a failed delivery and logs each failure', async () => {
    answers = [500, 503];
    await paidIntent();
    await until(() => deliveries.length === 3);
    expect(new Set(deliveries.map((delivery) => JSON.parse(delivery.body).id)).size).toBe(1);
    expect(logs).toHaveLength(2);
    expect(logs[0]).toMatch(/payment_intent\.succeeded .*HTTP 500/);
  });

  it('gives up after three retries without failing the API', async () => {
    answers = [500, 500, 500, 500, 500];
    await paidIntent();
    await until(() => logs.length === 4, 5_000);
    expect(deliveries).toHaveLength(4);
    expect(logs[3]).toMatch(/attempt 4 of 4/);
  });
});

describe('a state file', () => {
  it('keeps what was paid across a restart: the intent, its charge, a refund after, and idempotent replays', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'fake-stripe-state-'));
    const stateFile = join(dir, 'stripe.json');
    try {
      await fake.close();
      fake = await startFakeStripe({ port: 0, stateFile });
      stripe = client('sk_test_123');
      const created = await createIntent(1_250_000, 'booking-7');
      const paid = await stripe.paymentIntents.confirm(created.id, { payment_method: 'pm_card_visa' });
      expect(paid.status).toBe('succeeded');

      await fake.close();
      fake = await startFakeStripe({ port: 0, stateFile });
      stripe = client('sk_test_123');
      expect(await stripe.paymentIntents.retrieve(created.id)).toMatchObject({ status: 'succeeded', amount_received: 1_250_000 });
      // The same key answers the intent it made before the restart, not a new one.
      expect((await createIntent(1_250_000, 'booking-7')).id).toBe(created.id);
      const refund = await stripe.refunds.create({ payment_intent: created.id });
      expect(refund).toMatchObject({ status: 'succeeded', amount: 1_250_000 });

      await fake.close();
      fake = await startFakeStripe({ port: 0 }); // no file: nothing is remembered
      stripe = client('sk_test_123');
      await expect(stripe.paymentIntents.retrieve(created.id)).rejects.toMatchObject({ statusCode: 404 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
