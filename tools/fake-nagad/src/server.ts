import type { IncomingMessage, ServerResponse } from 'node:http';
import { html, json, listen, readBody, readState, writeState } from '@phonehaat/local-server';
import { decryptWith, encryptFor, signedBy, signWith } from './crypto.js';
import { DEV_KEYS } from './keys.js';
import { approvePage, messagePage, numberPage, returnPage, TEST_WALLET } from './page.js';
import { createStore, dhakaTime, TIMES, type Merchant, type NagadStore, type Payment } from './store.js';
import { createDisbursement, type Batch, type Disbursement } from './disbursement.js';
import { Refused } from './refused.js';

/** The development merchant the API's env defaults to (api/src/config/nagad-dev-keys.ts holds its private key). */
export const DEV_MERCHANT: Merchant = { id: '683002000000001', number: '01700000001', publicKey: DEV_KEYS.merchantPublicKey, aggregatorId: '683003000000001' };

/**
 * Ways the real Nagad has been seen to behave: the buyer's return late or never (the tab closed), the verify call
 * answering another amount than was paid, and every merchant call answered late (a slow network: the API's timeout).
 */
export interface Switches {
  noReturn: boolean;
  returnDelayMs: number;
  verifyAmount: string | null;
  slowMs: number;
}

export interface FakeNagadOptions {
  port?: number;
  host?: string;
  merchant?: Merchant;
  switches?: Partial<Switches>;
  logger?: (message: string) => void;
  /** Where browsers reach it, for the approval page's address, when that is not where it listens. */
  publicUrl?: string;
  /** Where its payments are kept between runs (`pnpm start`: the API's database remembers them); none in tests. */
  stateFile?: string;
}

export interface FakeNagad {
  url: string;
  port: number;
  payments: ReadonlyMap<string, Payment>;
  /** The disbursement batches made (money sent to customers' Nagad accounts). */
  batches: ReadonlyMap<string, Batch>;
  switches: Switches;
  close(): Promise<void>;
}


const HEADERS = ['x-km-api-version', 'x-km-ip-v4', 'x-km-client-type'] as const;
const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/;

interface Context {
  store: NagadStore;
  disbursement: Disbursement;
  merchant: Merchant;
  switches: Switches;
  url: () => string;
  log: (message: string) => void;
}

/** The sensitive fields of a merchant's call: decrypted with Nagad's key, checked against the merchant's signature. */
function opened(context: Context, sealed: unknown, signature: unknown): Record<string, string> {
  if (typeof sealed !== 'string' || typeof signature !== 'string') throw new Refused('INVALID_REQUEST', 'sensitiveData and signature are required');
  const plain = decryptWith(DEV_KEYS.nagadPrivateKey, sealed);
  if (plain === undefined) throw new Refused('DECRYPTION_FAILED', 'Sensitive data could not be decrypted');
  if (!signedBy(context.merchant.publicKey, plain, signature)) throw new Refused('INVALID_SIGNATURE', 'Signature verification failed');
  try {
    return JSON.parse(plain) as Record<string, string>;
  } catch {
    throw new Refused('INVALID_REQUEST', 'Sensitive data is not JSON');
  }
}

/** An answer to the merchant, encrypted to its key and signed with Nagad's. */
function sealedAnswer(context: Context, fields: Record<string, unknown>) {
  const plain = JSON.stringify(fields);
  return { sensitiveData: encryptFor(context.merchant.publicKey, plain), signature: signWith(DEV_KEYS.nagadPrivateKey, plain) };
}

/** check-out/initialize/{merchantId}/{orderId}: a payment reference and Nagad's challenge for complete. */
function initialize(context: Context, merchantId: string, orderId: string, body: Record<string, unknown>) {
  if (merchantId !== context.merchant.id) throw new Refused('INVALID_MERCHANT', 'Merchant is not registered', 404);
  const sensitive = opened(context, body.sensitiveData, body.signature);
  if (sensitive.merchantId !== merchantId || sensitive.orderId !== orderId) throw new Refused('INVALID_REQUEST', 'Sensitive data does not match the request');
  if (!/^[A-Za-z0-9]{1,20}$/.test(orderId)) throw new Refused('INVALID_ORDER_ID', 'Order id must be 1 to 20 letters and digits');
  if (!/^\d{14}$/.test(sensitive.datetime ?? '') || Math.abs(Number(sensitive.datetime!.slice(0, 12)) - Number(dhakaTime(new Date()).slice(0, 12))) > 100) throw new Refused('INVALID_DATETIME', 'Request date-time is not current');
  if ((sensitive.challenge ?? '').length < 20) throw new Refused('INVALID_REQUEST', 'A challenge of at least 20 characters is required');
  if (context.store.byOrder(merchantId, orderId)) throw new Refused('DUPLICATE_ORDER_ID', 'Order id already used');
  const payment = context.store.initiate(merchantId, orderId);
  return sealedAnswer(context, { paymentReferenceId: payment.paymentRefId, challenge: payment.challenge, acceptDateTime: dhakaTime(payment.orderDateTime) });
}

/** check-out/complete/{paymentReferenceId}: the order's amount, Nagad's challenge back; the approval page's address. */
function complete(context: Context, paymentRefId: string, body: Record<string, unknown>) {
  const payment = context.store.find(paymentRefId);
  if (!payment) throw new Refused('INVALID_PAYMENT_REF', 'Payment reference not found', 404);
  const sensitive = opened(context, body.sensitiveData, body.signature);
  if (sensitive.merchantId !== payment.merchantId || sensitive.orderId !== payment.orderId) throw new Refused('INVALID_REQUEST', 'Sensitive data does not match the payment');
  if (sensitive.challenge !== payment.challenge) throw new Refused('INVALID_CHALLENGE', 'Challenge does not match');
  if (payment.status !== 'Initiated') throw new Refused('INVALID_STATE', `Payment is ${payment.status}`);
  if (sensitive.currencyCode !== '050') throw new Refused('INVALID_CURRENCY', 'Only BDT (050) is accepted');
  if (!AMOUNT.test(sensitive.amount ?? '') || Number(sensitive.amount) <= 0) throw new Refused('INVALID_AMOUNT', 'Amount must be a positive amount of taka');
  if (typeof body.merchantCallbackURL !== 'string' || !/^https?:\/\//.test(body.merchantCallbackURL)) throw new Refused('INVALID_REQUEST', 'merchantCallbackURL is required');
  Object.assign(payment, { status: 'Ready', amount: sensitive.amount, callbackUrl: body.merchantCallbackURL, additionalMerchantInfo: body.additionalMerchantInfo ?? null });
  return { status: 'Success', callBackUrl: `${context.url()}/check-out/pay?ref=${encodeURIComponent(payment.paymentRefId)}` };
}

/** verify/payment/{paymentReferenceId}: Nagad's record of the payment, in plain JSON. */
function verified(context: Context, paymentRefId: string) {
  const payment = context.store.find(paymentRefId);
  if (!payment) throw new Refused('INVALID_PAYMENT_REF', 'Payment reference not found', 404);
  return {
    merchantId: payment.merchantId,
    orderId: payment.orderId,
    paymentRefId: payment.paymentRefId,
    amount: context.switches.verifyAmount ?? payment.amount,
    clientMobileNo: payment.clientMobileNo,
    merchantMobileNo: context.merchant.number,
    orderDateTime: dhakaTime(payment.orderDateTime),
    issuerPaymentDateTime: payment.issuerPaymentDateTime ? dhakaTime(payment.issuerPaymentDateTime) : null,
    issuerPaymentRefNo: payment.issuerPaymentRefNo,
    additionalMerchantInfo: payment.additionalMerchantInfo === null ? null : JSON.stringify(payment.additionalMerchantInfo),
    status: payment.status,
    statusCode: payment.statusCode,
  };
}

/** purchase/cancel?paymentRefId=…: a refund of a paid order, in full or in part; the same referenceNo is answered again. */
function cancel(context: Context, paymentRefId: string, body: Record<string, unknown>) {
  const payment = context.store.find(paymentRefId);
  if (!payment) throw new Refused('INVALID_PAYMENT_REF', 'Payment reference not found', 404);
  const sensitive = opened(context, body.sensitiveDataCancelRequest, body.signature);
  if (sensitive.merchantId !== payment.merchantId) throw new Refused('INVALID_MERCHANT', 'Merchant does not match the payment');
  if (payment.status !== 'Success') throw new Refused('INVALID_STATE', 'Only a successful payment can be cancelled');
  if (sensitive.originalAmount !== payment.amount) throw new Refused('INVALID_AMOUNT', 'originalAmount is not the payment’s amount');
  if (!sensitive.referenceNo) throw new Refused('INVALID_REQUEST', 'referenceNo is required');
  // What one RSA block holds (245 bytes): the refund's own fields, not the message sent with it.
  const answer = ({ cancelAmount, referenceNo, cancelTrxId }: { cancelAmount: string; referenceNo: string; cancelTrxId: string }) =>
    sealedAnswer(context, { status: 'Success', originalRequestDate: sensitive.originalRequestDate, originalAmount: payment.amount, cancelAmount, referenceNo, cancelTrxId });
  const earlier = payment.cancels.find((each) => each.referenceNo === sensitive.referenceNo);
  if (earlier) return answer(earlier);
  const cancelled = payment.cancels.reduce((sum, each) => sum + Number(each.cancelAmount), 0);
  if (!AMOUNT.test(sensitive.cancelAmount ?? '') || Number(sensitive.cancelAmount) <= 0 || Number(sensitive.cancelAmount) + cancelled > Number(payment.amount) + 1e-9)
    throw new Refused('INVALID_AMOUNT', 'cancelAmount exceeds what can be refunded');
  return answer(context.store.cancel(payment, sensitive.cancelAmount!, sensitive.referenceNo, sensitive.referenceMessage ?? ''));
}

/** The buyer sent to the merchant's callback address with how it ended, as Nagad's page does. */
function sendBack(context: Context, response: ServerResponse, payment: Payment, message: string) {
  const query = new URLSearchParams({
    merchant: payment.merchantId,
    order_id: payment.orderId,
    payment_ref_id: payment.paymentRefId,
    status: payment.status,
    status_code: payment.statusCode,
    message,
    ...(payment.status === 'Success' ? { payment_dt: dhakaTime(payment.issuerPaymentDateTime!), issuer_payment_ref: payment.issuerPaymentRefNo } : {}),
  });
  if (context.switches.noReturn) return html(response, 200, messagePage('Payment done', 'You may close this page.'));
  const to = `${payment.callbackUrl}${payment.callbackUrl.includes('?') ? '&' : '?'}${query}`;
  return html(response, 200, returnPage(to, context.switches.returnDelayMs));
}

/** The approval page's steps: the number, then the OTP and PIN; or cancel. */
function pageStep(context: Context, response: ServerResponse, step: string, form: URLSearchParams) {
  const payment = context.store.find(form.get('ref') ?? '');
  if (!payment) return html(response, 404, messagePage('Payment not found', 'This payment does not exist.'));
  if (payment.status !== 'Ready') return html(response, 409, messagePage('Nothing to pay', `This payment is ${payment.status}.`));
  const wallet = (form.get('wallet') ?? '').replace(/\D/g, '');
  if (step === 'pay') return html(response, 200, numberPage(payment));
  if (step === 'cancel') {
    context.store.end(payment, 'Aborted', '00_1111_001');
    return sendBack(context, response, payment, 'Cancelled by the customer');
  }
  if (!/^01[3-9]\d{8}$/.test(wallet)) return html(response, 422, numberPage(payment, { error: 'Enter an 11-digit Nagad account number.', wallet }));
  if (step === 'number') return html(response, 200, approvePage(payment, wallet));
  if (form.get('otp') !== TEST_WALLET.otp) return html(response, 422, approvePage(payment, wallet, 'Wrong verification code.'));
  if (form.get('pin') !== TEST_WALLET.pin) return html(response, 422, approvePage(payment, wallet, 'Wrong PIN.'));
  if (wallet === TEST_WALLET.poor) {
    context.store.end(payment, 'Failed', '50_0026_851', wallet);
    return sendBack(context, response, payment, 'Insufficient balance');
  }
  context.store.end(payment, 'Success', '00_0000_000', wallet);
  context.log(`fake Nagad: ${payment.orderId} paid ৳${payment.amount} from ${wallet}`);
  return sendBack(context, response, payment, 'Successful Transaction');
}

/** The disbursement service's calls (disbursement.ts): the handshake, then a batch's steps. */
async function disbursementCall(context: Context, request: IncomingMessage, response: ServerResponse, address: URL, text: string) {
  if (context.switches.slowMs > 0) await new Promise((resolve) => setTimeout(resolve, context.switches.slowMs));
  try {
    const body = JSON.parse(text || '{}') as Record<string, unknown>;
    if (address.pathname === '/api/secure-handshake/dfs/disbursement') {
      const shaken = context.disbursement.handshake(request.headers, body);
      response.setHeader('X-KM-Api-Key', shaken.apiKey);
      return json(response, 200, shaken.body);
    }
    return json(response, 200, context.disbursement.batchCall(address.pathname.split('/').pop()!, request.headers, address.searchParams, body));
  } catch (error) {
    if (error instanceof SyntaxError) return json(response, 400, { reason: 'INVALID_REQUEST', message: 'The body is not JSON' });
    if (error instanceof Refused) return json(response, error.status, { reason: error.reason, message: error.message });
    throw error;
  }
}

async function route(context: Context, request: IncomingMessage, response: ServerResponse) {
  const method = request.method ?? 'GET';
  const address = new URL(request.url ?? '/', 'http://fake-nagad');
  const path = address.pathname;
  if (method === 'GET' && path === '/health') return json(response, 200, { ok: true });
  if (method === 'GET' && path === '/__fake/payments') return json(response, 200, [...context.store.payments.values()]);
  if (method === 'GET' && path === '/__fake/disbursements') return json(response, 200, [...context.disbursement.batches.values()]);
  if (method === 'GET' && path === '/check-out/pay') return pageStep(context, response, 'pay', address.searchParams);
  const text = await readBody(request);
  if (text === undefined) return json(response, 413, { reason: 'INVALID_REQUEST', message: 'Request too large' });
  if (method === 'POST' && path === '/__fake/switches') {
    Object.assign(context.switches, JSON.parse(text || '{}') as Partial<Switches>);
    return json(response, 200, context.switches);
  }
  const page = /^\/check-out\/(number|approve|cancel)$/.exec(path);
  if (method === 'POST' && page) return pageStep(context, response, page[1]!, new URLSearchParams(text));
  if (method === 'POST' && /^\/api\/(secure-handshake\/dfs\/disbursement|disbursement-batch\/[\w-]+)$/.test(path)) return disbursementCall(context, request, response, address, text);
  // The merchant's calls: {base}/api/dfs/…, with Nagad's headers on every one.
  const call = /\/api\/dfs\/(.+)$/.exec(path)?.[1];
  if (!call) return json(response, 404, { reason: 'NOT_FOUND', message: 'Not Found' });
  if (context.switches.slowMs > 0) await new Promise((resolve) => setTimeout(resolve, context.switches.slowMs));
  try {
    const missing = HEADERS.find((name) => !request.headers[name]);
    if (missing) throw new Refused('INVALID_HEADER', `Header ${missing} is required`);
    const body = method === 'POST' ? (JSON.parse(text || '{}') as Record<string, unknown>) : {};
    const [, merchantId, orderId] = /^check-out\/initialize\/([^/]+)\/([^/]+)$/.exec(call) ?? [];
    if (method === 'POST' && merchantId) return json(response, 200, initialize(context, decodeURIComponent(merchantId), decodeURIComponent(orderId!), body));
    const completing = /^check-out\/complete\/(.+)$/.exec(call)?.[1];
    if (method === 'POST' && completing) return json(response, 200, complete(context, decodeURIComponent(completing), body));
    const verifying = /^verify\/payment\/(.+)$/.exec(call)?.[1];
    if (method === 'GET' && verifying) return json(response, 200, verified(context, decodeURIComponent(verifying)));
    if (method === 'POST' && call === 'purchase/cancel') return json(response, 200, cancel(context, address.searchParams.get('paymentRefId') ?? '', body));
    return json(response, 404, { reason: 'NOT_FOUND', message: 'Not Found' });
  } catch (error) {
    if (error instanceof SyntaxError) return json(response, 400, { reason: 'INVALID_REQUEST', message: 'The body is not JSON' });
    if (error instanceof Refused) return json(response, error.status, { reason: error.reason, message: error.message });
    throw error;
  }
}

export async function startFakeNagad(options: FakeNagadOptions = {}): Promise<FakeNagad> {
  const log = options.logger ?? (() => undefined);
  let url = '';
  const merchant = options.merchant ?? DEV_MERCHANT;
  const context: Context = {
    store: createStore(),
    disbursement: createDisbursement(merchant, log),
    merchant,
    switches: { noReturn: false, returnDelayMs: 0, verifyAmount: null, slowMs: 0, ...options.switches },
    url: () => url,
    log,
  };
  if (options.stateFile) context.store.restore(readState(options.stateFile, TIMES).payments);
  // After each request that may change a payment (every one but the health check and the list): kept whole.
  const keep = (request: IncomingMessage) => options.stateFile && !/^\/(health|__fake\/payments)/.test(request.url ?? '') && writeState(options.stateFile, context.store.kept());
  const listening = await listen((request, response) => route(context, request, response).then(() => keep(request)), {
    host: options.host,
    port: options.port,
    name: 'fake Nagad',
    log,
    failed: (response) => json(response, 500, { reason: 'INTERNAL_ERROR', message: 'Internal server error' }),
  });
  url = options.publicUrl?.replace(/\/$/, '') ?? listening.url;
  return { url, port: listening.port, payments: context.store.payments, batches: context.disbursement.batches, switches: context.switches, close: () => listening.close() };
}
