import type { IncomingMessage, ServerResponse } from 'node:http';
import { html, json, listen, readBody, readState, writeState } from '@phonehaat/local-server';
import { refundAnswer, refundQueryAnswer, transactionFields, transactionQueryAnswer, validationAnswer } from './answers.js';
import { choosePage, messagePage, returnPage, TEST_CARDS, TEST_OTP, wayOf } from './page.js';
import { signed } from './sign.js';
import { createStore, SessionRefused, type Session, type SslcStore, type Store } from './store.js';

/** The development store the API's env defaults to (tools/fake-sslcommerz and api/src/config/env.ts agree). */
export const DEV_STORE: Store = { id: 'phonehaat-sandbox', password: 'phonehaat-sandbox@ssl' };

/**
 * Test switches, each a way the real gateway has been seen to behave: the IPN never sent, sent twice, or sent late
 * (after the buyer's return); the buyer's return late, or never (the tab closed); payments marked risky (risk_level 1);
 * the validation API answering another amount than was paid.
 */
export interface Switches {
  dropIpn: boolean;
  duplicateIpn: boolean;
  ipnDelayMs: number;
  returnDelayMs: number;
  noReturn: boolean;
  risky: boolean;
  validationAmount: string | null;
}

export interface FakeSslcommerzOptions {
  port?: number;
  host?: string;
  store?: Store;
  switches?: Partial<Switches>;
  logger?: (message: string) => void;
  /** Where browsers reach it, for the hosted page's address it hands out, when that is not where it listens. */
  publicUrl?: string;
  /** Where its sessions are kept between runs (`pnpm start`: the API's database remembers them); none in tests. */
  stateFile?: string;
}

export interface FakeSslcommerz {
  url: string;
  port: number;
  sessions: ReadonlyMap<string, Session>;
  switches: Switches;
  /** IPNs posted so far, by transaction id. */
  ipns: { tranId: string; status: number | 'unreachable' }[];
  close(): Promise<void>;
}


export async function startFakeSslcommerz(options: FakeSslcommerzOptions = {}): Promise<FakeSslcommerz> {
  const log = options.logger ?? (() => undefined);
  const switches: Switches = { dropIpn: false, duplicateIpn: false, ipnDelayMs: 0, returnDelayMs: 0, noReturn: false, risky: false, validationAmount: null, ...options.switches };
  const store = createStore(options.store ?? DEV_STORE);
  if (options.stateFile) store.restore(readState(options.stateFile, new Set(['createdAt'])).sessions);
  const ipns: FakeSslcommerz['ipns'] = [];
  let url = '';

  /** The IPN, POSTed to the merchant's ipn_url as a form, signed with the store's password (verify_sign). */
  async function postIpn(session: Session) {
    const target = session.request.ipn_url;
    if (!target || switches.dropIpn) return;
    const body = new URLSearchParams(signed(transactionFields(session), store.store.password));
    for (let i = 0; i < (switches.duplicateIpn ? 2 : 1); i++) {
      const sent = await fetch(target, { method: 'POST', body, signal: AbortSignal.timeout(10_000) }).then(
        (answer) => answer.status,
        () => 'unreachable' as const,
      );
      ipns.push({ tranId: session.request.tran_id, status: sent });
      log(`fake SSLCommerz: IPN for ${session.request.tran_id} answered ${sent}`);
    }
  }
  const notify = (session: Session) => void (switches.ipnDelayMs > 0 ? setTimeout(() => void postIpn(session), switches.ipnDelayMs) : postIpn(session));

  /** Sends the buyer back to the merchant's address for how it ended, with the signed result (unless the tab "closed"). */
  function sendBack(response: ServerResponse, session: Session, to: string) {
    notify(session);
    if (switches.noReturn) return html(response, 200, messagePage('Payment done', 'You may close this page.'));
    return html(response, 200, returnPage(to, signed(transactionFields(session), store.store.password), switches.returnDelayMs));
  }

  return serve({ options, log, store, switches, ipns, sendBack, setUrl: (value) => (url = value), url: () => url });
}

interface Context {
  options: FakeSslcommerzOptions;
  log: (message: string) => void;
  store: SslcStore;
  switches: Switches;
  ipns: FakeSslcommerz['ipns'];
  sendBack(response: ServerResponse, session: Session, to: string): void;
  setUrl(url: string): void;
  url(): string;
}

/** The hosted page's form: a way to pay, the card's number for a card, the one-time password; or cancel. */
function pageStep(context: Context, response: ServerResponse, step: string, form: URLSearchParams) {
  const { store, switches } = context;
  const session = store.find(form.get('sessionkey') ?? '');
  if (!session) return html(response, 404, messagePage('Session not found', 'This payment session does not exist.'));
  if (session.status !== 'PENDING') return html(response, 409, messagePage('Nothing to pay', `This payment is ${session.status.toLowerCase()}.`));
  if (step === 'cancel') {
    store.end(session, 'CANCELLED');
    return context.sendBack(response, session, session.request.cancel_url);
  }
  const way = wayOf(form.get('way') ?? '');
  const card = (form.get('card') ?? '').replace(/\D/g, '');
  const again = (error: string) => html(response, 422, choosePage(session, { error, way: way?.id ?? '', card }));
  if (!way) return again('Choose a way to pay.');
  const isCard = way.cardType.startsWith('VISA') || way.cardType.startsWith('MASTER') || way.cardType.startsWith('DBBLNEXUS');
  if (isCard && card !== TEST_CARDS.pays && card !== TEST_CARDS.declined) return again('Enter the card number.');
  if (form.get('otp') !== TEST_OTP) return again('Wrong one-time password.');
  if (isCard && card === TEST_CARDS.declined) {
    store.end(session, 'FAILED');
    return context.sendBack(response, session, session.request.fail_url);
  }
  store.pay(session, { cardType: way.cardType, cardNo: isCard ? `${card.slice(0, 6)}XXXXXX${card.slice(-4)}` : '' }, switches.risky ? 1 : 0);
  return context.sendBack(response, session, session.request.success_url);
}

/** merchantTransIDvalidationAPI.php: a refund (bank_tran_id), its state (refund_ref_id), or a transaction's (tran_id, sessionkey). */
function merchantQuery(store: SslcStore, query: URLSearchParams) {
  const bankTranId = query.get('bank_tran_id');
  if (bankTranId && query.get('refund_amount')) {
    const session = store.byBankTranId(bankTranId);
    if (!session || session.status !== 'VALID') return { APIConnect: 'DONE', status: 'failed', errorReason: 'Invalid bank_tran_id' };
    const amount = Number(query.get('refund_amount'));
    const refunded = session.refunds.reduce((sum, refund) => sum + Number(refund.amount), 0);
    if (!Number.isFinite(amount) || amount <= 0 || amount + refunded > Number(session.request.total_amount)) return { APIConnect: 'DONE', status: 'failed', errorReason: 'Refund amount exceeds the transaction amount' };
    return refundAnswer(store.refund(session, amount.toFixed(2), query.get('refund_remarks') ?? '', query.get('refe_id') ?? ''));
  }
  const refundRef = query.get('refund_ref_id');
  if (refundRef) {
    const found = store.byRefundRef(refundRef);
    return found ? refundQueryAnswer(store.settle(found.refund), found.session.request.tran_id) : { APIConnect: 'DONE', status: 'failed', errorReason: 'Invalid refund_ref_id' };
  }
  const tranId = query.get('tran_id');
  if (tranId) return transactionQueryAnswer(store.byTranId(tranId));
  const sessionkey = query.get('sessionkey');
  const session = sessionkey ? store.find(sessionkey) : undefined;
  return session ? transactionQueryAnswer([session]) : { APIConnect: 'INVALID_REQUEST' };
}

/** The gateway's calls from the merchant's server (the store's credentials in each), and the hosted page's. */
async function route(context: Context, request: IncomingMessage, response: ServerResponse) {
  const { store, switches } = context;
  const method = request.method ?? 'GET';
  const address = new URL(request.url ?? '/', 'http://fake-sslcommerz');
  const path = address.pathname;
  if (method === 'GET' && path === '/health') return json(response, 200, { ok: true });
  if (method === 'GET' && path === '/__fake/sessions') return json(response, 200, [...store.sessions.values()]);
  if (method === 'GET' && path === '/gwprocess/v4/gw.php') {
    const session = store.find(address.searchParams.get('SESSIONKEY') ?? '');
    if (!session) return html(response, 404, messagePage('Session not found', 'This payment session does not exist.'));
    if (session.status !== 'PENDING') return html(response, 409, messagePage('Nothing to pay', `This payment is ${session.status.toLowerCase()}.`));
    return html(response, 200, choosePage(session));
  }
  const text = await readBody(request);
  if (text === undefined) return json(response, 413, { status: 'FAILED', failedreason: 'Request too large' });
  // The merchant's calls carry their fields in the query (GET, as the published libraries build them) or as a form.
  const fields = new URLSearchParams([...address.searchParams, ...new URLSearchParams(text)]);
  if (method === 'POST' && (path === '/gwprocess/v4/pay' || path === '/gwprocess/v4/cancel')) return pageStep(context, response, path.split('/').pop()!, fields);
  if (method === 'POST' && path === '/__fake/switches') {
    Object.assign(switches, JSON.parse(text || '{}') as Partial<Switches>);
    return json(response, 200, switches);
  }
  if (!store.credentialsHold(fields.get('store_id'), fields.get('store_passwd'))) {
    if (path === '/gwprocess/v4/api.php') return json(response, 200, { status: 'FAILED', failedreason: 'Store Credential Error Or Store is De-active', sessionkey: '', GatewayPageURL: '' });
    if (path.startsWith('/validator/api/')) return json(response, 200, { APIConnect: 'INVALID_REQUEST', status: 'INVALID_TRANSACTION' });
  }
  if (method === 'POST' && path === '/gwprocess/v4/api.php') return startSession(context, response, Object.fromEntries(fields));
  if (path === '/validator/api/validationserverAPI.php') return json(response, 200, validationAnswer(store.byValId(fields.get('val_id') ?? ''), switches.validationAmount ?? undefined));
  if (path === '/validator/api/merchantTransIDvalidationAPI.php') return json(response, 200, merchantQuery(store, fields));
  return json(response, 404, { status: 'FAILED', failedreason: 'Not Found' });
}

function startSession(context: Context, response: ServerResponse, fields: Record<string, string>) {
  try {
    const session = context.store.start(fields);
    const page = `${context.url()}/gwprocess/v4/gw.php?Q=pay&SESSIONKEY=${session.sessionkey}`;
    return json(response, 200, { status: 'SUCCESS', failedreason: '', sessionkey: session.sessionkey, gw: {}, redirectGatewayURL: page, directPaymentURL: '', GatewayPageURL: page, storeBanner: '', storeLogo: '', desc: [] });
  } catch (error) {
    if (error instanceof SessionRefused) return json(response, 200, { status: 'FAILED', failedreason: error.message, sessionkey: '', GatewayPageURL: '' });
    throw error;
  }
}

async function serve(context: Context): Promise<FakeSslcommerz> {
  const { options, log, store, switches, ipns } = context;
  // After each request that may change a session (every one but the health check and the lists): kept whole.
  const keep = (request: IncomingMessage) => options.stateFile && !/^\/(health|__fake\/sessions)/.test(request.url ?? '') && writeState(options.stateFile, store.kept());
  const listening = await listen((request, response) => route(context, request, response).then(() => keep(request)), {
    host: options.host,
    port: options.port,
    name: 'fake SSLCommerz',
    log,
    failed: (response) => json(response, 500, { status: 'FAILED', failedreason: 'Internal server error' }),
  });
  context.setUrl(options.publicUrl?.replace(/\/$/, '') ?? listening.url);
  return { url: context.url(), port: listening.port, sessions: store.sessions, switches, ipns, close: () => listening.close() };
}
