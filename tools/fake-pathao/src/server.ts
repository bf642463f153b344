import type { IncomingMessage, ServerResponse } from 'node:http';
import { listen, readBody } from '@phonehaat/local-server';
import { createMerchantApi, PathaoError, type Credentials, type Store } from './merchant.js';
import { createMoves, eventOf, MoveRefused, type Invoice } from './moves.js';
import { testerPage } from './page.js';
import type { Move, Parcel } from './parcels.js';
import { createWebhooks, type Callback, type SentWebhook, type WebhookSwitches } from './webhooks.js';
import { csvOf } from './export.js';

/** Pathao's API prefix under its base URL (https://api-hermes.pathao.com, or the sandbox's). */
export const API_PREFIX = '/aladdin/api/v1';

/** The development merchant the API's env defaults to (api/src/config/env.ts agrees). */
export const DEV_CREDENTIALS: Credentials = { clientId: 'phonehaat-pathao-client', clientSecret: 'phonehaat-pathao-client-secret', username: 'merchant@phonehaat.test', password: 'phonehaat-pathao-password' };
/** The secret the merchant gives Pathao for X-PATHAO-Signature, and the value Pathao asks the callback to echo. */
export const DEV_WEBHOOK_SECRET = 'phonehaat-pathao-webhook-secret';
export const DEV_INTEGRATION_SECRET = 'f3992ecc-59da-4cbe-a049-a13da2018d51';

export interface FakePathaoOptions {
  port?: number;
  host?: string;
  credentials?: Credentials;
  integrationSecret?: string;
  /** Integrates this callback URL at start (retrying until it answers), as a merchant does in Pathao's panel. */
  callback?: { url: string; secret: string };
  switches?: Partial<WebhookSwitches>;
  random?: () => number;
  logger?: (message: string) => void;
}

export interface FakePathao {
  url: string;
  port: number;
  /** The base URL a merchant configures (PATHAO_BASE_URL). */
  baseUrl: string;
  parcels: ReadonlyMap<string, Parcel>;
  stores: ReadonlyMap<number, Store>;
  switches: WebhookSwitches;
  sent: readonly SentWebhook[];
  invoices: readonly Invoice[];
  integrate(url: string, secret: string): Promise<Callback>;
  move(consignment: string, move: Move): Parcel;
  invoice(): Invoice | null;
  /** Waits for every webhook on its way. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

const send = (response: ServerResponse, status: number, body: unknown, type = 'application/json') => {
  response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  response.end(type === 'application/json' ? JSON.stringify(body) : String(body));
};
const seeOther = (response: ServerResponse) => {
  response.writeHead(303, { location: '/' });
  response.end();
};
/** Pathao's success envelope. */
const success = (response: ServerResponse, { message, data }: { message: string; data: unknown }) => send(response, 200, { message, type: 'success', code: 200, data });

export async function startFakePathao(options: FakePathaoOptions = {}): Promise<FakePathao> {
  const log = options.logger ?? (() => undefined);
  const now = () => new Date();
  const api = createMerchantApi(options.credentials ?? DEV_CREDENTIALS, now);
  const webhooks = createWebhooks({ integrationSecret: options.integrationSecret ?? DEV_INTEGRATION_SECRET, random: options.random, log });
  Object.assign(webhooks.switches, options.switches);
  const moves = createMoves({ parcels: api.parcels, send: webhooks.send, now });

  /** The merchant API: JSON in, Pathao's envelope out, its Bearer token checked on everything but issue-token. */
  async function merchant(request: IncomingMessage, response: ServerResponse, method: string, path: string, text: string) {
    let body: Record<string, unknown> = {};
    try {
      if (text) body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return send(response, 400, { message: 'Malformed JSON', type: 'error', code: 400 });
    }
    try {
      if (method === 'POST' && path === '/issue-token') return send(response, 200, api.issueToken(body));
      api.authorize(request.headers.authorization);
      if (method === 'GET' && path === '/city-list') return success(response, api.cities());
      const zones = /^\/cities\/(\d+)\/zone-list$/.exec(path);
      if (method === 'GET' && zones) return success(response, api.zones(Number(zones[1])));
      if (method === 'GET' && path === '/stores') return success(response, api.stores());
      if (method === 'POST' && path === '/stores') return success(response, api.createStore(body));
      if (method === 'POST' && path === '/merchant/price-plan') return success(response, api.pricePlan(body));
      if (method === 'POST' && path === '/orders') {
        const { parcel, answer } = api.createOrder(body);
        webhooks.send(eventOf(parcel, 'created', parcel.created_at));
        return success(response, answer);
      }
      const info = /^\/orders\/([^/]+)\/info$/.exec(path);
      if (method === 'GET' && info) return success(response, api.orderInfo(decodeURIComponent(info[1]!)));
      return send(response, 404, { message: 'Not Found', type: 'error', code: 404 });
    } catch (error) {
      if (!(error instanceof PathaoError)) throw error;
      return send(response, error.code, { message: error.message, type: 'error', code: error.code, ...(error.errors ? { errors: error.errors } : {}) });
    }
  }

  function setSwitches(given: Record<string, unknown>) {
    const share = (value: unknown) => Math.min(1, Math.max(0, Number(value) || 0));
    if ('drop' in given) webhooks.switches.drop = share(given.drop);
    if ('duplicate' in given) webhooks.switches.duplicate = share(given.duplicate);
    if ('delayMs' in given) webhooks.switches.delayMs = Math.max(0, Number(given.delayMs) || 0);
    webhooks.switches.reorder = given.reorder === true || given.reorder === 'on';
    return webhooks.switches;
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const method = request.method ?? 'GET';
    const path = new URL(request.url ?? '/', 'http://fake-pathao').pathname;
    if (method === 'GET' && path === '/health') return send(response, 200, { ok: true });
    if (method === 'GET' && path === '/') {
      const view = { parcels: [...api.parcels.values()].reverse(), switches: webhooks.switches, callback: webhooks.callback(), sent: webhooks.sent, invoices: moves.invoices };
      return send(response, 200, testerPage(view), 'text/html; charset=utf-8');
    }
    if (method === 'GET' && path === '/__fake/parcels') return send(response, 200, [...api.parcels.values()]);
    if (method === 'GET' && path === '/__fake/webhooks') return send(response, 200, { callback: webhooks.callback(), switches: webhooks.switches, sent: webhooks.sent });
    if (method === 'GET' && path === '/__fake/invoices') return send(response, 200, moves.invoices);
    const exported = /^\/invoices\/([^/]+)\.csv$/.exec(path);
    if (method === 'GET' && exported) {
      const invoice = moves.invoices.find((made) => made.invoice_id === decodeURIComponent(exported[1]!));
      if (!invoice) return send(response, 404, { message: 'No such invoice' });
      response.writeHead(200, { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="pathao-invoice-${invoice.invoice_id}.csv"` });
      return response.end(csvOf(invoice));
    }
    const text = await readBody(request);
    if (text === undefined) return send(response, 413, { message: 'Request too large' });
    if (path.startsWith(API_PREFIX)) return merchant(request, response, method, path.slice(API_PREFIX.length), text);
    const json = path.startsWith('/__fake/');
    const form = (): Record<string, unknown> => (json ? (JSON.parse(text || '{}') as Record<string, unknown>) : Object.fromEntries(new URLSearchParams(text)));
    const route = json ? path.slice('/__fake'.length) : path;
    if (method !== 'POST') return send(response, 404, { message: 'Not Found' });
    const parcelMove = /^\/parcels\/([^/]+)\/([a-z-]+)$/.exec(route);
    try {
      if (parcelMove) {
        const parcel = moves.move(decodeURIComponent(parcelMove[1]!), parcelMove[2] as Move);
        return json ? send(response, 200, parcel) : seeOther(response);
      }
      if (route === '/invoice') {
        const invoice = moves.invoice();
        return json ? send(response, invoice ? 200 : 409, invoice ?? { message: 'No delivered or returned parcel is waiting to be paid' }) : seeOther(response);
      }
      if (route === '/switches') {
        const switches = setSwitches(form());
        return json ? send(response, 200, switches) : seeOther(response);
      }
      if (route === '/callback') {
        const given = form();
        const callback = await webhooks.integrate(String(given.url ?? ''), String(given.secret ?? ''));
        return json ? send(response, callback.verified ? 200 : 422, callback) : seeOther(response);
      }
    } catch (error) {
      if (error instanceof MoveRefused) return send(response, 409, { message: error.message });
      throw error;
    }
    return send(response, 404, { message: 'Not Found' });
  }

  const listening = await listen(handle, { host: options.host, port: options.port, name: 'fake Pathao', log, failed: (response) => send(response, 500, { message: 'Internal server error', type: 'error', code: 500 }) });
  const { port } = listening;
  const { url } = listening;
  let closing = false;
  if (options.callback) {
    const { url: callbackUrl, secret } = options.callback;
    void (async () => {
      // The API may start after the courier: check again until the callback passes, as a merchant would retry in the panel.
      while (!closing && !(await webhooks.integrate(callbackUrl, secret)).verified) await new Promise((resolve) => setTimeout(resolve, 1000));
    })();
  }
  return {
    url,
    port,
    baseUrl: url,
    parcels: api.parcels,
    stores: api.storeList,
    switches: webhooks.switches,
    sent: webhooks.sent,
    invoices: moves.invoices,
    integrate: webhooks.integrate,
    move: moves.move,
    invoice: moves.invoice,
    settle: webhooks.settle,
    async close() {
      closing = true;
      await webhooks.settle();
      await listening.close();
    },
  };
}
