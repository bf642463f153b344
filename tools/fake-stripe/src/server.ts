import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listen, readState, restore, writeState } from '@phonehaat/local-server';
import Stripe from 'stripe';
import { invalidRequest, StripeApiError } from './errors.js';
import { parseForm } from './form.js';
import { newId } from './ids.js';
import { createStripeApi, type ApiKeyKind, type Charge, type PaymentIntent, type Refund } from './routes.js';
import { createWebhookSender } from './webhooks.js';

export type { Charge, PaymentIntent, Refund } from './routes.js';

export const MAX_BODY_BYTES = 1024 * 1024;

/** The fake Stripe.js for browsers, at the path the real one has (js.stripe.com/endive/stripe.js). */
export const BROWSER_SCRIPT_PATH = '/endive/stripe.js';
const browserScript = readFileSync(new URL('../browser/stripe.js', import.meta.url), 'utf8');

export interface FakeStripeOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Defaults to 127.0.0.1. */
  host?: string;
  /** Where to POST signed events; none are sent without it. */
  webhookUrl?: string;
  /** Signs the events; defaults to the API's development secret. */
  webhookSecret?: string;
  /** Hears about failed webhook deliveries and internal errors. */
  logger?: (message: string) => void;
  /** Keeps the intents, charges, refunds and idempotent answers in this file between runs (none: in memory only). */
  stateFile?: string;
}

export interface FakeStripe {
  url: string;
  port: number;
  close(): Promise<void>;
  setWebhook(url: string | undefined, secret?: string): void;
  readonly paymentIntents: ReadonlyMap<string, PaymentIntent>;
  readonly refunds: ReadonlyMap<string, Refund>;
  /** One per succeeded PaymentIntent; holds the billing details given at confirmation. */
  readonly charges: ReadonlyMap<string, Charge>;
}

interface Outcome {
  status: number;
  body: string;
}

const errorOutcome = (error: StripeApiError): Outcome => ({ status: error.status, body: JSON.stringify({ error: error.body }) });

/** The SDK sends `Bearer <key>`; Stripe's docs use `curl -u <key>:`, which is Basic auth. */
function apiKeyOf(authorization = ''): string | undefined {
  const [scheme, credentials] = authorization.split(' ');
  if (!credentials) return undefined;
  if (scheme === 'Bearer') return credentials;
  if (scheme === 'Basic') return Buffer.from(credentials, 'base64').toString('utf8').split(':')[0] || undefined;
  return undefined;
}

function apiKeyKind(authorization: string | undefined): ApiKeyKind {
  const key = apiKeyOf(authorization);
  if (key === undefined) {
    throw invalidRequest(401, "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').");
  }
  if (key.startsWith('sk_test_')) return 'secret';
  if (key.startsWith('pk_test_')) return 'publishable';
  const masked = key.length > 12 ? `${key.slice(0, 8)}${'*'.repeat(key.length - 12)}${key.slice(-4)}` : key;
  throw invalidRequest(401, `Invalid API Key provided: ${masked}`);
}

/** The body as text, or undefined when it is larger than MAX_BODY_BYTES (the rest is read and dropped). */
async function readBody(request: IncomingMessage): Promise<string | undefined> {
  if (Number(request.headers['content-length'] ?? 0) > MAX_BODY_BYTES) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= MAX_BODY_BYTES) chunks.push(chunk);
  }
  return size <= MAX_BODY_BYTES ? Buffer.concat(chunks).toString('utf8') : undefined;
}

function send(response: ServerResponse, { status, body }: Outcome, headers: Record<string, string> = {}) {
  response.writeHead(status, {
    'content-type': 'application/json',
    'request-id': newId('req', 14),
    'stripe-version': Stripe.API_VERSION,
    // The payment page may confirm straight from the browser with a publishable key.
    'access-control-allow-origin': '*',
    ...headers,
  });
  response.end(body);
}

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const log = options.logger ?? (() => undefined);
  const webhooks = createWebhookSender({ url: options.webhookUrl, secret: options.webhookSecret, logger: log });
  const api = createStripeApi((event) => webhooks.send(event));
  /** Keyed requests' outcomes, replayed when the key comes back with the same request. */
  const saved = new Map<string, Outcome & { request: string }>();
  const kept = () => ({ paymentIntents: api.paymentIntents, charges: api.charges, refunds: api.refunds, saved });
  if (options.stateFile) {
    const state = readState(options.stateFile);
    restore(api.paymentIntents, state.paymentIntents);
    restore(api.charges, state.charges);
    restore(api.refunds, state.refunds);
    restore(saved, state.saved);
  }

  /** Runs one request, or replays what its idempotency key answered before. Throws StripeApiError for a refusal. */
  function respond(method: string, url: URL, request: IncomingMessage, body: string): Outcome & { replayed?: boolean } {
    const key = apiKeyKind(request.headers.authorization);
    const idempotencyKey = method === 'POST' ? request.headers['idempotency-key'] : undefined;
    const fingerprint = `${method} ${url.pathname}\n${body}`;
    const previous = typeof idempotencyKey === 'string' ? saved.get(idempotencyKey) : undefined;
    if (previous && previous.request !== fingerprint) {
      throw new StripeApiError(400, {
        type: 'idempotency_error',
        message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${String(idempotencyKey)}' if you meant to execute a different request.`,
      });
    }
    if (previous) return { ...previous, replayed: true };
    let outcome: Outcome;
    let keep = true;
    try {
      const form = parseForm(method === 'GET' ? url.search.slice(1) : body);
      outcome = { status: 200, body: JSON.stringify(api.handle({ method, path: url.pathname, form, key })) };
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      outcome = errorOutcome(error);
      keep = error.saved;
    }
    if (typeof idempotencyKey === 'string' && keep) saved.set(idempotencyKey, { ...outcome, request: fingerprint });
    return outcome;
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
    if (method === 'GET' && url.pathname === BROWSER_SCRIPT_PATH) {
      response.writeHead(200, {
        'content-type': 'text/javascript; charset=utf-8',
        'cache-control': 'no-cache',
        'access-control-allow-origin': '*',
        'cross-origin-resource-policy': 'cross-origin',
      });
      response.end(browserScript);
      return;
    }
    const body = await readBody(request);
    if (body === undefined) {
      send(response, errorOutcome(invalidRequest(413, `Request bodies are limited to ${MAX_BODY_BYTES} bytes.`)), { connection: 'close' });
      return;
    }
    try {
      const outcome = respond(method, url, request, body);
      // Kept before it is answered: an answer the caller has seen is never lost by a restart.
      if (options.stateFile && method === 'POST' && !outcome.replayed) writeState(options.stateFile, kept());
      send(response, outcome, outcome.replayed ? { 'idempotent-replayed': 'true' } : {});
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      send(response, errorOutcome(error));
    }
  }

  const listening = await listen(handle, {
    host: options.host,
    port: options.port,
    name: 'fake Stripe',
    log,
    failed: (response) => send(response, { status: 500, body: JSON.stringify({ error: { type: 'api_error', message: 'An unknown error occurred.' } }) }),
  });
  const { port } = listening;

  return {
    url: listening.url,
    port,
    paymentIntents: api.paymentIntents,
    refunds: api.refunds,
    charges: api.charges,
    setWebhook: (url, secret) => webhooks.setTarget(url, secret),
    async close() {
      await webhooks.close();
      await listening.close();
    },
  };
}
