// The local Nagad checks what Nagad checks: calls sealed to its key and signed by the merchant's, its own challenge
// carried back, its headers; a refund once per reference; and its answers sealed to the merchant and signed by Nagad.
import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptWith, encryptFor, signedBy, signWith } from './crypto.js';
import { DEV_KEYS } from './keys.js';
import { TEST_WALLET } from './page.js';
import { startFakeNagad, type FakeNagad } from './server.js';
import { dhakaTime } from './store.js';

const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const merchant = { id: '683002999999999', number: '01700000009', publicKey: keys.publicKey.export({ type: 'spki', format: 'der' }).toString('base64') };
const ownKey = keys.privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64');
/** Nagad's public key, as the merchant holds it (derived here from the stand-in's private one). */
const nagadPublic = createPublicKey(createPrivateKey({ key: Buffer.from(DEV_KEYS.nagadPrivateKey, 'base64'), format: 'der', type: 'pkcs8' })).export({ type: 'spki', format: 'der' }).toString('base64');
const HEADERS = { 'content-type': 'application/json', 'X-KM-Api-Version': 'v-0.2.0', 'X-KM-IP-V4': '127.0.0.1', 'X-KM-Client-Type': 'PC_WEB' };
const seal = (fields: object, signer = ownKey) => ({ sensitiveData: encryptFor(nagadPublic, JSON.stringify(fields)), signature: signWith(signer, JSON.stringify(fields)) });
const open = (answer: { sensitiveData: string; signature: string }) => {
  const plain = decryptWith(ownKey, answer.sensitiveData)!;
  expect(signedBy(nagadPublic, plain, answer.signature)).toBe(true);
  return JSON.parse(plain) as Record<string, string>;
};

let nagad: FakeNagad;
const call = (path: string, body?: object, headers: Record<string, string> = HEADERS) =>
  fetch(`${nagad.url}/remote-payment-gateway-1.0/api/dfs/${path}`, { method: body ? 'POST' : 'GET', headers, ...(body ? { body: JSON.stringify(body) } : {}) });
const initialize = (orderId: string, signer = ownKey) =>
  call(`check-out/initialize/${merchant.id}/${orderId}`, { dateTime: dhakaTime(new Date()), ...seal({ merchantId: merchant.id, datetime: dhakaTime(new Date()), orderId, challenge: 'c'.repeat(40) }, signer) });

beforeAll(async () => {
  nagad = await startFakeNagad({ port: 0, merchant });
});
afterAll(() => nagad.close());

describe('the local Nagad', () => {
  it('takes a checkout, is approved with the number, OTP and PIN, verifies it and refunds it once per reference', async () => {
    const started = await initialize('ORDER1');
    expect(started.status).toBe(200);
    const { paymentReferenceId, challenge } = open((await started.json()) as { sensitiveData: string; signature: string });
    const completed = await call(`check-out/complete/${encodeURIComponent(paymentReferenceId!)}`, {
      ...seal({ merchantId: merchant.id, orderId: 'ORDER1', currencyCode: '050', amount: '1500', challenge }),
      merchantCallbackURL: 'http://localhost:4100/payments/nagad/callback',
    });
    const { callBackUrl } = (await completed.json()) as { callBackUrl: string };
    expect(callBackUrl).toMatch(/\/check-out\/pay\?ref=/);
    const form = (step: string, fields: Record<string, string>) => fetch(`${nagad.url}/check-out/${step}`, { method: 'POST', body: new URLSearchParams({ ref: paymentReferenceId!, ...fields }) });
    expect((await form('approve', { wallet: '01711000111', otp: '000000', pin: TEST_WALLET.pin })).status).toBe(422);
    const back = await (await form('approve', { wallet: '01711000111', otp: TEST_WALLET.otp, pin: TEST_WALLET.pin })).text();
    expect(back).toContain('payments/nagad/callback?merchant=683002999999999&#38;order_id=ORDER1');
    expect(await (await call(`verify/payment/${encodeURIComponent(paymentReferenceId!)}`)).json()).toMatchObject({ status: 'Success', amount: '1500', orderId: 'ORDER1', clientMobileNo: '01711000111' });

    const refund = (referenceNo: string, cancelAmount = '1500') =>
      call(`purchase/cancel?paymentRefId=${encodeURIComponent(paymentReferenceId!)}`, (({ sensitiveData, signature }) => ({ sensitiveDataCancelRequest: sensitiveData, signature }))(seal({ merchantId: merchant.id, originalRequestDate: '20261202', originalAmount: '1500', cancelAmount, referenceNo, referenceMessage: 'dispute' })));
    const first = open((await (await refund('R1')).json()) as { sensitiveData: string; signature: string });
    const again = open((await (await refund('R1')).json()) as { sensitiveData: string; signature: string });
    expect(again).toEqual(first);
    expect((await refund('R2', '1')).status).toBe(400);
    expect(nagad.payments.get(paymentReferenceId!)!.cancels).toHaveLength(1);
  });

  it('refuses a call signed by another key, without its headers, or completing with another challenge', async () => {
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64');
    const forged = await initialize('ORDER2', stranger);
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({ reason: 'INVALID_SIGNATURE', message: 'Signature verification failed' });
    expect((await call(`check-out/initialize/${merchant.id}/ORDER3`, {}, { 'content-type': 'application/json' })).status).toBe(400);
    const { paymentReferenceId } = open((await (await initialize('ORDER4')).json()) as { sensitiveData: string; signature: string });
    const wrong = await call(`check-out/complete/${encodeURIComponent(paymentReferenceId!)}`, { ...seal({ merchantId: merchant.id, orderId: 'ORDER4', currencyCode: '050', amount: '10', challenge: 'not-nagads' }), merchantCallbackURL: 'http://localhost/x' });
    expect(await wrong.json()).toMatchObject({ reason: 'INVALID_CHALLENGE' });
    expect((await initialize('ORDER4')).status).toBe(400);
  });
});

describe('a state file', () => {
  it('keeps payments across a restart: a paid one is verified and refunded after it', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'fake-nagad-state-'));
    const stateFile = join(dir, 'nagad.json');
    const earlier = nagad;
    try {
      nagad = await startFakeNagad({ port: 0, merchant, stateFile });
      const { paymentReferenceId, challenge } = open((await (await initialize('KEPT1')).json()) as { sensitiveData: string; signature: string });
      await call(`check-out/complete/${encodeURIComponent(paymentReferenceId!)}`, { ...seal({ merchantId: merchant.id, orderId: 'KEPT1', currencyCode: '050', amount: '900', challenge }), merchantCallbackURL: 'http://localhost/x' });
      await fetch(`${nagad.url}/check-out/approve`, { method: 'POST', body: new URLSearchParams({ ref: paymentReferenceId!, wallet: '01711000111', otp: TEST_WALLET.otp, pin: TEST_WALLET.pin }) });
      await nagad.close();

      nagad = await startFakeNagad({ port: 0, merchant, stateFile });
      expect(await (await call(`verify/payment/${encodeURIComponent(paymentReferenceId!)}`)).json()).toMatchObject({ status: 'Success', amount: '900', orderId: 'KEPT1' });
      expect(nagad.payments.get(paymentReferenceId!)?.orderDateTime).toBeInstanceOf(Date);
      const sealed = seal({ merchantId: merchant.id, originalRequestDate: '20261202', originalAmount: '900', cancelAmount: '900', referenceNo: 'RK1', referenceMessage: 'dispute' });
      const refund = await call(`purchase/cancel?paymentRefId=${encodeURIComponent(paymentReferenceId!)}`, { sensitiveDataCancelRequest: sealed.sensitiveData, signature: sealed.signature });
      expect(open((await refund.json()) as { sensitiveData: string; signature: string })).toMatchObject({ status: 'Success', cancelAmount: '900' });
      await nagad.close();

      nagad = await startFakeNagad({ port: 0, merchant, stateFile });
      expect(nagad.payments.get(paymentReferenceId!)?.cancels).toEqual([expect.objectContaining({ referenceNo: 'RK1', at: expect.any(Date) })]);
      await nagad.close();
    } finally {
      nagad = earlier;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
