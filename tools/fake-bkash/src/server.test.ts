import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, DEV_CREDENTIALS, startFakeBkash, type FakeBkash } from './server.js';
import { TEST_CODE, TEST_PIN, TEST_WALLETS } from './wallets.js';

let bkash: FakeBkash;
let token: string;

const post = async (path: string, body: unknown, headers: Record<string, string> = { authorization: token, 'x-app-key': DEV_CREDENTIALS.appKey }) => {
  const response = await fetch(`${bkash.url}${API_PREFIX}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
};
const grant = () =>
  post('/token/grant', { app_key: DEV_CREDENTIALS.appKey, app_secret: DEV_CREDENTIALS.appSecret }, { username: DEV_CREDENTIALS.username, password: DEV_CREDENTIALS.password });
const create = async (amount = '21000') =>
  (await post('/create', { mode: '0011', payerReference: '01700000000', callbackURL: 'http://shop.test/pay?booking=1', amount, currency: 'BDT', intent: 'sale', merchantInvoiceNumber: 'inv-1' })).body;
/** Walks the payment page as a buyer: wallet, code, PIN; answers where it sends them. */
async function walk(paymentID: string, { wallet = TEST_WALLETS.succeeds as string, pin = TEST_PIN } = {}) {
  const form = (step: string, fields: Record<string, string>) =>
    fetch(`${bkash.url}/checkout/${step}`, { method: 'POST', body: new URLSearchParams({ paymentId: paymentID, ...fields }), redirect: 'manual' });
  await form('wallet', { wallet });
  await form('code', { wallet, code: TEST_CODE });
  return form('pin', { wallet, pin });
}

beforeAll(async () => {
  bkash = await startFakeBkash({ tokenSeconds: 60, pageTimeoutMs: 60_000 });
  token = (await grant()).body.id_token!;
});
afterAll(() => bkash.close());

describe('the local bKash', () => {
  it('grants a token for the right credentials only, and refreshes it', async () => {
    expect((await post('/token/grant', { app_key: 'x', app_secret: 'y' }, { username: 'no', password: 'no' })).status).toBe(401);
    const wrongApp = await post('/token/grant', { app_key: 'x', app_secret: 'y' }, { username: DEV_CREDENTIALS.username, password: DEV_CREDENTIALS.password });
    expect(wrongApp.body).toMatchObject({ statusCode: '2001' });
    const granted = (await grant()).body;
    expect(granted).toMatchObject({ statusCode: '0000', token_type: 'Bearer', expires_in: 60 });
    const refreshed = await post(
      '/token/refresh',
      { app_key: DEV_CREDENTIALS.appKey, app_secret: DEV_CREDENTIALS.appSecret, refresh_token: granted.refresh_token },
      { username: DEV_CREDENTIALS.username, password: DEV_CREDENTIALS.password },
    );
    expect(refreshed.body.id_token).toMatch(/^eyJ/);
    expect((await post('/payment/status', { paymentID: 'x' }, { authorization: 'forged', 'x-app-key': DEV_CREDENTIALS.appKey })).status).toBe(401);
  });

  it('creates, sends the buyer back, executes once, reads back and refunds once', async () => {
    const created = await create();
    expect(created).toMatchObject({ statusCode: '0000', transactionStatus: 'Initiated', amount: '21000', currency: 'BDT' });
    expect((await post('/execute', { paymentID: created.paymentID })).body.statusCode).toBe('2060');
    const back = await walk(created.paymentID!);
    expect(back.status).toBe(302);
    const callback = new URL(back.headers.get('location')!);
    expect(callback.origin + callback.pathname).toBe('http://shop.test/pay');
    expect(Object.fromEntries(callback.searchParams)).toMatchObject({ booking: '1', paymentID: created.paymentID, status: 'success' });
    const executed = (await post('/execute', { paymentID: created.paymentID })).body;
    expect(executed).toMatchObject({ statusCode: '0000', transactionStatus: 'Completed', customerMsisdn: TEST_WALLETS.succeeds });
    expect((await post('/execute', { paymentID: created.paymentID })).body.statusCode).toBe('2062');
    expect((await post('/payment/status', { paymentID: created.paymentID })).body).toMatchObject({ transactionStatus: 'Completed', trxID: executed.trxID });
    expect((await post('/general/searchTransaction', { trxID: executed.trxID })).body).toMatchObject({ transactionStatus: 'Completed', amount: '21000' });
    const refund = { paymentID: created.paymentID, trxID: executed.trxID, sku: 'phone', reason: 'sold' };
    expect((await post('/payment/refund', { ...refund, amount: '21000.01' })).body.statusCode).toBe('2026');
    const refunded = (await post('/payment/refund', { ...refund, amount: '21000' })).body;
    expect(refunded).toMatchObject({ statusCode: '0000', originalTrxID: executed.trxID, amount: '21000' });
    expect((await post('/payment/refund', { ...refund, amount: '21000' })).body.statusCode).toBe('2034');
    expect((await post('/payment/refund', { paymentID: created.paymentID, trxID: executed.trxID })).body.refundTrxID).toBe(refunded.refundTrxID);
  });

  it('refuses a wallet without balance at execute, and fails the payment after three wrong PINs', async () => {
    const poor = await create();
    await walk(poor.paymentID!, { wallet: TEST_WALLETS.insufficientBalance });
    expect((await post('/execute', { paymentID: poor.paymentID })).body).toMatchObject({ statusCode: '2023', statusMessage: 'Insufficient Balance' });

    const forgetful = await create();
    expect((await walk(forgetful.paymentID!, { pin: '11111' })).status).toBe(422);
    await walk(forgetful.paymentID!, { pin: '11111' });
    const third = await walk(forgetful.paymentID!, { pin: '11111' });
    expect(new URL(third.headers.get('location')!).searchParams.get('status')).toBe('failure');
    expect((await post('/execute', { paymentID: forgetful.paymentID })).body.statusCode).toBe('2056');
  });

  it('cancels, refuses bad requests with their codes, and can drop the callback', async () => {
    const created = await create();
    const cancelled = await fetch(`${bkash.url}/checkout/cancel`, { method: 'POST', body: new URLSearchParams({ paymentId: created.paymentID! }), redirect: 'manual' });
    expect(new URL(cancelled.headers.get('location')!).searchParams.get('status')).toBe('cancel');
    expect((await post('/payment/status', { paymentID: created.paymentID })).body.transactionStatus).toBe('Cancelled');
    expect((await create('12.345')).statusCode).toBe('2006');
    expect((await post('/create', { mode: '0011' })).body.statusCode).toBe('2065');
    expect((await post('/payment/status', { paymentID: 'TR0011NOPE' })).body.statusCode).toBe('2002');

    bkash.switches.dropCallback = true;
    const dropped = await create();
    const page = await walk(dropped.paymentID!);
    bkash.switches.dropCallback = false;
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('You may close this page');
    expect((await post('/execute', { paymentID: dropped.paymentID })).body.transactionStatus).toBe('Completed');
  });
});

describe("the local bKash's payouts", () => {
  const payout = (body: Record<string, string>) =>
    post('/payout/b2cPayment', { amount: '1900.50', currency: 'BDT', merchantInvoiceNumber: 'payout-1', receiverMSISDN: TEST_WALLETS.succeeds, ...body });

  it('pays a wallet once per invoice number: asked again it answers the same payout', async () => {
    const first = (await payout({})).body;
    expect(first).toMatchObject({ statusCode: '0000', transactionStatus: 'Completed', amount: '1900.50', receiverMSISDN: TEST_WALLETS.succeeds });
    const again = (await payout({})).body;
    expect(again.trxID).toBe(first.trxID);
    expect(bkash.counts.payouts).toBe(1);
    expect((await post('/payout/query', { merchantInvoiceNumber: 'payout-1' })).body.trxID).toBe(first.trxID);
    expect((await post('/payout/query', { merchantInvoiceNumber: 'never' })).body.statusCode).toBe('2033');
  });

  it('refuses a reused invoice number for another payout, a bad wallet, amount or currency, and no token', async () => {
    expect((await payout({ amount: '5.00' })).body.statusCode).toBe('2031');
    expect((await payout({ merchantInvoiceNumber: 'payout-2', receiverMSISDN: '0123' })).body.statusCode).toBe('2032');
    expect((await payout({ merchantInvoiceNumber: 'payout-2', amount: '-1' })).body.statusCode).toBe('2006');
    expect((await payout({ merchantInvoiceNumber: 'payout-2', currency: 'USD' })).body.statusCode).toBe('2007');
    expect((await post('/payout/b2cPayment', { merchantInvoiceNumber: 'payout-2' }, {})).status).toBe(401);
    expect(bkash.payouts.has('payout-2')).toBe(false);
  });

  it('can lose the answer of a payout it made, as when the worker dies: the retry finds it made', async () => {
    bkash.switches.dropPayoutAnswers = 1;
    await expect(payout({ merchantInvoiceNumber: 'payout-3' })).rejects.toThrow();
    expect(bkash.payouts.get('payout-3')).toMatchObject({ amount: '1900.50' });
    const retried = (await payout({ merchantInvoiceNumber: 'payout-3' })).body;
    expect(retried.trxID).toBe(bkash.payouts.get('payout-3')!.trxID);
  });
});

describe('a state file', () => {
  it('keeps payments, payouts and tokens across a restart: the sale is found and refunded, the payout answered again', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'fake-bkash-state-'));
    const stateFile = join(dir, 'bkash.json');
    const [earlier, earlierToken] = [bkash, token];
    try {
      bkash = await startFakeBkash({ stateFile });
      token = (await grant()).body.id_token!;
      const created = await create('12500');
      await walk(created.paymentID!);
      const executed = (await post('/execute', { paymentID: created.paymentID })).body;
      const paid = (await post('/payout/b2cPayment', { amount: '1000', currency: 'BDT', merchantInvoiceNumber: 'kept-1', receiverMSISDN: TEST_WALLETS.succeeds })).body;
      await bkash.close();

      bkash = await startFakeBkash({ stateFile });
      // The token granted before the restart still works, and what was paid is still there, dated.
      expect((await post('/general/searchTransaction', { trxID: executed.trxID })).body).toMatchObject({ transactionStatus: 'Completed', amount: '12500' });
      expect(bkash.payments.get(created.paymentID!)?.executedAt).toBeInstanceOf(Date);
      const refunded = (await post('/payment/refund', { paymentID: created.paymentID, trxID: executed.trxID, amount: '12500', sku: 'phone', reason: 'dispute' })).body;
      expect(refunded).toMatchObject({ statusCode: '0000', originalTrxID: executed.trxID });
      expect((await post('/payout/query', { merchantInvoiceNumber: 'kept-1' })).body.trxID).toBe(paid.trxID);
      await bkash.close();

      bkash = await startFakeBkash({ stateFile });
      // The refund made after the restart was kept too: asked again, the same refund.
      expect((await post('/payment/refund', { paymentID: created.paymentID, trxID: executed.trxID })).body.refundTrxID).toBe(refunded.refundTrxID);
      await bkash.close();
    } finally {
      [bkash, token] = [earlier, earlierToken];
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the local bKash in a container', () => {
  it("hands out its payment page at the address browsers reach, not the one it listens on", async () => {
    const inside = await startFakeBkash({ host: '127.0.0.1', publicUrl: 'http://localhost:4120/' });
    try {
      const call = (path: string, body: unknown, headers: Record<string, string>) =>
        fetch(`http://127.0.0.1:${inside.port}${API_PREFIX}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }).then(
          (response) => response.json() as Promise<Record<string, string>>,
        );
      const { id_token } = await call('/token/grant', { app_key: DEV_CREDENTIALS.appKey, app_secret: DEV_CREDENTIALS.appSecret }, { username: DEV_CREDENTIALS.username, password: DEV_CREDENTIALS.password });
      const created = await call(
        '/create',
        { mode: '0011', payerReference: '01700000000', callbackURL: 'http://shop.test/pay', amount: '500', currency: 'BDT', intent: 'sale', merchantInvoiceNumber: 'inv-2' },
        { authorization: id_token!, 'x-app-key': DEV_CREDENTIALS.appKey },
      );
      expect(created.bkashURL).toMatch(/^http:\/\/localhost:4120\/checkout\?paymentId=/);
      expect(inside.url).toBe('http://localhost:4120');
    } finally {
      await inside.close();
    }
  });
});
