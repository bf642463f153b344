import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

export interface SslcommerzConfig {
  /** https://securepay.sslcommerz.com (live) or https://sandbox.sslcommerz.com; locally the fake SSLCommerz. */
  baseUrl: string;
  storeId: string;
  storePassword: string;
  timeoutMs: number;
}

/** SSLCommerz refused a call, or answered something this client cannot read. */
export class SslcommerzError extends Error {}
/** SSLCommerz did not answer within the timeout: what it did is unknown until asked again. */
export class SslcommerzTimeout extends Error {}

/** What every answer may carry; each call reads the fields it needs. Amounts are strings ("21000.00"). */
const text = z.coerce.string().optional();
const SessionAnswer = z.looseObject({ status: z.string(), failedreason: text, sessionkey: text, GatewayPageURL: text });
const Transaction = z.looseObject({
  status: z.string(),
  tran_id: text,
  val_id: text,
  amount: text,
  currency: text,
  currency_type: text,
  currency_amount: text,
  bank_tran_id: text,
  risk_level: text,
  card_type: text,
  value_a: text,
});
export type SslcommerzTransaction = z.infer<typeof Transaction>;
const ValidationAnswer = Transaction.extend({ APIConnect: text });
const TransactionQueryAnswer = z.looseObject({ APIConnect: z.string(), no_of_trans_found: z.coerce.number().optional(), element: z.array(Transaction).optional() });
const RefundAnswer = z.looseObject({ APIConnect: z.string(), status: text, refund_ref_id: text, bank_tran_id: text, errorReason: text });

const md5 = (value: string) => createHash('md5').update(value, 'utf8').digest('hex');

/**
 * SSLCommerz's merchant API over fetch (decision 055: its published HTTP API, not the `sslcommerz-lts` SDK, which turns a
 * failed call into an answer and has no timeout): a session for the hosted page, the validation API every payment is
 * confirmed with, the transaction query, and refunds with their state. Every answer is read through a zod schema.
 */
export function createSslcommerzClient(config: SslcommerzConfig) {
  const base = config.baseUrl.replace(/\/$/, '');
  const credentials = { store_id: config.storeId, store_passwd: config.storePassword };

  async function call<T>(schema: z.ZodType<T>, path: string, fields: Record<string, string>, method: 'GET' | 'POST'): Promise<T> {
    const form = new URLSearchParams({ ...fields, ...credentials, format: 'json' });
    const address = method === 'GET' ? `${base}${path}?${form}` : `${base}${path}`;
    let answer: unknown;
    try {
      const response = await fetch(address, {
        method,
        ...(method === 'POST' ? { body: form } : {}),
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(config.timeoutMs),
      });
      if (!response.ok) throw new SslcommerzError(`SSLCommerz answered ${path} with HTTP ${response.status}`);
      answer = await response.json();
    } catch (error) {
      if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) throw new SslcommerzTimeout(`SSLCommerz did not answer ${path} within ${config.timeoutMs} ms`);
      throw error;
    }
    const parsed = schema.safeParse(answer);
    if (!parsed.success) throw new SslcommerzError(`SSLCommerz's answer to ${path} could not be read: ${parsed.error.issues[0]?.message ?? 'unknown shape'}`);
    return parsed.data;
  }

  return {
    /** gwprocess/v4/api.php: a session; the hosted page's address. */
    async startSession(fields: Record<string, string>): Promise<{ sessionkey: string; pageUrl: string }> {
      const answer = await call(SessionAnswer, '/gwprocess/v4/api.php', fields, 'POST');
      if (answer.status !== 'SUCCESS' || !answer.GatewayPageURL || !answer.sessionkey) throw new SslcommerzError(`SSLCommerz refused the session: ${answer.failedreason || answer.status}`);
      return { sessionkey: answer.sessionkey, pageUrl: answer.GatewayPageURL };
    },

    /** validator/api/validationserverAPI.php: the payment as SSLCommerz itself confirms it (VALID, VALIDATED or not). */
    validate: (valId: string) => call(ValidationAnswer, '/validator/api/validationserverAPI.php', { val_id: valId, v: '1' }, 'GET'),

    /** merchantTransIDvalidationAPI.php with tran_id: every attempt SSLCommerz has under our transaction id. */
    async transactions(tranId: string): Promise<SslcommerzTransaction[]> {
      const answer = await call(TransactionQueryAnswer, '/validator/api/merchantTransIDvalidationAPI.php', { tran_id: tranId }, 'GET');
      if (answer.APIConnect !== 'DONE') throw new SslcommerzError(`SSLCommerz refused the transaction query: ${answer.APIConnect}`);
      return answer.element ?? [];
    },

    /** A refund of a paid transaction, by its bank_tran_id; refe_id is ours (the idempotency key, for the records). */
    refund: (input: { bankTranId: string; amount: string; remarks: string; refeId: string }) =>
      call(RefundAnswer, '/validator/api/merchantTransIDvalidationAPI.php', { bank_tran_id: input.bankTranId, refund_amount: input.amount, refund_remarks: input.remarks, refe_id: input.refeId }, 'GET'),

    refundStatus: (refundRefId: string) => call(RefundAnswer, '/validator/api/merchantTransIDvalidationAPI.php', { refund_ref_id: refundRefId }, 'GET'),

    /**
     * Whether an IPN or a return was signed with this store's password: `verify_sign` is the MD5 of the fields
     * `verify_key` names and the MD5 of the password, sorted by name as `key=value&…` (the check SSLCommerz's published
     * libraries make). A forged or altered post fails it.
     */
    signed(fields: Record<string, string>): boolean {
      const keys = (fields.verify_key ?? '').split(',').filter(Boolean);
      if (keys.length === 0 || !fields.verify_sign) return false;
      const values: Record<string, string> = Object.fromEntries(keys.map((key) => [key, fields[key] ?? '']));
      values.store_passwd = md5(config.storePassword);
      const expected = md5(
        Object.keys(values)
          .sort()
          .map((key) => `${key}=${values[key]}`)
          .join('&'),
      );
      const given = Buffer.from(fields.verify_sign.toLowerCase());
      return given.length === expected.length && timingSafeEqual(given, Buffer.from(expected));
    },
  };
}
export type SslcommerzClient = ReturnType<typeof createSslcommerzClient>;
