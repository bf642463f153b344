import { createCipheriv, createDecipheriv, randomBytes, randomInt } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { encryptFor, signedBy, signWith } from './crypto.js';
import { DEV_KEYS } from './keys.js';
import { Refused } from './refused.js';
import { dhakaTime, type Merchant } from './store.js';

/** One customer's share of a batch, as the merchant aggregator gives it. */
export interface BatchItem {
  mobileNo: string;
  trxAmount: string;
  description: string;
  additionalInfo: Record<string, unknown>;
}

/** A disbursement batch: made, given its items, then approved (when its money is sent). */
export interface Batch {
  batchId: string;
  title: string;
  type: string;
  status: 'Created' | 'Approved';
  items: BatchItem[];
  createdAt: Date;
  scheduledFor: string;
  approvedAt: Date | null;
}

interface Session {
  apiKey: string;
  key: Buffer;
  iv: Buffer;
}

const MOBILE = /^01[3-9]\d{8}$/;
const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/;

/**
 * Nagad's disbursement service as the published merchant-aggregator client calls it (polygontech/nagad-disbursement): a
 * handshake, signed by the aggregator's key over its id, the time and 20 random digits, answers an API key (header
 * X-KM-Api-Key) and, sealed to the aggregator's key and signed by Nagad's, an AES-128-CBC key and IV and a key id; the
 * batch calls (create, create-disbursement-item, approve-batch) carry their fields AES-encrypted under that session,
 * with its key id and the aggregator's id in the query, and are answered the same way. The batch's status words are the
 * stand-in's own ('Created', 'Approved'): the client reads them as text.
 */
export function createDisbursement(merchant: Merchant, log: (message: string) => void) {
  const sessions = new Map<string, Session>();
  const batches = new Map<string, Batch>();

  const header = (headers: IncomingHttpHeaders, name: string) => {
    const value = headers[name];
    return typeof value === 'string' ? value : undefined;
  };
  function checkHeaders(headers: IncomingHttpHeaders) {
    for (const name of ['x-km-mc-id', 'x-km-ma-id', 'x-km-api-version', 'x-km-client-type']) {
      if (!header(headers, name)) throw new Refused('INVALID_HEADER', `Header ${name} is required`);
    }
    if (header(headers, 'x-km-ma-id') !== merchant.aggregatorId || header(headers, 'x-km-mc-id') !== merchant.id) throw new Refused('INVALID_MERCHANT', 'Merchant or aggregator is not registered', 404);
  }

  const answer = (batch: Batch) => ({
    batchId: batch.batchId,
    status: batch.status,
    disbursementScheduledDT: batch.scheduledFor,
    batchCreationTime: dhakaTime(batch.createdAt),
  });

  function handshake(headers: IncomingHttpHeaders, body: Record<string, unknown>) {
    checkHeaders(headers);
    const { merchantAggregatorId, requestDateTime, random, signature } = body as Record<string, string | undefined>;
    if (merchantAggregatorId !== merchant.aggregatorId) throw new Refused('INVALID_MERCHANT', 'merchantAggregatorId does not match', 404);
    if (!/^\d{14}$/.test(requestDateTime ?? '') || Math.abs(Number(requestDateTime!.slice(0, 12)) - Number(dhakaTime(new Date()).slice(0, 12))) > 100) throw new Refused('INVALID_DATETIME', 'Request date-time is not current');
    if (!/^\d{20}$/.test(random ?? '')) throw new Refused('INVALID_REQUEST', 'random must be 20 digits');
    if (!signature || !signedBy(merchant.publicKey, `${merchantAggregatorId}${requestDateTime}${random}`, signature)) throw new Refused('INVALID_SIGNATURE', 'Signature verification failed');
    const keyId = String(randomInt(1e9, 1e10));
    const session: Session = { apiKey: randomBytes(16).toString('hex'), key: randomBytes(16), iv: randomBytes(16) };
    sessions.set(keyId, session);
    const plain = JSON.stringify({ key: session.key.toString('base64'), iv: session.iv.toString('base64'), keyId, challenge: randomBytes(10).toString('hex') });
    return { apiKey: session.apiKey, body: { sensitiveData: encryptFor(merchant.publicKey, plain), signature: signWith(DEV_KEYS.nagadPrivateKey, plain) } };
  }

  function opened(session: Session, sealed: unknown): Record<string, unknown> {
    if (typeof sealed !== 'string') throw new Refused('INVALID_REQUEST', 'sensitiveData is required');
    try {
      const decipher = createDecipheriv('aes-128-cbc', session.key, session.iv);
      return JSON.parse(Buffer.concat([decipher.update(Buffer.from(sealed, 'base64')), decipher.final()]).toString('utf8')) as Record<string, unknown>;
    } catch {
      throw new Refused('DECRYPTION_FAILED', 'Sensitive data could not be decrypted');
    }
  }
  const sealed = (session: Session, fields: object) => {
    const cipher = createCipheriv('aes-128-cbc', session.key, session.iv);
    return { sensitiveData: Buffer.concat([cipher.update(JSON.stringify(fields), 'utf8'), cipher.final()]).toString('base64') };
  };

  function batchOf(fields: Record<string, unknown>) {
    const batch = batches.get(String(fields.batchId ?? ''));
    if (!batch) throw new Refused('INVALID_BATCH', 'Batch not found', 404);
    return batch;
  }

  const steps: Record<string, (fields: Record<string, unknown>) => Batch> = {
    create(fields) {
      const title = typeof fields.batchTitle === 'string' ? fields.batchTitle.trim() : '';
      if (!title) throw new Refused('INVALID_REQUEST', 'batchTitle is required');
      if (typeof fields.disbursementType !== 'string' || !fields.disbursementType) throw new Refused('INVALID_REQUEST', 'disbursementType is required');
      if (!/^\d{14}$/.test(String(fields.disbursementScheduledDT ?? ''))) throw new Refused('INVALID_DATETIME', 'disbursementScheduledDT must be yyyyMMddHHmmss');
      const batch: Batch = { batchId: String(randomInt(1e11, 1e12)), title, type: fields.disbursementType, status: 'Created', items: [], createdAt: new Date(), scheduledFor: String(fields.disbursementScheduledDT), approvedAt: null };
      batches.set(batch.batchId, batch);
      return batch;
    },
    'create-disbursement-item'(fields) {
      const batch = batchOf(fields);
      if (batch.status !== 'Created') throw new Refused('INVALID_STATE', `Batch is ${batch.status}`);
      const items = fields.batchItemModelList;
      if (!Array.isArray(items) || items.length === 0) throw new Refused('INVALID_REQUEST', 'batchItemModelList must list at least one item');
      for (const item of items as Partial<BatchItem>[]) {
        if (!MOBILE.test(String(item.mobileNo ?? ''))) throw new Refused('INVALID_MOBILE', 'mobileNo must be an 11-digit Nagad account number');
        if (!AMOUNT.test(String(item.trxAmount ?? '')) || Number(item.trxAmount) <= 0) throw new Refused('INVALID_AMOUNT', 'trxAmount must be a positive amount of taka');
      }
      batch.items.push(...(items as BatchItem[]).map((item) => ({ mobileNo: item.mobileNo, trxAmount: String(item.trxAmount), description: String(item.description ?? ''), additionalInfo: item.additionalInfo ?? {} })));
      return batch;
    },
    'approve-batch'(fields) {
      const batch = batchOf(fields);
      if (batch.items.length === 0) throw new Refused('INVALID_STATE', 'Batch has no items');
      // Approved once: asked again, the batch is answered as it is, and nothing is sent twice.
      if (batch.status === 'Created') {
        Object.assign(batch, { status: 'Approved', approvedAt: new Date() });
        for (const item of batch.items) log(`fake Nagad: disbursed ৳${item.trxAmount} to ${item.mobileNo} (${batch.title})`);
      }
      return batch;
    },
  };

  function batchCall(step: string, headers: IncomingHttpHeaders, query: URLSearchParams, body: Record<string, unknown>) {
    checkHeaders(headers);
    const run = steps[step];
    if (!run) throw new Refused('NOT_FOUND', 'Not Found', 404);
    if (query.get('ma-id') !== merchant.aggregatorId) throw new Refused('INVALID_MERCHANT', 'ma-id does not match', 404);
    const session = sessions.get(query.get('key-id') ?? '');
    if (!session) throw new Refused('INVALID_KEY', 'Unknown key-id: shake hands first', 401);
    if (header(headers, 'x-km-api-key') !== session.apiKey) throw new Refused('INVALID_API_KEY', 'X-KM-Api-Key does not match the session', 401);
    return sealed(session, answer(run(opened(session, body.sensitiveData))));
  }

  return { batches: batches as ReadonlyMap<string, Batch>, handshake, batchCall };
}
export type Disbursement = ReturnType<typeof createDisbursement>;
