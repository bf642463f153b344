// The local SSLCommerz answers as SSLCommerz's published API does (gwprocess/v4/api.php, the hosted page, the IPN signed
// with verify_sign, validationserverAPI.php, merchantTransIDvalidationAPI.php), and its switches behave as named.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEV_STORE, startFakeSslcommerz, TEST_CARDS, TEST_OTP, verifySign, type FakeSslcommerz } from './index.js';

let gateway: FakeSslcommerz;
let merchant: Server;
let ipnUrl: string;
const received: Record<string, string>[] = [];

beforeAll(async () => {
  merchant = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      received.push(Object.fromEntries(new URLSearchParams(text)));
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => merchant.listen(0, '127.0.0.1', resolve));
  ipnUrl = `http://127.0.0.1:${(merchant.address() as AddressInfo).port}/ipn`;
  gateway = await startFakeSslcommerz();
});
afterAll(async () => {
  await gateway.close();
  await new Promise((resolve) => merchant.close(resolve));
});
beforeEach(() => {
  received.length = 0;
  Object.assign(gateway.switches, { dropIpn: false, duplicateIpn: false, ipnDelayMs: 0, returnDelayMs: 0, noReturn: false, risky: false, validationAmount: null });
});

const credentials = { store_id: DEV_STORE.id, store_passwd: DEV_STORE.password };
const order = (tranId: string, extra: Record<string, string> = {}) => ({
  ...credentials,
  total_amount: '12500.00',
  currency: 'BDT',
  tran_id: tranId,
  success_url: 'http://localhost:4100/payments/sslcommerz/success',
  fail_url: 'http://localhost:4100/payments/sslcommerz/fail',
  cancel_url: 'http://localhost:4100/payments/sslcommerz/cancel',
  ipn_url: ipnUrl,
  cus_name: 'Karim Hossain',
  cus_email: 'karim@example.com',
  cus_phone: '01712345678',
  product_name: 'Galaxy A54',
  ...extra,
});
const post = async (path: string, fields: Record<string, string>) => (await fetch(`${gateway.url}${path}`, { method: 'POST', body: new URLSearchParams(fields) })).json() as Promise<Record<string, unknown>>;
const get = async (path: string, fields: Record<string, string>) => (await fetch(`${gateway.url}${path}?${new URLSearchParams({ ...credentials, ...fields, format: 'json', v: '1' })}`)).json() as Promise<Record<string, unknown>>;
const start = async (tranId: string) => {
  const session = await post('/gwprocess/v4/api.php', order(tranId));
  expect(session).toMatchObject({ status: 'SUCCESS', sessionkey: expect.stringMatching(/^[0-9A-F]{32}$/) });
  return session as { sessionkey: string; GatewayPageURL: string };
};
/** The buyer on the hosted page: a way, a card number for a card, the one-time password. */
const pay = (sessionkey: string, way = 'dbbl-nexus', card: string = TEST_CARDS.pays, otp = TEST_OTP) =>
  fetch(`${gateway.url}/gwprocess/v4/pay`, { method: 'POST', body: new URLSearchParams({ sessionkey, way, card, otp }) });
const ipnFor = async (tranId: string, count = 1) => {
  for (let i = 0; i < 50 && received.filter((ipn) => ipn.tran_id === tranId).length < count; i++) await new Promise((resolve) => setTimeout(resolve, 20));
  return received.filter((ipn) => ipn.tran_id === tranId);
};

describe('a session', () => {
  it('is started with the store and the order, answered with the hosted page, which offers cards, banking and wallets', async () => {
    const { GatewayPageURL } = await start('PH-1');
    expect(GatewayPageURL).toMatch(/\/gwprocess\/v4\/gw\.php\?Q=pay&SESSIONKEY=/);
    const page = await (await fetch(GatewayPageURL)).text();
    for (const way of ['DBBL Nexus', 'Visa', 'City Touch', 'Rocket', 'upay']) expect(page).toContain(way);
  });

  it('is refused with the store credentials wrong, a field missing, or an amount out of range', async () => {
    expect(await post('/gwprocess/v4/api.php', { ...order('PH-2'), store_passwd: 'wrong' })).toMatchObject({ status: 'FAILED', failedreason: 'Store Credential Error Or Store is De-active' });
    expect(await post('/gwprocess/v4/api.php', { ...order('PH-2'), cus_phone: '' })).toMatchObject({ status: 'FAILED', failedreason: expect.stringContaining('cus_phone') });
    expect(await post('/gwprocess/v4/api.php', order('PH-2', { total_amount: '5' }))).toMatchObject({ status: 'FAILED', failedreason: expect.stringContaining('total_amount') });
  });
});

describe('a payment on the hosted page', () => {
  it('posts a signed IPN and sends the buyer back to success_url; the validation API says VALID once, VALIDATED after', async () => {
    const { sessionkey } = await start('PH-3');
    const back = await (await pay(sessionkey)).text();
    expect(back).toContain('action="http://localhost:4100/payments/sslcommerz/success"');
    const [ipn] = await ipnFor('PH-3');
    expect(ipn).toMatchObject({ status: 'VALID', tran_id: 'PH-3', amount: '12500.00', currency: 'BDT', card_type: 'DBBLNEXUS-Dutch Bangla', risk_level: '0' });
    expect(verifySign(ipn!, DEV_STORE.password)).toBe(ipn!.verify_sign);
    expect(verifySign({ ...ipn!, amount: '1.00' }, DEV_STORE.password)).not.toBe(ipn!.verify_sign);
    expect(await get('/validator/api/validationserverAPI.php', { val_id: ipn!.val_id! })).toMatchObject({ status: 'VALID', tran_id: 'PH-3', amount: '12500.00', currency: 'BDT', risk_level: '0' });
    expect(await get('/validator/api/validationserverAPI.php', { val_id: ipn!.val_id! })).toMatchObject({ status: 'VALIDATED' });
    expect(await get('/validator/api/validationserverAPI.php', { val_id: 'nope' })).toMatchObject({ status: 'INVALID_TRANSACTION' });
    expect(await get('/validator/api/validationserverAPI.php', { val_id: ipn!.val_id!, store_passwd: 'wrong' })).toMatchObject({ APIConnect: 'INVALID_REQUEST' });
  });

  it('by a wallet needs no card; a declined card fails to fail_url; cancelling goes to cancel_url; a wrong password asks again', async () => {
    const wallet = await start('PH-4');
    expect((await pay(wallet.sessionkey, 'rocket', '')).status).toBe(200);
    expect((await ipnFor('PH-4'))[0]).toMatchObject({ status: 'VALID', card_type: 'DBBLMOBILEB-Dbbl Mobile Banking' });
    const declined = await start('PH-5');
    expect(await (await pay(declined.sessionkey, 'visa', TEST_CARDS.declined)).text()).toContain('action="http://localhost:4100/payments/sslcommerz/fail"');
    expect((await ipnFor('PH-5'))[0]).toMatchObject({ status: 'FAILED' });
    const wrong = await start('PH-6');
    expect((await pay(wrong.sessionkey, 'visa', TEST_CARDS.pays, '000000')).status).toBe(422);
    const cancelled = await fetch(`${gateway.url}/gwprocess/v4/cancel`, { method: 'POST', body: new URLSearchParams({ sessionkey: wrong.sessionkey }) });
    expect(await cancelled.text()).toContain('action="http://localhost:4100/payments/sslcommerz/cancel"');
  });
});

describe('the switches', () => {
  it('drop, duplicate or delay the IPN, keep the buyer from returning, mark a payment risky, and answer another amount', async () => {
    gateway.switches.dropIpn = true;
    const dropped = await start('PH-7');
    await pay(dropped.sessionkey);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received.filter((ipn) => ipn.tran_id === 'PH-7')).toEqual([]);
    // Its true state can still be asked for by its transaction id.
    expect(await get('/validator/api/merchantTransIDvalidationAPI.php', { tran_id: 'PH-7' })).toMatchObject({ APIConnect: 'DONE', no_of_trans_found: 1, element: [expect.objectContaining({ status: 'VALID' })] });

    Object.assign(gateway.switches, { dropIpn: false, duplicateIpn: true, noReturn: true, risky: true, validationAmount: '100.00' });
    const twice = await start('PH-8');
    expect(await (await pay(twice.sessionkey)).text()).toContain('You may close this page.');
    const ipns = await ipnFor('PH-8', 2);
    expect(ipns).toHaveLength(2);
    expect(ipns[0]).toMatchObject({ risk_level: '1', risk_title: 'Risky' });
    expect(await get('/validator/api/validationserverAPI.php', { val_id: ipns[0]!.val_id! })).toMatchObject({ status: 'VALID', amount: '100.00', risk_level: '1' });
  });
});

describe('a refund', () => {
  it('is asked with the bank transaction id, never above what was paid, and followed by its reference until refunded', async () => {
    const { sessionkey } = await start('PH-9');
    await pay(sessionkey);
    const [ipn] = await ipnFor('PH-9');
    const refund = (amount: string) => get('/validator/api/merchantTransIDvalidationAPI.php', { bank_tran_id: ipn!.bank_tran_id!, refund_amount: amount, refund_remarks: 'Dispute upheld', refe_id: 'R-1' });
    expect(await refund('20000')).toMatchObject({ status: 'failed', errorReason: 'Refund amount exceeds the transaction amount' });
    const asked = await refund('12500');
    expect(asked).toMatchObject({ APIConnect: 'DONE', status: 'success', bank_tran_id: ipn!.bank_tran_id, refund_ref_id: expect.any(String) });
    expect(await get('/validator/api/merchantTransIDvalidationAPI.php', { refund_ref_id: String(asked.refund_ref_id) })).toMatchObject({ status: 'refunded', tran_id: 'PH-9' });
    expect(await refund('1')).toMatchObject({ status: 'failed' });
  });
});

describe('a state file', () => {
  it('keeps sessions across a restart: a payment is validated, found and refunded after it, and its refund followed', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'fake-sslcommerz-state-'));
    const stateFile = join(dir, 'sslcommerz.json');
    const earlier = gateway;
    try {
      gateway = await startFakeSslcommerz({ stateFile, switches: { dropIpn: true } });
      const { sessionkey } = await start('PH-KEPT');
      const page = await (await pay(sessionkey)).text();
      const valId = /name="val_id" value="([^"]+)"/.exec(page)![1]!;
      await gateway.close();

      gateway = await startFakeSslcommerz({ stateFile });
      const validated = await get('/validator/api/validationserverAPI.php', { val_id: valId });
      expect(validated).toMatchObject({ status: 'VALID', tran_id: 'PH-KEPT', amount: '12500.00' });
      expect(gateway.sessions.get(sessionkey)?.createdAt).toBeInstanceOf(Date);
      const asked = await get('/validator/api/merchantTransIDvalidationAPI.php', { bank_tran_id: String(validated.bank_tran_id), refund_amount: '12500', refund_remarks: 'Dispute upheld', refe_id: 'R-KEPT' });
      expect(asked).toMatchObject({ status: 'success' });
      await gateway.close();

      gateway = await startFakeSslcommerz({ stateFile });
      expect(await get('/validator/api/merchantTransIDvalidationAPI.php', { refund_ref_id: String(asked.refund_ref_id) })).toMatchObject({ status: 'refunded', tran_id: 'PH-KEPT' });
      await gateway.close();
    } finally {
      gateway = earlier;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
