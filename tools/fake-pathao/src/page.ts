import { escapeHtml } from '@phonehaat/local-server';
// The tester's page: every parcel with the moves it can make, the webhook switches and the callback URL.
import type { Invoice } from './moves.js';
import { movesFrom, STATUSES, type Move, type Parcel } from './parcels.js';
import type { Callback, SentWebhook, WebhookSwitches } from './webhooks.js';

const escape = escapeHtml;
const LABELS: Record<Move, string> = { pickup: 'Picked up', transit: 'In transit', 'out-for-delivery': 'Out for delivery', deliver: 'Delivered (cash collected)', refuse: 'Refused at the door (returned)' };

export function testerPage(view: { parcels: Parcel[]; switches: WebhookSwitches; callback: Callback | null; sent: readonly SentWebhook[]; invoices: readonly Invoice[] }): string {
  const rows = view.parcels
    .map((parcel) => {
      const buttons = movesFrom(parcel.status)
        .map((move) => `<form method="post" action="/parcels/${parcel.consignment_id}/${move}"><button>${LABELS[move]}</button></form>`)
        .join('');
      return `<tr><td><code>${parcel.consignment_id}</code></td><td>${escape(parcel.merchant_order_id ?? '')}</td><td>${escape(parcel.recipient_name)}<br>${escape(parcel.recipient_address)}</td>
        <td>Tk ${parcel.amount_to_collect}</td><td>Tk ${parcel.delivery_fee}</td><td data-status="${parcel.status}">${STATUSES[parcel.status].words}${parcel.invoice_id ? ` · paid (${parcel.invoice_id})` : ''}</td><td class="moves">${buttons}</td></tr>`;
    })
    .join('');
  const callback = view.callback
    ? `<p>Callback: <code>${escape(view.callback.url)}</code> — ${view.callback.verified ? 'integrated' : `not integrated: ${escape(view.callback.problem ?? 'checking')}`}</p>`
    : '<p>No callback URL yet.</p>';
  const { drop, duplicate, delayMs, reorder } = view.switches;
  const recent = view.sent
    .slice(-15)
    .reverse()
    .map((hook) => `<li><code>${escape(String(hook.body.event))}</code> ${escape(String(hook.body.consignment_id ?? ''))}: ${hook.status}</li>`)
    .join('');
  const invoices = view.invoices.map((invoice) => `<li>${invoice.invoice_id}: ${invoice.lines.length} parcels, Tk ${invoice.total_payout} <a href="/invoices/${encodeURIComponent(invoice.invoice_id)}.csv" download>Download ${invoice.invoice_id} (CSV)</a></li>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Local Pathao courier</title>
<style>body{font:15px/1.4 system-ui,sans-serif;margin:1rem;max-width:72rem}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.4rem;text-align:left;vertical-align:top}
form{display:inline}.moves button{margin:.1rem}fieldset{margin:1rem 0}</style></head><body>
<h1>Local Pathao courier</h1><p>PhoneHaat's stand-in for Pathao's merchant API. Move a parcel along as its rider would; each step sends Pathao's webhook.</p>
${callback}
<table><thead><tr><th>Consignment</th><th>Order</th><th>Recipient</th><th>Cash to collect</th><th>Fee</th><th>Status</th><th>Move it</th></tr></thead><tbody>${rows || '<tr><td colspan="7">No parcels yet.</td></tr>'}</tbody></table>
<form method="post" action="/invoice"><button>Pay the merchant (payment invoice)</button></form>
<ul aria-label="Payment invoices">${invoices}</ul>
<form method="post" action="/switches"><fieldset><legend>Webhooks</legend>
<label>Drop share <input name="drop" type="number" min="0" max="1" step="0.05" value="${drop}"></label>
<label>Duplicate share <input name="duplicate" type="number" min="0" max="1" step="0.05" value="${duplicate}"></label>
<label>Delay (ms) <input name="delayMs" type="number" min="0" step="100" value="${delayMs}"></label>
<label><input name="reorder" type="checkbox" ${reorder ? 'checked' : ''}> Reorder</label>
<button>Save switches</button></fieldset></form>
<h2>Last webhooks</h2><ul>${recent}</ul></body></html>`;
}
