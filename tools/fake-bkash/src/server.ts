import type { IncomingMessage, ServerResponse } from 'node:http';
import { html, json, listen, readBody, readState, writeState } from '@phonehaat/local-server';
import { setTimeout as sleep } from 'node:timers/promises';
import { BkashError, createBkashApi, Unauthorized, type Credentials, type Payment } from './api.js';
import { callbackTo, messagePage, stepPage } from './page.js';
import { createPayouts, type Payout } from './payouts.js';
import { isWalletNumber, PIN_TRIES, TEST_CODE, TEST_PIN } from './wallets.js';

/** bKash's times, kept as ISO text in the state file and read back as dates. */
const BKASH_TIMES = new Set(['createdAt', 'executedAt', 'completedAt']);

/** Where bKash's Tokenized Checkout API lives under its base URL (bKash's own version prefix). */
export const API_PREFIX = '/v1.2.0-beta/tokenized/checkout';

/** The development credentials the API's env defaults to (tools/fake-bkash and api/src/config/env.ts agree). */
export const DEV_CREDENTIALS: Credentials = {
  username: 'phonehaat-sandbox',
  password: 'phonehaat-sandbox-password',
  appKey: 'phonehaat-sandbox-app-key',
  appSecret: 'phonehaat-sandbox-app-secret',
};

/**
 * Test switches: answer the API slowly (after the work is done, as a slow network would), never send the buyer back,
 * be unreachable (every API call's connection dropped unanswered), or lose the answers of payouts it made.
 */
export interface Switches {
  delayMs: number;
  dropCallback: boolean;
  offline: boolean;
  /** The next this many payouts are made, but their answers are lost (the connection drops), as when a worker dies. */
  dropPayoutAnswers: number;
}

export interface FakeBkashOptions {
  port?: number;
  host?: string;
  credentials?: Credentials;
  tokenSeconds?: number;
  pageTimeoutMs?: number;
  switches?: Partial<Switches>;
  logger?: (message: string) => void;
  /** Keeps the payments, payouts and tokens in this file between runs (none: in memory only). */
  stateFile?: string;
  /**
   * Where browsers reach it, for the payment page's address it hands out (bkashURL), when that is not where it listens:
   * in a container listening on 0.0.0.0, the address published on the host.
   */
  publicUrl?: string;
}

export interface FakeBkash {
  url: string;
  port: number;
  /** The base URL a merchant configures (BKASH_BASE_URL). */
  baseUrl: string;
  payments: ReadonlyMap<string, Payment>;
  /** Payouts (B2C) by the merchant's invoice number. */
  payouts: ReadonlyMap<string, Payout>;
  counts: { grants: number; refreshes: number; creates: number; executes: number; refunds: number; payouts: number };
  switches: Switches;
  /** How long the tokens granted from now on last (a test makes them short to see them refreshed). */
  setTokenSeconds(seconds: number): void;
  /** Every id_token granted so far stops working; refresh tokens still do. */
  revokeTokens(): void;
  close(): Promise<void>;
}


const redirect = (response: ServerResponse, location: string) => {
  response.writeHead(302, { location });
  response.end();
};

/** Lower-cased request headers with one value each, as bKash's gateway reads them. */
const headersOf = (request: IncomingMessage) =>
  Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value[0] : value]));

export async function startFakeBkash(options: FakeBkashOptions = {}): Promise<FakeBkash> {
  const log = options.logger ?? (() => undefined);
  const switches: Switches = { delayMs: 0, dropCallback: false, offline: false, dropPayoutAnswers: 0, ...options.switches };
  const apiOptions = {
    credentials: options.credentials ?? DEV_CREDENTIALS,
    tokenSeconds: options.tokenSeconds ?? 3600,
    pageTimeoutMs: options.pageTimeoutMs ?? 10 * 60_000,
  };
  const api = createBkashApi(apiOptions);
  const payouts = createPayouts({ checkToken: api.checkToken, now: Date.now, counts: api.counts });
  if (options.stateFile) {
    const saved = readState(options.stateFile, BKASH_TIMES) as Parameters<typeof api.restore>[0] & { payouts?: Parameters<typeof payouts.restore>[0] };
    api.restore(saved);
    payouts.restore(saved.payouts);
  }
  /** After anything that may change a payment, a payout or a token: kept before the answer is sent. */
  const keep = () => options.stateFile && writeState(options.stateFile, { ...api.kept(), payouts: payouts.byInvoice });
  let url = '';
  const pageUrl = (payment: Payment) => `${url}/checkout?paymentId=${payment.paymentID}&hash=${payment.paymentID.slice(-8)}&mode=0011&apiVersion=v1.2.0-beta`;

  const calls: Record<string, (headers: Record<string, string | undefined>, body: Record<string, unknown>) => unknown> = {
    '/token/grant': api.grant,
    '/token/refresh': api.refresh,
    '/create': (headers, body) => api.create(headers, body, pageUrl),
    '/execute': api.execute,
    '/payment/status': api.status,
    '/general/searchTransaction': api.search,
    '/payment/refund': api.refund,
    '/payout/b2cPayment': payouts.b2c,
    '/payout/query': payouts.query,
  };

  async function apiCall(request: IncomingMessage, response: ServerResponse, call: (typeof calls)[string], text: string) {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text || '{}') as Record<string, unknown>;
      if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Error('not an object');
    } catch {
      json(response, 200, { statusCode: '2025', statusMessage: 'Invalid request body' });
      return;
    }
    let status = 200;
    let answer: unknown;
    try {
      answer = call(headersOf(request), body);
    } catch (error) {
      if (error instanceof Unauthorized) [status, answer] = [401, { message: error.message }];
      else if (error instanceof BkashError) answer = { statusCode: error.code, statusMessage: error.message };
      else throw error;
    }
    keep();
    if (switches.delayMs > 0 && !request.url?.includes('/token/')) await sleep(switches.delayMs);
    if (request.url?.endsWith('/payout/b2cPayment') && switches.dropPayoutAnswers > 0) {
      switches.dropPayoutAnswers -= 1;
      return void response.destroy();
    }
    if (!response.destroyed) json(response, status, answer);
  }

  /** The payment page's form posts: wallet → code → PIN, or cancel. */
  function pageStep(response: ServerResponse, step: string, form: URLSearchParams) {
    const payment = api.page.find(form.get('paymentId') ?? '');
    if (!payment) return html(response, 404, messagePage('Payment not found', 'This bKash payment does not exist.'));
    if (payment.state === 'Expired') return redirect(response, callbackTo(payment, 'failure'));
    if (payment.state !== 'Initiated') return html(response, 409, messagePage('Nothing to pay', `This payment is ${payment.state.toLowerCase()}.`));
    const wallet = (form.get('wallet') ?? '').replace(/\D/g, '');
    if (step === 'cancel') {
      api.page.cancel(payment);
      return redirect(response, callbackTo(payment, 'cancel'));
    }
    if (step === 'wallet') {
      if (!isWalletNumber(wallet)) return html(response, 422, stepPage(payment, 'wallet', { wallet, error: 'Enter a valid bKash account number (01XXXXXXXXX).' }));
      return html(response, 200, stepPage(payment, 'code', { wallet }));
    }
    if (step === 'code') {
      if (form.get('code') !== TEST_CODE) return html(response, 422, stepPage(payment, 'code', { wallet, error: 'Wrong verification code.' }));
      return html(response, 200, stepPage(payment, 'pin', { wallet }));
    }
    if (form.get('pin') !== TEST_PIN) {
      const tries = api.page.wrongPin(payment);
      if (tries >= PIN_TRIES) {
        api.page.fail(payment);
        return redirect(response, callbackTo(payment, 'failure'));
      }
      return html(response, 422, stepPage(payment, 'pin', { wallet, error: `Wrong PIN. ${PIN_TRIES - tries} tries left.` }));
    }
    api.page.approve(payment, wallet);
    if (switches.dropCallback) return html(response, 200, messagePage('Payment approved', 'You may close this page.'));
    return redirect(response, callbackTo(payment, 'success'));
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const method = request.method ?? 'GET';
    const address = new URL(request.url ?? '/', 'http://fake-bkash');
    const path = address.pathname;
    if (method === 'GET' && path === '/health') return json(response, 200, { ok: true });
    if (method === 'GET' && path === '/checkout') {
      const payment = api.page.find(address.searchParams.get('paymentId') ?? '');
      if (!payment) return html(response, 404, messagePage('Payment not found', 'This bKash payment does not exist.'));
      if (payment.state === 'Expired') return redirect(response, callbackTo(payment, 'failure'));
      if (payment.state !== 'Initiated') return html(response, 409, messagePage('Nothing to pay', `This payment is ${payment.state.toLowerCase()}.`));
      return html(response, 200, stepPage(payment, 'wallet'));
    }
    if (method === 'GET' && path === '/__fake/payments') return json(response, 200, [...api.payments.values()]);
    if (method === 'GET' && path === '/__fake/payouts') return json(response, 200, [...payouts.byInvoice.values()]);
    if (method === 'GET' && path === '/__fake/stats') return json(response, 200, { ...api.counts, switches });
    const text = await readBody(request);
    if (text === undefined) return json(response, 413, { message: 'Request too large' });
    if (method === 'POST' && path.startsWith('/checkout/')) {
      const answered = pageStep(response, path.slice('/checkout/'.length), new URLSearchParams(text));
      keep();
      return answered;
    }
    if (method === 'POST' && path === '/__fake/switches') {
      const given = JSON.parse(text || '{}') as Partial<Switches>;
      if (typeof given.delayMs === 'number') switches.delayMs = given.delayMs;
      if (typeof given.dropCallback === 'boolean') switches.dropCallback = given.dropCallback;
      if (typeof given.offline === 'boolean') switches.offline = given.offline;
      if (typeof given.dropPayoutAnswers === 'number') switches.dropPayoutAnswers = given.dropPayoutAnswers;
      return json(response, 200, switches);
    }
    const call = path.startsWith(API_PREFIX) ? calls[path.slice(API_PREFIX.length)] : undefined;
    if (call && switches.offline) return void response.destroy();
    if (method === 'POST' && call) return apiCall(request, response, call, text);
    return json(response, 404, { message: 'Not Found' });
  }

  const listening = await listen(handle, { host: options.host, port: options.port, name: 'fake bKash', log, failed: (response) => json(response, 500, { message: 'Internal server error' }) });
  const { port } = listening;
  url = options.publicUrl?.replace(/\/$/, '') ?? listening.url;
  return {
    url,
    port,
    baseUrl: `${url}/v1.2.0-beta`,
    payments: api.payments,
    payouts: payouts.byInvoice,
    counts: api.counts,
    switches,
    setTokenSeconds: (seconds) => (apiOptions.tokenSeconds = seconds),
    revokeTokens: () => api.revokeTokens(),
    async close() {
      await listening.close();
    },
  };
}
