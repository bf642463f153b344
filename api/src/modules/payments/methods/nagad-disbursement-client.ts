import { createCipheriv, createDecipheriv, randomInt } from 'node:crypto';
import { z } from 'zod';
import { createNagadSealer } from './nagad-crypto.ts';
import { dhakaTime, NagadError, NagadTimeout } from './nagad-client.ts';

export interface NagadDisbursementConfig {
  /** Nagad's disbursement service (its sandbox http://sandbox.mynagad.com:30001); locally the fake Nagad. */
  baseUrl: string;
  /** The merchant aggregator's and the merchant's ids, sent on every call (X-KM-MA-Id, X-KM-MC-Id). */
  aggregatorId: string;
  merchantId: string;
  merchantPrivateKey: string;
  nagadPublicKey: string;
  timeoutMs: number;
}

/** A session's keys from the handshake: the API key for the header, AES-128-CBC's key and IV, and its key id. */
interface Session {
  apiKey: string;
  key: Buffer;
  iv: Buffer;
  keyId: string;
}

const Handshaken = z.looseObject({ key: z.string().min(1), iv: z.string().min(1), keyId: z.coerce.string().min(1), challenge: z.string().nullish() });
const Sealed = z.object({ sensitiveData: z.string().min(1), signature: z.string().min(1) });
const BatchAnswer = z.object({ sensitiveData: z.string().min(1) });
const Batch = z.looseObject({ batchId: z.coerce.string().min(1), status: z.string(), disbursementScheduledDT: z.string().optional(), batchCreationTime: z.string().optional() });
export type NagadBatch = z.infer<typeof Batch>;
const Refusal = z.looseObject({ reason: z.coerce.string().optional(), message: z.coerce.string().optional() });

/** Nagad's random for the handshake: 20 digits. */
const twentyDigits = () => Array.from({ length: 20 }, () => randomInt(10)).join('');

/**
 * Nagad's disbursement (money sent to a customer's Nagad account), over fetch: Nagad publishes no Node client; its calls
 * are those of the merchant-aggregator client Polygon Technology publishes (polygontech/nagad-disbursement, read, not
 * copied; decision 058). A handshake signed with our RSA key answers, sealed to that key, an AES-128-CBC key and IV and
 * an API key for the session; a batch is then created, given its items and approved, each call's fields AES-encrypted
 * under the session's key, and each answer too.
 */
export function createNagadDisbursementClient(config: NagadDisbursementConfig) {
  const base = config.baseUrl.replace(/\/$/, '');
  const sealer = createNagadSealer(config);
  const headers = { 'content-type': 'application/json', 'X-KM-MC-Id': config.merchantId, 'X-KM-MA-Id': config.aggregatorId, 'X-KM-Api-Version': 'v-0.2.0', 'X-KM-Client-Type': 'PC_WEB' };

  async function post(path: string, body: object, extra: Record<string, string> = {}): Promise<{ answer: unknown; response: Response }> {
    try {
      const response = await fetch(`${base}/${path}`, { method: 'POST', headers: { ...headers, ...extra }, body: JSON.stringify(body), signal: AbortSignal.timeout(config.timeoutMs) });
      const answer: unknown = await response.json().catch(() => undefined);
      if (!response.ok) {
        const refusal = Refusal.safeParse(answer);
        throw new NagadError(`Nagad refused ${path.split('?')[0]}: ${(refusal.success && (refusal.data.message || refusal.data.reason)) || `HTTP ${response.status}`}`, refusal.success ? refusal.data.reason : undefined);
      }
      return { answer, response };
    } catch (error) {
      if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) throw new NagadTimeout(`Nagad did not answer ${path.split('?')[0]} within ${config.timeoutMs} ms`);
      throw error;
    }
  }

  async function handshake(): Promise<Session> {
    const requestDateTime = dhakaTime();
    const random = twentyDigits();
    const signature = sealer.sign(`${config.aggregatorId}${requestDateTime}${random}`);
    const { answer, response } = await post('api/secure-handshake/dfs/disbursement', { merchantAggregatorId: config.aggregatorId, requestDateTime, random, signature });
    const sealed = Sealed.safeParse(answer);
    const keys = Handshaken.safeParse(sealed.success ? sealer.open(sealed.data.sensitiveData, sealed.data.signature) : undefined);
    const apiKey = response.headers.get('x-km-api-key');
    if (!keys.success || !apiKey) throw new NagadError("Nagad's handshake answer is not signed by Nagad or could not be read");
    return { apiKey, key: Buffer.from(keys.data.key, 'base64'), iv: Buffer.from(keys.data.iv, 'base64'), keyId: keys.data.keyId };
  }

  const encrypt = (session: Session, text: string) => {
    const cipher = createCipheriv('aes-128-cbc', session.key, session.iv);
    return Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]).toString('base64');
  };
  function decrypt(session: Session, sealed: string): unknown {
    try {
      const decipher = createDecipheriv('aes-128-cbc', session.key, session.iv);
      return JSON.parse(Buffer.concat([decipher.update(Buffer.from(sealed, 'base64')), decipher.final()]).toString('utf8'));
    } catch {
      return undefined;
    }
  }

  /** One batch call: the fields sealed under the session's key; the batch as Nagad answers it. */
  async function batchCall(session: Session, step: 'create' | 'create-disbursement-item' | 'approve-batch', fields: object): Promise<NagadBatch> {
    const query = new URLSearchParams({ 'key-id': session.keyId, 'ma-id': config.aggregatorId });
    const { answer } = await post(`api/disbursement-batch/${step}?${query}`, { sensitiveData: encrypt(session, JSON.stringify(fields)) }, { 'X-KM-Api-Key': session.apiKey });
    const sealed = BatchAnswer.safeParse(answer);
    const batch = Batch.safeParse(sealed.success ? decrypt(session, sealed.data.sensitiveData) : undefined);
    if (!batch.success) throw new NagadError(`Nagad's answer to ${step} could not be read`);
    return batch.data;
  }

  return {
    handshake,
    /** A batch for `title`, to be sent now (G2C: to customers). */
    create: (session: Session, title: string) => batchCall(session, 'create', { batchTitle: title, disbursementType: 'G2C', disbursementScheduledDT: dhakaTime() }),
    /** The batch's items: each a Nagad account (01XXXXXXXXX), an amount in taka, a description, our references. */
    addItems: (session: Session, batchId: string, items: { mobileNo: string; trxAmount: string; description: string; additionalInfo: Record<string, string> }[]) =>
      batchCall(session, 'create-disbursement-item', { batchId, batchItemModelList: items }),
    /** Approves the batch: Nagad sends its money. */
    approve: (session: Session, batchId: string) => batchCall(session, 'approve-batch', { batchId }),
  };
}
export type NagadDisbursementClient = ReturnType<typeof createNagadDisbursementClient>;
