import { randomBytes, randomUUID } from 'node:crypto';
import { lacksBalance } from './wallets.js';

/** bKash answers every API call with HTTP 200 and a statusCode: "0000" is success, the rest are its error codes. */
export const ERRORS = {
  '2001': 'Invalid App Key',
  '2002': 'Invalid Payment ID',
  '2006': 'Invalid Amount',
  '2007': 'Invalid Currency',
  '2008': 'Invalid Intent',
  '2023': 'Insufficient Balance',
  '2026': 'The reversal amount cannot be greater than the original transaction amount',
  '2031': 'Invalid merchant invoice number',
  '2032': 'Invalid receiver MSISDN',
  '2033': 'Transaction not found',
  '2034': 'The transaction cannot be reversed because the original transaction has been reversed',
  '2049': 'Invalid Merchant Callback URL',
  '2056': 'Invalid Payment State',
  '2060': "Payment execution pre-requisite hasn't been met",
  '2062': 'The payment has already been completed',
  '2063': 'Mode is not valid as per request data',
  '2065': 'Mandatory field missing',
} as const;
export type ErrorCode = keyof typeof ERRORS;

export class BkashError extends Error {
  readonly code: ErrorCode;

  constructor(code: ErrorCode) {
    super(ERRORS[code]);
    this.code = code;
  }
}

/** A refusal at the gateway in front of bKash's API (no or an expired token): HTTP 401 with a message. */
export class Unauthorized extends Error {}

/** What bKash keeps of a payment. `Authorized`: the buyer approved it on the page; the merchant has not executed it. */
export interface Payment {
  paymentID: string;
  amount: string;
  currency: 'BDT';
  intent: 'sale';
  mode: '0011';
  merchantInvoiceNumber: string;
  payerReference: string;
  callbackURL: string;
  state: 'Initiated' | 'Authorized' | 'Completed' | 'Cancelled' | 'Failed' | 'Expired';
  createdAt: Date;
  customerMsisdn?: string;
  wrongPins: number;
  trxID?: string;
  executedAt?: Date;
  refund?: { refundTrxID: string; amount: string; completedAt: Date };
}

export interface Credentials {
  username: string;
  password: string;
  appKey: string;
  appSecret: string;
}

/** bKash's own time format: 2026-11-25T21:03:05:251 GMT+0600. */
export function bkashTime(date: Date): string {
  const dhaka = new Date(date.getTime() + 6 * 3600_000).toISOString();
  return `${dhaka.slice(0, 19)}:${dhaka.slice(20, 23)} GMT+0600`;
}

const ALNUM = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
export const code = (length: number) => Array.from(randomBytes(length), (byte) => ALNUM[byte % ALNUM.length]).join('');
/** "0.00" to poisha, exactly (no floats): undefined when it is not an amount bKash takes. */
export function poishaOf(amount: unknown): number | undefined {
  const match = typeof amount === 'string' ? /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(amount) : null;
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

export const ok = { statusCode: '0000', statusMessage: 'Successful' };
export const text = (body: Record<string, unknown>, field: string) => (typeof body[field] === 'string' ? (body[field] as string).trim() : '');

export interface ApiOptions {
  credentials: Credentials;
  /** Seconds an id_token lasts (bKash: 3600). */
  tokenSeconds: number;
  /** How long the buyer has on the payment page before the payment expires. */
  pageTimeoutMs: number;
  now?: () => number;
}

/** The Tokenized Checkout API's state and its calls, without HTTP. */
export function createBkashApi(options: ApiOptions) {
  const now = options.now ?? Date.now;
  const payments = new Map<string, Payment>();
  const byTrx = new Map<string, Payment>();
  const idTokens = new Map<string, number>();
  const refreshTokens = new Map<string, number>();
  const counts = { grants: 0, refreshes: 0, creates: 0, executes: 0, refunds: 0, payouts: 0 };

  function issueToken() {
    const idToken = `eyJ${randomBytes(24).toString('base64url')}`;
    const refreshToken = randomUUID();
    idTokens.set(idToken, now() + options.tokenSeconds * 1000);
    refreshTokens.set(refreshToken, now() + 28 * 24 * 3600_000);
    return { ...ok, id_token: idToken, token_type: 'Bearer', expires_in: options.tokenSeconds, refresh_token: refreshToken };
  }

  function checkApp(headers: Record<string, string | undefined>, body: Record<string, unknown>) {
    const { credentials } = options;
    if (headers.username !== credentials.username || headers.password !== credentials.password) throw new Unauthorized('Unauthorized');
    if (text(body, 'app_key') !== credentials.appKey || text(body, 'app_secret') !== credentials.appSecret) throw new BkashError('2001');
  }

  /** Every call but the token ones: Authorization is the id_token itself (no "Bearer"), X-APP-Key the app key. */
  function checkToken(headers: Record<string, string | undefined>) {
    const expires = idTokens.get(headers.authorization ?? '');
    if (expires === undefined) throw new Unauthorized('Unauthorized');
    if (expires <= now()) throw new Unauthorized('The incoming token has expired');
    if (headers['x-app-key'] !== options.credentials.appKey) throw new BkashError('2001');
  }

  /** The payment, once its page has run out of time: a payment not approved in time expires. */
  function current(paymentID: string): Payment {
    const payment = payments.get(paymentID);
    if (!payment) throw new BkashError('2002');
    if (payment.state === 'Initiated' && now() - payment.createdAt.getTime() > options.pageTimeoutMs) payment.state = 'Expired';
    return payment;
  }

  const view = (payment: Payment) => ({
    paymentID: payment.paymentID,
    mode: payment.mode,
    paymentCreateTime: bkashTime(payment.createdAt),
    amount: payment.amount,
    currency: payment.currency,
    intent: payment.intent,
    merchantInvoiceNumber: payment.merchantInvoiceNumber,
    payerReference: payment.payerReference,
    // The merchant sees a payment approved on the page but not executed as still Initiated.
    transactionStatus: payment.state === 'Authorized' ? 'Initiated' : payment.state,
    ...(payment.trxID ? { trxID: payment.trxID, customerMsisdn: payment.customerMsisdn, paymentExecuteTime: bkashTime(payment.executedAt!) } : {}),
    verificationStatus: payment.state === 'Completed' ? 'Complete' : 'Incomplete',
    ...ok,
  });

  return {
    payments: payments as ReadonlyMap<string, Payment>,
    /** What a state file keeps: the payments and the tokens granted (a merchant's token outlives a restart). */
    kept: () => ({ payments, idTokens, refreshTokens }) as Record<string, ReadonlyMap<string, unknown>>,
    /** Puts kept state back: the payments (their transactions found by trxID again) and the tokens. */
    restore(saved: { payments?: [string, Payment][]; idTokens?: [string, number][]; refreshTokens?: [string, number][] }) {
      for (const [id, payment] of saved.payments ?? []) {
        payments.set(id, payment);
        if (payment.trxID) byTrx.set(payment.trxID, payment);
      }
      for (const [token, expires] of saved.idTokens ?? []) idTokens.set(token, expires);
      for (const [token, expires] of saved.refreshTokens ?? []) refreshTokens.set(token, expires);
    },
    counts,
    checkToken,
    /** Every id_token stops working (refresh tokens still do), as when bKash rotates them early. */
    revokeTokens: () => idTokens.clear(),

    grant(headers: Record<string, string | undefined>, body: Record<string, unknown>) {
      checkApp(headers, body);
      counts.grants += 1;
      return issueToken();
    },

    refresh(headers: Record<string, string | undefined>, body: Record<string, unknown>) {
      checkApp(headers, body);
      const expires = refreshTokens.get(text(body, 'refresh_token'));
      if (expires === undefined || expires <= now()) throw new Unauthorized('Invalid refresh token');
      counts.refreshes += 1;
      return issueToken();
    },

    create(headers: Record<string, string | undefined>, body: Record<string, unknown>, pageUrl: (payment: Payment) => string) {
      checkToken(headers);
      for (const field of ['mode', 'payerReference', 'callbackURL', 'amount', 'currency', 'intent']) if (!text(body, field)) throw new BkashError('2065');
      if (text(body, 'mode') !== '0011') throw new BkashError('2063');
      const amount = poishaOf(text(body, 'amount'));
      if (amount === undefined || amount < 100) throw new BkashError('2006');
      if (text(body, 'currency') !== 'BDT') throw new BkashError('2007');
      if (text(body, 'intent') !== 'sale') throw new BkashError('2008');
      if (!/^https?:$/.test(URL.parse(text(body, 'callbackURL'))?.protocol ?? '')) throw new BkashError('2049');
      const invoice = text(body, 'merchantInvoiceNumber');
      if (invoice.length > 255) throw new BkashError('2031');
      counts.creates += 1;
      const payment: Payment = {
        paymentID: `TR0011${code(14)}`,
        amount: text(body, 'amount'),
        currency: 'BDT',
        intent: 'sale',
        mode: '0011',
        merchantInvoiceNumber: invoice,
        payerReference: text(body, 'payerReference'),
        callbackURL: text(body, 'callbackURL'),
        state: 'Initiated',
        createdAt: new Date(now()),
        wrongPins: 0,
      };
      payments.set(payment.paymentID, payment);
      const { callbackURL } = payment;
      return {
        ...view(payment),
        bkashURL: pageUrl(payment),
        callbackURL,
        successCallbackURL: `${callbackURL}${callbackURL.includes('?') ? '&' : '?'}status=success`,
        failureCallbackURL: `${callbackURL}${callbackURL.includes('?') ? '&' : '?'}status=failure`,
        cancelledCallbackURL: `${callbackURL}${callbackURL.includes('?') ? '&' : '?'}status=cancel`,
      };
    },

    /** Moves the money: only once, only for a payment the buyer approved. */
    execute(headers: Record<string, string | undefined>, body: Record<string, unknown>) {
      checkToken(headers);
      const payment = current(text(body, 'paymentID'));
      if (payment.state === 'Completed') throw new BkashError('2062');
      if (payment.state === 'Initiated') throw new BkashError('2060');
      if (payment.state !== 'Authorized') throw new BkashError('2056');
      counts.executes += 1;
      if (lacksBalance(payment.customerMsisdn ?? '')) {
        payment.state = 'Failed';
        throw new BkashError('2023');
      }
      payment.state = 'Completed';
      payment.trxID = code(10);
      payment.executedAt = new Date(now());
      byTrx.set(payment.trxID, payment);
      return {
        paymentID: payment.paymentID,
        customerMsisdn: payment.customerMsisdn,
        payerReference: payment.payerReference,
        paymentExecuteTime: bkashTime(payment.executedAt),
        trxID: payment.trxID,
        transactionStatus: 'Completed',
        amount: payment.amount,
        currency: payment.currency,
        intent: payment.intent,
        merchantInvoiceNumber: payment.merchantInvoiceNumber,
        ...ok,
      };
    },

    status(headers: Record<string, string | undefined>, body: Record<string, unknown>) {
      checkToken(headers);
      return view(current(text(body, 'paymentID')));
    },

    search(headers: Record<string, string | undefined>, body: Record<string, unknown>) {
      checkToken(headers);
      const payment = byTrx.get(text(body, 'trxID'));
      if (!payment) throw new BkashError('2033');
      return {
        trxID: payment.trxID,
        initiationTime: bkashTime(payment.createdAt),
        completedTime: bkashTime(payment.executedAt!),
        transactionType: 'bKash Tokenized Checkout via API',
        customerMsisdn: payment.customerMsisdn,
        transactionStatus: payment.refund ? 'Refunded' : 'Completed',
        amount: payment.amount,
        currency: payment.currency,
        organizationShortCode: '50022',
        ...ok,
      };
    },

    /** With an amount, refunds; with only paymentID and trxID, says how the payment was refunded (bKash's refund status). */
    refund(headers: Record<string, string | undefined>, body: Record<string, unknown>) {
      checkToken(headers);
      const payment = current(text(body, 'paymentID'));
      if (payment.state !== 'Completed' || payment.trxID !== text(body, 'trxID')) throw new BkashError('2033');
      const answer = (refund: NonNullable<Payment['refund']>) => ({
        completedTime: bkashTime(refund.completedAt),
        transactionStatus: 'Completed',
        originalTrxID: payment.trxID,
        refundTrxID: refund.refundTrxID,
        amount: refund.amount,
        currency: 'BDT',
        charge: '0.00',
        ...ok,
      });
      if (body.amount === undefined) {
        if (!payment.refund) throw new BkashError('2033');
        return answer(payment.refund);
      }
      if (payment.refund) throw new BkashError('2034');
      const amount = poishaOf(text(body, 'amount'));
      if (amount === undefined || amount <= 0) throw new BkashError('2006');
      if (amount > poishaOf(payment.amount)!) throw new BkashError('2026');
      if (!text(body, 'sku') || !text(body, 'reason')) throw new BkashError('2065');
      counts.refunds += 1;
      payment.refund = { refundTrxID: code(10), amount: text(body, 'amount'), completedAt: new Date(now()) };
      return answer(payment.refund);
    },

    /** The payment page's steps. Each returns the payment as it now stands. */
    page: {
      find: (paymentID: string) => (payments.has(paymentID) ? current(paymentID) : undefined),
      approve(payment: Payment, wallet: string) {
        payment.customerMsisdn = wallet;
        payment.state = 'Authorized';
      },
      wrongPin(payment: Payment) {
        payment.wrongPins += 1;
        return payment.wrongPins;
      },
      fail(payment: Payment) {
        payment.state = 'Failed';
      },
      cancel(payment: Payment) {
        payment.state = 'Cancelled';
      },
    },
  };
}
export type BkashApi = ReturnType<typeof createBkashApi>;
