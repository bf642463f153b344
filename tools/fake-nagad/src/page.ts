import { escapeHtml } from '@phonehaat/local-server';
import type { Payment } from './store.js';

/**
 * The local Nagad's test wallet: any 01… number with the OTP and PIN below pays; the "poor" number has too little
 * balance. Nagad's own page asks the number, then sends an OTP to it, then the PIN.
 */
export const TEST_WALLET = { otp: '123456', pin: '1234', poor: '01900000002' } as const;

const escape = escapeHtml;

function layout(title: string, body: string) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · Nagad (local)</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; background: #fdf2f2; color: #1f2937; }
  header { background: #ec1c24; color: #fff; padding: 1rem; text-align: center; font-weight: 700; font-size: 1.2rem; }
  main { max-width: 24rem; margin: 1.25rem auto; background: #fff; padding: 1.25rem; border-radius: .75rem; box-shadow: 0 1px 3px #0002; }
  label { display: block; font-weight: 600; margin-top: .85rem; }
  input { width: 100%; box-sizing: border-box; font-size: 1.1rem; padding: .55rem; border: 1px solid #d1a3a3; border-radius: .4rem; margin-top: .25rem; }
  button { margin-top: 1rem; width: 100%; padding: .7rem; font-size: 1rem; border: 0; border-radius: .4rem; background: #ec1c24; color: #fff; font-weight: 600; cursor: pointer; }
  button.secondary { background: #fff; color: #374151; border: 1px solid #9ca3af; }
  .amount { font-size: 1.5rem; font-weight: 700; margin: .25rem 0 0; }
  .error { color: #b91c1c; font-weight: 600; }
  .hint { color: #6b7280; font-size: .85rem; }
</style></head>
<body><header>নগদ Nagad <small>(local test)</small></header><main>${body}</main></body></html>`;
}

const summary = (payment: Payment) =>
  `<p class="hint">Merchant: PhoneHaat · Order ${escape(payment.orderId)}</p><p class="amount">৳ ${escape(payment.amount)}</p>`;

const hidden = (payment: Payment) => `<input type="hidden" name="ref" value="${escape(payment.paymentRefId)}">`;
const cancelForm = (payment: Payment) => `<form method="post" action="/check-out/cancel">${hidden(payment)}<button class="secondary" type="submit">Cancel</button></form>`;

/** Step one: the buyer's Nagad account number. */
export function numberPage(payment: Payment, { error = '', wallet = '' } = {}): string {
  return layout(
    'Pay with Nagad',
    `${summary(payment)}
    <form method="post" action="/check-out/number">${hidden(payment)}
      <label for="wallet">Your Nagad account number</label>
      <input type="tel" id="wallet" name="wallet" inputmode="numeric" autocomplete="tel" placeholder="01XXXXXXXXX" value="${escape(wallet)}" required>
      <p class="hint">Test wallet: any 01… number pays; ${TEST_WALLET.poor} has too little balance.</p>
      ${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
      <button type="submit">Proceed</button>
    </form>${cancelForm(payment)}`,
  );
}

/** Step two: the OTP sent to that number, and the account's PIN. */
export function approvePage(payment: Payment, wallet: string, error = ''): string {
  return layout(
    'Approve with Nagad',
    `${summary(payment)}
    <form method="post" action="/check-out/approve">${hidden(payment)}<input type="hidden" name="wallet" value="${escape(wallet)}">
      <p>A verification code was sent to ${escape(wallet)}.</p>
      <label for="otp">Verification code (OTP)</label>
      <input type="password" id="otp" name="otp" inputmode="numeric" autocomplete="one-time-code" required>
      <label for="pin">Nagad PIN</label>
      <input type="password" id="pin" name="pin" inputmode="numeric" required>
      <p class="hint">The local Nagad's OTP is ${TEST_WALLET.otp} and its PIN ${TEST_WALLET.pin}.</p>
      ${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
      <button type="submit">Confirm payment</button>
    </form>${cancelForm(payment)}`,
  );
}

/** The buyer sent on to the merchant's callback address (after a delay when a switch asks for one). */
export function returnPage(to: string, delayMs: number): string {
  return layout('Returning to the merchant', `<p>Returning you to PhoneHaat…</p><p><a id="back" href="${escape(to)}">Return to the merchant</a></p>
    <script>setTimeout(function () { location.replace(document.getElementById('back').href); }, ${Math.max(0, delayMs)});</script>`);
}

export function messagePage(title: string, message: string): string {
  return layout(title, `<h1>${escape(title)}</h1><p>${escape(message)}</p>`);
}
