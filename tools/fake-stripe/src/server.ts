import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { chargeCard, TEST_PAYMENT_METHODS } from './cards.js';
import { obj, parseForm, str, type FormValue } from './form.js';

export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: 'requires_payment_method' | 'succeeded';
  client_secret: string;
  metadata: Record<string, string>;
  description: string | null;
  receipt_email: string | null;
  created: number;
  livemode: false;
  latest_charge: string | null;
  payment_method: string | null;
  payment_method_types: string[];
  last_payment_error: { type: 'card_error'; code: string; decline_code?: string; message: string } | null;
  billing_details: { name: string | null; email: string | null } | null;
  amount_refunded: number;
}

export interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string | null;
  status: 'succeeded';
  reason: string | null;
  metadata: Record<string, string>;
  created: number;
}

export interface FakeStripe {
  url: string;
  port: number;
  close(): Promise<void>;
  setWebhook(url: string | undefined, secret?: string): void;
  readonly paymentIntents: ReadonlyMap<string, PaymentIntent>;
  readonly refunds: ReadonlyMap<string, Refund>;
}

export interface FakeStripeOptions {
  port?: number;
  host?: string;
  webhookUrl?: string;
  webhookSecret?: string;
  logger?: (message: string) => void;
}

const MAX_BODY = 1024 * 1024;
const API_VERSION = Stripe.API_VERSION;
const random = (prefix: string, length = 24) =>
  `${prefix}_${randomBytes(length)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, length)
    .padEnd(length, '0')}`;
const now = () => Math.floor(Date.now() / 1000);

class StripeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message));
  }
}
const invalid = (message: string, extra: Record<string, unknown> = {}, status = 400) =>
  new StripeHttpError(status, { type: 'invalid_request_error', message, ...extra });

const stringMap = (value: FormValue | undefined): Record<string, string> =>
  Object.fromEntries(Object.entries(obj(value)).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const log = options.logger ?? (() => undefined);
  const intents = new Map<string, PaymentIntent>();
  const refunds = new Map<string, Refund>();
  const idempotent = new Map<string, { fingerprint: string; status: number; body: string }>();
  let webhook = { url: options.webhookUrl, secret: options.webhookSecret ?? 'whsec_phonehaat_development' };
  const signer = new Stripe('sk_test_fake_stripe_signer').webhooks;

  async function deliver(type: string, object: unknown) {
    if (!webhook.url) return;
    const { url, secret } = webhook;
    const payload = JSON.stringify({ id: random('evt'), object: 'event', api_version: API_VERSION, created: now(), livemode: false, type, data: { object } });
    for (let attempt = 1; attempt <= 3; attempt++) {
      try {
        const header = signer.generateTestHeaderString({ payload, secret });
        const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': header }, body: payload });
        if (response.ok) return;
        log(`webhook ${type} to ${url}: HTTP ${response.status} (attempt ${attempt})`);
      } catch (error) {
        log(`webhook ${type} to ${url} failed: ${(error as Error).message} (attempt ${attempt})`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }

  function findIntent(id: string): PaymentIntent {
    const intent = intents.get(id);
    if (!intent) throw invalid(`No such payment_intent: '${id}'`, { code: 'resource_missing', param: 'intent' }, 404);
    return intent;
  }

  function createIntent(form: Record<string, FormValue>): PaymentIntent {
    const amountText = str(form.amount);
    if (amountText === undefined) throw invalid('Missing required param: amount.', { code: 'parameter_missing', param: 'amount' });
    const amount = Number(amountText);
    if (!Number.isInteger(amount) || amount < 1) throw invalid('Invalid integer: ' + amountText, { code: 'parameter_invalid_integer', param: 'amount' });
    const currency = str(form.currency);
    if (!currency) throw invalid('Missing required param: currency.', { code: 'parameter_missing', param: 'currency' });
    const id = random('pi');
    const types = form.allowed_payment_method_types ?? form.payment_method_types;
    const intent: PaymentIntent = {
      id,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: currency.toLowerCase(),
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${random('', 24).slice(1)}`,
      metadata: stringMap(form.metadata),
      description: str(form.description) ?? null,
      receipt_email: str(form.receipt_email) ?? null,
      created: now(),
      livemode: false,
      latest_charge: null,
      payment_method: null,
      payment_method_types: Array.isArray(types) ? types.filter((t): t is string => typeof t === 'string') : ['card'],
      last_payment_error: null,
      billing_details: null,
      amount_refunded: 0,
    };
    intents.set(id, intent);
    return intent;
  }

  function confirmIntent(intent: PaymentIntent, form: Record<string, FormValue>, publishable: boolean): PaymentIntent {
    if (publishable && str(form.client_secret) !== intent.client_secret) {
      throw invalid('The client_secret provided does not match the client_secret associated with the PaymentIntent.', { param: 'client_secret' });
    }
    if (intent.status === 'succeeded') {
      throw invalid(
        "This PaymentIntent's payment_method could not be updated because it has a status of succeeded. You may only update the payment_method of a PaymentIntent with one of the following statuses: requires_payment_method, requires_confirmation, requires_action.",
        { code: 'payment_intent_unexpected_state', payment_intent: intent },
      );
    }
    const paymentMethod = str(form.payment_method);
    const data = obj(form.payment_method_data);
    const card = obj(data.card);
    const billing = obj(data.billing_details);
    let number: string | undefined;
    if (paymentMethod) {
      number = TEST_PAYMENT_METHODS[paymentMethod];
      if (!number) throw invalid(`No such PaymentMethod: '${paymentMethod}'`, { code: 'resource_missing', param: 'payment_method' });
    } else if (str(card.number)) {
      number = str(card.number);
    } else {
      throw invalid('You must provide a payment_method or payment_method_data to confirm this PaymentIntent.', { param: 'payment_method' });
    }
    const decline = chargeCard({
      number: number!,
      expMonth: str(card.exp_month) ? Number(str(card.exp_month)) : undefined,
      expYear: str(card.exp_year) ? Number(str(card.exp_year)) : undefined,
    });
    intent.billing_details = { name: str(billing.name) ?? null, email: str(billing.email) ?? null };
    if (decline) {
      intent.last_payment_error = { type: 'card_error', ...decline };
      intent.status = 'requires_payment_method';
      throw new StripeHttpError(402, { type: 'card_error', ...decline, payment_intent: intent });
    }
    Object.assign(intent, {
      status: 'succeeded',
      amount_received: intent.amount,
      payment_method: random('pm'),
      latest_charge: random('ch'),
      last_payment_error: null,
    });
    void deliver('payment_intent.succeeded', intent);
    return intent;
  }

  function createRefund(form: Record<string, FormValue>): Refund {
    const id = str(form.payment_intent);
    if (!id) throw invalid('Missing required param: payment_intent.', { code: 'parameter_missing', param: 'payment_intent' });
    const intent = findIntent(id);
    if (intent.status !== 'succeeded') throw invalid(`This PaymentIntent (${id}) does not have a successful charge to refund.`, { code: 'charge_not_refundable' });
    const remaining = intent.amount_received - intent.amount_refunded;
    const amount = str(form.amount) ? Number(str(form.amount)) : remaining;
    if (remaining <= 0 || amount > remaining) throw invalid(`Charge ${intent.latest_charge} has already been refunded.`, { code: 'charge_already_refunded' });
    if (!Number.isInteger(amount) || amount < 1) throw invalid('Invalid integer: amount', { param: 'amount' });
    intent.amount_refunded += amount;
    const refund: Refund = {
      id: random('re'),
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: id,
      charge: intent.latest_charge,
      status: 'succeeded',
      reason: str(form.reason) ?? null,
      metadata: stringMap(form.metadata),
      created: now(),
    };
    refunds.set(refund.id, refund);
    void deliver('charge.refunded', { id: intent.latest_charge, object: 'charge', amount: intent.amount, amount_refunded: intent.amount_refunded, payment_intent: id });
    return refund;
  }

  function route(method: string, path: string, form: Record<string, FormValue>, publishable: boolean): unknown {
    const intentPath = path.match(/^\/v1\/payment_intents\/([^/]+)(\/confirm)?$/);
    if (publishable && !(method === 'POST' && intentPath?.[2]) && !(method === 'GET' && intentPath && !intentPath[2])) {
      throw invalid('This API call cannot be made with a publishable API key. Please use a secret API key.', {}, 401);
    }
    if (method === 'POST' && path === '/v1/payment_intents') return createIntent(form);
    if (method === 'GET' && intentPath && !intentPath[2]) {
      const intent = findIntent(intentPath[1]!);
      if (publishable && str(form.client_secret) !== intent.client_secret) throw invalid('Invalid client_secret', { param: 'client_secret' });
      return intent;
    }
    if (method === 'POST' && intentPath?.[2]) return confirmIntent(findIntent(intentPath[1]!), form, publishable);
    if (method === 'POST' && path === '/v1/refunds') return createRefund(form);
    const refundPath = path.match(/^\/v1\/refunds\/([^/]+)$/);
    if (method === 'GET' && refundPath) {
      const refund = refunds.get(refundPath[1]!);
      if (!refund) throw invalid(`No such refund: '${refundPath[1]}'`, { code: 'resource_missing', param: 'id' }, 404);
      return refund;
    }
    throw invalid(`Unrecognized request URL (${method}: ${path}).`, {}, 404);
  }

  async function readBody(request: IncomingMessage): Promise<string> {
    let size = 0;
    const chunks: Buffer[] = [];
    for await (const chunk of request) {
      size += (chunk as Buffer).length;
      if (size > MAX_BODY) throw invalid('Request body too large.', {}, 413);
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  function send(response: ServerResponse, status: number, body: string, replayed = false) {
    response.writeHead(status, {
      'content-type': 'application/json',
      'request-id': random('req', 14),
      'stripe-version': API_VERSION,
      'access-control-allow-origin': '*',
      ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
    });
    response.end(body);
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const method = request.method ?? 'GET';
    const url = new URL(request.url ?? '/', 'http://fake-stripe');
    if (method === 'OPTIONS') {
      response.writeHead(204, {
        'access-control-allow-origin': '*',
        'access-control-allow-headers': 'authorization, content-type, idempotency-key, stripe-version',
        'access-control-allow-methods': 'GET, POST',
      });
      response.end();
      return;
    }
    const body = await readBody(request);
    const form = parseForm(method === 'GET' ? url.searchParams.toString() : body);
    const key = request.headers.authorization?.match(/^Bearer (\S+)$/)?.[1] ?? '';
    const publishable = key.startsWith('pk_test_');
    if (!key.startsWith('sk_test_') && !publishable) {
      throw invalid(`Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 8))}`, {}, 401);
    }
    const idempotencyKey = method === 'POST' ? request.headers['idempotency-key'] : undefined;
    const fingerprint = `${method} ${url.pathname} ${body}`;
    if (typeof idempotencyKey === 'string') {
      const stored = idempotent.get(idempotencyKey);
      if (stored) {
        if (stored.fingerprint !== fingerprint) {
          throw new StripeHttpError(400, {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          });
        }
        send(response, stored.status, stored.body, true);
        return;
      }
    }
    let status = 200;
    let payload: string;
    try {
      payload = JSON.stringify(route(method, url.pathname, form, publishable));
    } catch (error) {
      if (!(error instanceof StripeHttpError)) throw error;
      status = error.status;
      payload = JSON.stringify({ error: error.body });
    }
    // Stripe stores the outcome of a keyed request, errors included, and replays it.
    if (typeof idempotencyKey === 'string') idempotent.set(idempotencyKey, { fingerprint, status, body: payload });
    send(response, status, payload);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (error instanceof StripeHttpError) {
        send(response, error.status, JSON.stringify({ error: error.body }));
        return;
      }
      log(`fake Stripe error: ${(error as Error).stack ?? String(error)}`);
      send(response, 500, JSON.stringify({ error: { type: 'api_error', message: 'An unknown error occurred.' } }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 4110, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host ?? '127.0.0.1';

  return {
    url: `http://${host}:${port}`,
    port,
    paymentIntents: intents,
    refunds,
    setWebhook(url, secret) {
      webhook = { url, secret: secret ?? webhook.secret };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
