import { createSharedToken } from '../../../providers/shared-token.ts';
import type { ProviderTokensRepository } from '../../../providers/provider-tokens.ts';

export interface BkashConfig {
  /** Up to the API's version: https://tokenized.pay.bka.sh/v1.2.0-beta (locally the fake bKash). */
  baseUrl: string;
  username: string;
  password: string;
  appKey: string;
  appSecret: string;
  timeoutMs: number;
}

/** bKash answered with an error code (HTTP 200, statusCode other than "0000"). */
export class BkashApiError extends Error {
  readonly code: string;

  constructor(code: string, message: string) {
    super(`bKash ${code}: ${message}`);
    this.code = code;
  }
}
/** bKash did not answer within the timeout: what it did is unknown until asked again. */
export class BkashTimeout extends Error {}

type Answer = Record<string, string | undefined>;

const PROVIDER = 'bkash';

/**
 * bKash's Tokenized Checkout API over fetch (decision 027: its documented HTTP API, no SDK). The grant token is shared
 * by every instance (providers/shared-token.ts), renewed with the refresh token (a grant only when that fails).
 */
export function createBkashClient(config: BkashConfig, tokens: ProviderTokensRepository) {
  const checkout = `${config.baseUrl.replace(/\/$/, '')}/tokenized/checkout`;

  async function post(path: string, body: object, headers: Record<string, string>): Promise<{ status: number; answer: Answer }> {
    let response: Response;
    try {
      response = await fetch(`${checkout}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(config.timeoutMs),
      });
      return { status: response.status, answer: (await response.json()) as Answer };
    } catch (error) {
      if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) throw new BkashTimeout(`bKash did not answer ${path} within ${config.timeoutMs} ms`);
      throw error;
    }
  }

  const appHeaders = () => ({ username: config.username, password: config.password });
  const app = { app_key: config.appKey, app_secret: config.appSecret };

  async function tokenCall(path: '/token/grant' | '/token/refresh', body: object) {
    const { status, answer } = await post(path, body, appHeaders());
    if (status !== 200 || answer.statusCode !== '0000' || !answer.id_token) throw new BkashApiError(answer.statusCode ?? String(status), answer.statusMessage ?? answer.message ?? 'token refused');
    const now = Date.now();
    return {
      accessToken: answer.id_token,
      refreshToken: answer.refresh_token ?? null,
      expiresAt: new Date(now + Number(answer.expires_in ?? 3600) * 1000),
      // bKash's refresh token lasts 28 days; a little less is assumed.
      refreshExpiresAt: answer.refresh_token ? new Date(now + 27 * 24 * 3600_000) : null,
    };
  }

  const shared = createSharedToken({
    provider: PROVIDER,
    tokens,
    timeoutMs: config.timeoutMs,
    timedOut: (message) => new BkashTimeout(message),
    obtain: (stored) => {
      const canRefresh = stored?.refreshToken && stored.refreshExpiresAt && stored.refreshExpiresAt.getTime() > Date.now();
      if (!canRefresh) return tokenCall('/token/grant', app);
      return tokenCall('/token/refresh', { ...app, refresh_token: stored.refreshToken }).catch((error: unknown) => {
        if (error instanceof BkashTimeout) throw error;
        return tokenCall('/token/grant', app);
      });
    },
  });

  /** One checkout call with the shared token; a token bKash refuses is dropped and the call made once more. */
  async function call(path: string, body: object): Promise<Answer> {
    for (let attempt = 0; ; attempt += 1) {
      const idToken = await shared.token();
      const { status, answer } = await post(path, body, { authorization: idToken, 'x-app-key': config.appKey });
      if (status === 401 && attempt === 0) {
        await shared.drop(idToken);
        continue;
      }
      if (status !== 200) throw new BkashApiError(String(status), answer.message ?? 'HTTP error');
      return answer;
    }
  }

  /** The call's answer when it succeeded; a BkashApiError with bKash's code otherwise. */
  async function ok(path: string, body: object): Promise<Answer> {
    const answer = await call(path, body);
    if (answer.statusCode !== '0000') throw new BkashApiError(answer.statusCode ?? '?', answer.statusMessage ?? 'unknown error');
    return answer;
  }

  return {
    create: (body: { payerReference: string; callbackURL: string; amount: string; merchantInvoiceNumber: string }) =>
      ok('/create', { mode: '0011', currency: 'BDT', intent: 'sale', ...body }),
    execute: (paymentID: string) => ok('/execute', { paymentID }),
    status: (paymentID: string) => ok('/payment/status', { paymentID }),
    search: (trxID: string) => ok('/general/searchTransaction', { trxID }),
    refund: (body: { paymentID: string; trxID: string; amount: string; sku: string; reason: string }) => ok('/payment/refund', body),
    refundStatus: (paymentID: string, trxID: string) => ok('/payment/refund', { paymentID, trxID }),
    /** B2C payout to a wallet; the invoice number makes a repeat the same payout. */
    payout: (body: { amount: string; merchantInvoiceNumber: string; receiverMSISDN: string }) => ok('/payout/b2cPayment', { currency: 'BDT', ...body }),
    payoutQuery: (merchantInvoiceNumber: string) => ok('/payout/query', { merchantInvoiceNumber }),
  };
}
export type BkashClient = ReturnType<typeof createBkashClient>;
