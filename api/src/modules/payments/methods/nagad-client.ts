import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { createNagadSealer } from './nagad-crypto.ts';

export interface NagadConfig {
  /** https://api.mynagad.com (live), http://sandbox.mynagad.com:10080/remote-payment-gateway-1.0; locally the fake Nagad. */
  baseUrl: string;
  merchantId: string;
  merchantNumber: string;
  merchantPrivateKey: string;
  nagadPublicKey: string;
  timeoutMs: number;
}

/** Nagad refused a call (its reason and message), or answered something unsigned or unreadable. */
export class NagadError extends Error {
  readonly reason: string | undefined;
  constructor(message: string, reason?: string) {
    super(message);
    this.reason = reason;
  }
}
/** Nagad did not answer within the timeout: what it did is unknown until asked again. */
export class NagadTimeout extends Error {}

const text = z.coerce.string().optional();
const Sealed = z.object({ sensitiveData: z.string().min(1), signature: z.string().min(1) });
const Initialized = z.looseObject({ paymentReferenceId: z.string().min(1), challenge: z.string().min(1) });
const Completed = z.looseObject({ status: z.string(), callBackUrl: z.string().optional() });
const Verified = z.looseObject({
  merchantId: text,
  orderId: text,
  paymentRefId: text,
  amount: text,
  status: z.string(),
  statusCode: text,
  issuerPaymentRefNo: text,
  clientMobileNo: z.string().nullish(),
  orderDateTime: z.string().nullish(),
  additionalMerchantInfo: z.unknown().optional(),
});
export type NagadVerified = z.infer<typeof Verified>;
const Cancelled = z.looseObject({ status: z.string(), cancelAmount: text, referenceNo: text, cancelTrxId: text });
const Refusal = z.looseObject({ reason: text, message: text });

/** The fields of one call travel in one RSA block (245 bytes for Nagad's 2048-bit key): a free text is cut to fit. */
function withinBytes(text: string, bytes: number) {
  let cut = text;
  while (Buffer.byteLength(cut, 'utf8') > bytes) cut = cut.slice(0, -1);
  return cut;
}

/** Nagad's date-times: yyyyMMddHHmmss in Dhaka (UTC+6). */
export const dhakaTime = (at = new Date()) => new Date(at.getTime() + 6 * 3_600_000).toISOString().replace(/[-:T]/g, '').slice(0, 14);

/**
 * Nagad's online payment gateway over fetch (decision 057; no maintained client library exists for Node): initialize and
 * complete a checkout, verify a payment by its reference, refund it (purchase/cancel). Requests carry Nagad's headers;
 * sensitive fields go sealed (nagad-crypto.ts), and a sealed answer counts only if Nagad signed it.
 */
export function createNagadClient(config: NagadConfig) {
  const base = `${config.baseUrl.replace(/\/$/, '')}/api/dfs`;
  const sealer = createNagadSealer(config);

  async function call<T>(schema: z.ZodType<T>, path: string, body?: object, clientIp = '127.0.0.1'): Promise<T> {
    const name = path.split('?')[0]!.split('/').slice(0, 2).join('/');
    let response: Response;
    try {
      response = await fetch(`${base}/${path}`, {
        method: body ? 'POST' : 'GET',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'X-KM-Api-Version': 'v-0.2.0', 'X-KM-IP-V4': clientIp, 'X-KM-Client-Type': 'PC_WEB' },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(config.timeoutMs),
      });
      const answer: unknown = await response.json().catch(() => undefined);
      if (!response.ok) {
        const refusal = Refusal.safeParse(answer);
        throw new NagadError(`Nagad refused ${name}: ${(refusal.success && (refusal.data.message || refusal.data.reason)) || `HTTP ${response.status}`}`, refusal.success ? refusal.data.reason : undefined);
      }
      const parsed = schema.safeParse(answer);
      if (!parsed.success) throw new NagadError(`Nagad's answer to ${name} could not be read: ${parsed.error.issues[0]?.message ?? 'unknown shape'}`);
      return parsed.data;
    } catch (error) {
      if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) throw new NagadTimeout(`Nagad did not answer ${name} within ${config.timeoutMs} ms`);
      throw error;
    }
  }

  /** The fields Nagad sealed for us, read through `schema`; an unsigned or garbled answer is refused. */
  function opened<T>(schema: z.ZodType<T>, sealed: z.infer<typeof Sealed>, what: string): T {
    const parsed = schema.safeParse(sealer.open(sealed.sensitiveData, sealed.signature));
    if (!parsed.success) throw new NagadError(`Nagad's answer to ${what} is not signed by Nagad or could not be read`);
    return parsed.data;
  }

  return {
    /** check-out/initialize then check-out/complete: the approval page's address for paying `amount` (taka text) for `orderId`. */
    async checkout(input: { orderId: string; amount: string; callbackUrl: string; clientIp?: string; additional: Record<string, string> }): Promise<{ paymentReferenceId: string; pageUrl: string }> {
      const dateTime = dhakaTime();
      const started = await call(Sealed, `check-out/initialize/${config.merchantId}/${input.orderId}`, {
        accountNumber: config.merchantNumber,
        dateTime,
        ...sealer.seal({ merchantId: config.merchantId, datetime: dateTime, orderId: input.orderId, challenge: randomBytes(20).toString('hex') }),
      }, input.clientIp);
      const { paymentReferenceId, challenge } = opened(Initialized, started, 'check-out/initialize');
      const completed = await call(Completed, `check-out/complete/${encodeURIComponent(paymentReferenceId)}`, {
        ...sealer.seal({ merchantId: config.merchantId, orderId: input.orderId, currencyCode: '050', amount: input.amount, challenge }),
        merchantCallbackURL: input.callbackUrl,
        additionalMerchantInfo: input.additional,
      }, input.clientIp);
      if (completed.status !== 'Success' || !completed.callBackUrl) throw new NagadError(`Nagad refused the checkout: ${completed.status}`);
      return { paymentReferenceId, pageUrl: completed.callBackUrl };
    },

    /** verify/payment/{paymentReferenceId}: Nagad's own record of the payment. */
    verify: (paymentReferenceId: string) => call(Verified, `verify/payment/${encodeURIComponent(paymentReferenceId)}`),

    /** purchase/cancel: gives `cancelAmount` of a paid order back; referenceNo is ours (the same one is answered again). */
    async refund(input: { paymentReferenceId: string; originalAmount: string; cancelAmount: string; originalRequestDate: string; referenceNo: string; message: string }) {
      const sealed = sealer.seal({
        merchantId: config.merchantId,
        originalRequestDate: input.originalRequestDate,
        originalAmount: input.originalAmount,
        cancelAmount: input.cancelAmount,
        referenceNo: input.referenceNo,
        referenceMessage: withinBytes(input.message, 60),
      });
      const answer = await call(Sealed, `purchase/cancel?paymentRefId=${encodeURIComponent(input.paymentReferenceId)}`, { sensitiveDataCancelRequest: sealed.sensitiveData, signature: sealed.signature });
      return opened(Cancelled, answer, 'purchase/cancel');
    },
  };
}
export type NagadClient = ReturnType<typeof createNagadClient>;
