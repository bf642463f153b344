import { escapeHtml } from '@phonehaat/local-server';
import { randomBytes } from 'node:crypto';
import type { Payment } from './api.js';
import { TEST_CODE, TEST_WALLETS } from './wallets.js';

/** Where bKash sends the buyer back: the merchant's callbackURL with the payment's id and how it ended. */
export function callbackTo(payment: Payment, status: 'success' | 'failure' | 'cancel'): string {
  const url = new URL(payment.callbackURL);
  url.searchParams.set('paymentID', payment.paymentID);
  url.searchParams.set('status', status);
  url.searchParams.set('signature', randomBytes(8).toString('hex'));
  url.searchParams.set('apiVersion', '1.2.0-beta');
  return url.href;
}

const escape = escapeHtml;

function layout(title: string, body: string) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · bKash (local)</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; background: #f4f4f5; color: #18181b; }
  header { background: #e2136e; color: #fff; padding: 1rem; text-align: center; font-weight: 700; font-size: 1.25rem; }
  main { max-width: 24rem; margin: 1.5rem auto; background: #fff; padding: 1.5rem; border-radius: .75rem; box-shadow: 0 1px 3px #0002; }
  label { display: block; font-weight: 600; margin: 1rem 0 .25rem; }
  input { width: 100%; box-sizing: border-box; font-size: 1.1rem; padding: .6rem; border: 1px solid #a1a1aa; border-radius: .4rem; }
  button { margin-top: 1rem; width: 100%; padding: .7rem; font-size: 1rem; border: 0; border-radius: .4rem; background: #e2136e; color: #fff; font-weight: 600; cursor: pointer; }
  button.secondary { background: #fff; color: #3f3f46; border: 1px solid #a1a1aa; }
  .amount { font-size: 1.5rem; font-weight: 700; margin: .25rem 0 0; }
  .error { color: #b91c1c; font-weight: 600; }
  .hint { color: #52525b; font-size: .85rem; }
</style></head>
<body><header>bKash <small>(local test)</small></header><main>${body}</main></body></html>`;
}

const summary = (payment: Payment) =>
  `<p class="hint">Merchant: PhoneHaat · Invoice ${escape(payment.merchantInvoiceNumber)}</p><p class="amount">৳ ${escape(payment.amount)}</p>`;

const cancelForm = (payment: Payment) =>
  `<form method="post" action="/checkout/cancel"><input type="hidden" name="paymentId" value="${escape(payment.paymentID)}"><button class="secondary" type="submit">Cancel</button></form>`;

export type Step = 'wallet' | 'code' | 'pin';

/** One step of the page: the wallet number, the verification code sent to it, then the PIN. */
export function stepPage(payment: Payment, step: Step, { wallet = '', error = '' } = {}): string {
  const fields: Record<Step, string> = {
    wallet: `<label for="wallet">Your bKash account number</label><input id="wallet" name="wallet" inputmode="numeric" autocomplete="tel" placeholder="e.g 01XXXXXXXXX" value="${escape(wallet)}" required>
      <p class="hint">Test wallets: ${TEST_WALLETS.succeeds} pays, ${TEST_WALLETS.insufficientBalance} lacks balance.</p>`,
    code: `<label for="code">Verification code</label><input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" required>
      <p class="hint">Sent to ${escape(wallet)}. The local bKash's code is always ${TEST_CODE}.</p>`,
    pin: `<label for="pin">PIN</label><input id="pin" name="pin" type="password" inputmode="numeric" required>
      <p class="hint">The test PIN is 12121; a wrong PIN three times fails the payment.</p>`,
  };
  return layout(
    'Pay with bKash',
    `${summary(payment)}
    <form method="post" action="/checkout/${step}">
      <input type="hidden" name="paymentId" value="${escape(payment.paymentID)}">
      ${step === 'wallet' ? '' : `<input type="hidden" name="wallet" value="${escape(wallet)}">`}
      ${fields[step]}
      ${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
      <button type="submit">${step === 'pin' ? 'Confirm' : 'Proceed'}</button>
    </form>
    ${cancelForm(payment)}`,
  );
}

/** A page with nothing left to do on it: a missing or finished payment, or an approval whose callback was dropped. */
export function messagePage(title: string, message: string): string {
  return layout(title, `<h1>${escape(title)}</h1><p>${escape(message)}</p>`);
}
