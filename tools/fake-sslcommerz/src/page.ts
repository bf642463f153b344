import { escapeHtml } from '@phonehaat/local-server';
import type { Session } from './store.js';

/** Ways to pay on the hosted page, grouped as SSLCommerz's page groups them; `cardType` is what the IPN reports. */
export const WAYS = {
  cards: [
    { id: 'dbbl-nexus', label: 'DBBL Nexus', cardType: 'DBBLNEXUS-Dutch Bangla' },
    { id: 'visa', label: 'Visa', cardType: 'VISA-Dutch Bangla' },
    { id: 'mastercard', label: 'Mastercard', cardType: 'MASTER-City Bank' },
  ],
  banking: [
    { id: 'city-touch', label: 'City Touch', cardType: 'CITYTOUCH-City Bank' },
    { id: 'ibbl', label: 'Islami Bank', cardType: 'IBBL-Islami Bank' },
  ],
  wallets: [
    { id: 'rocket', label: 'Rocket', cardType: 'DBBLMOBILEB-Dbbl Mobile Banking' },
    { id: 'upay', label: 'upay', cardType: 'UPAY-Upay' },
  ],
} as const;
export type WayId = (typeof WAYS)[keyof typeof WAYS][number]['id'];
export const wayOf = (id: string) => Object.values(WAYS).flat().find((way) => way.id === id);

/** The local page's test numbers: a card that pays, one the bank declines; the one-time password every way asks for. */
export const TEST_CARDS = { pays: '4111111111111111', declined: '4000000000000002' } as const;
export const TEST_OTP = '111111';

const escape = escapeHtml;

function layout(title: string, body: string) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · SSLCommerz (local)</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; background: #eef2f7; color: #111827; }
  header { background: #0b3d91; color: #fff; padding: 1rem; text-align: center; font-weight: 700; font-size: 1.15rem; }
  main { max-width: 26rem; margin: 1.25rem auto; background: #fff; padding: 1.25rem; border-radius: .75rem; box-shadow: 0 1px 3px #0002; }
  fieldset { border: 1px solid #cbd5e1; border-radius: .5rem; margin: 1rem 0 0; padding: .75rem; }
  legend { font-weight: 700; padding: 0 .25rem; }
  label { display: block; margin: .35rem 0; }
  label.field { font-weight: 600; margin-top: .75rem; }
  input[type=text], input[type=password] { width: 100%; box-sizing: border-box; font-size: 1.05rem; padding: .55rem; border: 1px solid #94a3b8; border-radius: .4rem; }
  button { margin-top: 1rem; width: 100%; padding: .7rem; font-size: 1rem; border: 0; border-radius: .4rem; background: #0b3d91; color: #fff; font-weight: 600; cursor: pointer; }
  button.secondary { background: #fff; color: #334155; border: 1px solid #94a3b8; }
  .amount { font-size: 1.5rem; font-weight: 700; margin: .25rem 0 0; }
  .error { color: #b91c1c; font-weight: 600; }
  .hint { color: #475569; font-size: .85rem; }
</style></head>
<body><header>SSLCOMMERZ <small>(local test)</small></header><main>${body}</main></body></html>`;
}

const summary = (session: Session) =>
  `<p class="hint">Merchant: PhoneHaat · ${escape(session.request.product_name)} · ${escape(session.request.tran_id)}</p><p class="amount">৳ ${escape(session.request.total_amount)} ${escape(session.request.currency)}</p>`;

const cancelForm = (session: Session) =>
  `<form method="post" action="/gwprocess/v4/cancel"><input type="hidden" name="sessionkey" value="${escape(session.sessionkey)}"><button class="secondary" type="submit">Cancel payment</button></form>`;

const radio = (way: { id: string; label: string }, checked: boolean) =>
  `<label><input type="radio" name="way" value="${way.id}"${checked ? ' checked' : ''} required> ${escape(way.label)}</label>`;

/** The hosted page: a way to pay (card, internet banking, wallet), the card's number for a card, then the one-time password. */
export function choosePage(session: Session, { error = '', way = '', card = '' } = {}): string {
  const group = (legend: string, ways: readonly { id: string; label: string }[]) =>
    `<fieldset><legend>${legend}</legend>${ways.map((item) => radio(item, item.id === way)).join('')}</fieldset>`;
  return layout(
    'Pay with SSLCommerz',
    `${summary(session)}
    <form method="post" action="/gwprocess/v4/pay">
      <input type="hidden" name="sessionkey" value="${escape(session.sessionkey)}">
      ${group('Cards', WAYS.cards)}${group('Internet banking', WAYS.banking)}${group('Mobile banking', WAYS.wallets)}
      <label class="field" for="card">Card number (cards only)</label>
      <input type="text" id="card" name="card" inputmode="numeric" autocomplete="cc-number" value="${escape(card)}">
      <p class="hint">Test cards: ${TEST_CARDS.pays} pays, ${TEST_CARDS.declined} is declined.</p>
      <label class="field" for="otp">One-time password</label>
      <input type="password" id="otp" name="otp" inputmode="numeric" autocomplete="one-time-code" required>
      <p class="hint">The local SSLCommerz's one-time password is always ${TEST_OTP}.</p>
      ${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
      <button type="submit">Pay now</button>
    </form>
    ${cancelForm(session)}`,
  );
}

/** The buyer sent back to the merchant as SSLCommerz does: a form POSTed to the merchant's address with the result. */
export function returnPage(action: string, fields: Record<string, string>, delayMs: number): string {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
    .join('');
  return layout(
    'Returning to the merchant',
    `<p>Returning you to PhoneHaat…</p>
    <form id="back" method="post" action="${escape(action)}">${inputs}<button type="submit">Return to the merchant</button></form>
    <script>setTimeout(function () { document.getElementById('back').submit(); }, ${Math.max(0, delayMs)});</script>`,
  );
}

/** A page with nothing left to do on it. */
export function messagePage(title: string, message: string): string {
  return layout(title, `<h1>${escape(title)}</h1><p>${escape(message)}</p>`);
}
