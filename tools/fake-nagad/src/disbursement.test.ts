// The local Nagad's disbursement checks what the published aggregator client relies on: a handshake signed by the
// aggregator's key, answered sealed to it and signed by Nagad; batch calls under the session's AES key and API key;
// a batch approved once, however often asked.
import { createCipheriv, createDecipheriv, createPrivateKey, createPublicKey, generateKeyPairSync, sign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptWith, signedBy } from './crypto.js';
import { DEV_KEYS } from './keys.js';
import { startFakeNagad, type FakeNagad } from './server.js';
import { dhakaTime } from './store.js';

const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const merchant = { id: '683002999999999', number: '01700000009', publicKey: keys.publicKey.export({ type: 'spki', format: 'der' }).toString('base64'), aggregatorId: '683003999999999' };
const ownKey = keys.privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64');
const nagadPublic = createPublicKey(createPrivateKey({ key: Buffer.from(DEV_KEYS.nagadPrivateKey, 'base64'), format: 'der', type: 'pkcs8' })).export({ type: 'spki', format: 'der' }).toString('base64');
const HEADERS = { 'content-type': 'application/json', 'X-KM-MC-Id': merchant.id, 'X-KM-MA-Id': merchant.aggregatorId, 'X-KM-Api-Version': 'v-0.2.0', 'X-KM-Client-Type': 'PC_WEB' };

let nagad: FakeNagad;
beforeAll(async () => {
  nagad = await startFakeNagad({ port: 0, merchant });
});
afterAll(() => nagad.close());

const post = (path: string, body: object, headers: Record<string, string> = HEADERS) => fetch(`${nagad.url}/${path}`, { method: 'POST', headers, body: JSON.stringify(body) });

async function handshake(signer = keys.privateKey) {
  const requestDateTime = dhakaTime(new Date());
  const random = '12345678901234567890';
  const signature = sign('sha256', Buffer.from(`${merchant.aggregatorId}${requestDateTime}${random}`), signer).toString('base64');
  return post('api/secure-handshake/dfs/disbursement', { merchantAggregatorId: merchant.aggregatorId, requestDateTime, random, signature });
}

async function session() {
  const answer = await handshake();
  expect(answer.status).toBe(200);
  const apiKey = answer.headers.get('x-km-api-key')!;
  const { sensitiveData, signature } = (await answer.json()) as { sensitiveData: string; signature: string };
  const plain = decryptWith(ownKey, sensitiveData)!;
  expect(signedBy(nagadPublic, plain, signature)).toBe(true);
  const { key, iv, keyId } = JSON.parse(plain) as { key: string; iv: string; keyId: string };
  const aes = { key: Buffer.from(key, 'base64'), iv: Buffer.from(iv, 'base64') };
  const step = async (name: string, fields: object, apiKeyUsed = apiKey) => {
    const cipher = createCipheriv('aes-128-cbc', aes.key, aes.iv);
    const sensitiveData = Buffer.concat([cipher.update(JSON.stringify(fields)), cipher.final()]).toString('base64');
    const response = await post(`api/disbursement-batch/${name}?key-id=${keyId}&ma-id=${merchant.aggregatorId}`, { sensitiveData }, { ...HEADERS, 'X-KM-Api-Key': apiKeyUsed });
    const body = (await response.json()) as { sensitiveData?: string; reason?: string };
    if (!body.sensitiveData) return { status: response.status, reason: body.reason };
    const decipher = createDecipheriv('aes-128-cbc', aes.key, aes.iv);
    return { status: response.status, batch: JSON.parse(Buffer.concat([decipher.update(Buffer.from(body.sensitiveData, 'base64')), decipher.final()]).toString()) as Record<string, string> };
  };
  return step;
}

describe("the local Nagad's disbursement", () => {
  it('shakes hands, then makes, fills and approves a batch once, however often the approval is asked', async () => {
    const step = await session();
    const created = await step('create', { batchTitle: 'dispute-refund-1', disbursementType: 'G2C', disbursementScheduledDT: dhakaTime(new Date()) });
    expect(created).toMatchObject({ status: 200, batch: { status: 'Created', batchId: expect.stringMatching(/^\d+$/), batchCreationTime: expect.stringMatching(/^\d{14}$/) } });
    const batchId = created.batch!.batchId!;
    expect(await step('approve-batch', { batchId })).toMatchObject({ status: 400, reason: 'INVALID_STATE' });
    expect(await step('create-disbursement-item', { batchId, batchItemModelList: [{ mobileNo: '1234', trxAmount: '450' }] })).toMatchObject({ status: 400, reason: 'INVALID_MOBILE' });
    expect(await step('create-disbursement-item', { batchId, batchItemModelList: [{ mobileNo: '01811223344', trxAmount: '-1' }] })).toMatchObject({ status: 400, reason: 'INVALID_AMOUNT' });
    expect((await step('create-disbursement-item', { batchId, batchItemModelList: [{ mobileNo: '01811223344', trxAmount: '450.50', description: 'refund', additionalInfo: { referenceNo: 'r1' } }] })).status).toBe(200);
    expect(await step('approve-batch', { batchId })).toMatchObject({ status: 200, batch: { status: 'Approved' } });
    const approvedAt = nagad.batches.get(batchId)!.approvedAt;
    expect(await step('approve-batch', { batchId })).toMatchObject({ status: 200, batch: { status: 'Approved' } });
    expect(nagad.batches.get(batchId)).toMatchObject({ approvedAt, items: [expect.objectContaining({ mobileNo: '01811223344', trxAmount: '450.50' })] });
    // An approved batch takes no more items.
    expect(await step('create-disbursement-item', { batchId, batchItemModelList: [{ mobileNo: '01811223344', trxAmount: '1' }] })).toMatchObject({ status: 400, reason: 'INVALID_STATE' });
  });

  it('refuses a handshake not signed by the aggregator, and a batch call without the session’s API key', async () => {
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const forged = await handshake(stranger);
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ reason: 'INVALID_SIGNATURE' });
    const step = await session();
    expect(await step('create', { batchTitle: 't', disbursementType: 'G2C', disbursementScheduledDT: dhakaTime(new Date()) }, 'not-the-key')).toMatchObject({ status: 401, reason: 'INVALID_API_KEY' });
    const unknown = await post('api/disbursement-batch/create?key-id=1&ma-id=' + merchant.aggregatorId, { sensitiveData: 'x' }, { ...HEADERS, 'X-KM-Api-Key': 'k' });
    expect(unknown.status).toBe(401);
    const { 'X-KM-MA-Id': _dropped, ...noAggregator } = HEADERS;
    expect((await post('api/secure-handshake/dfs/disbursement', {}, noAggregator)).status).toBe(400);
  });
});
