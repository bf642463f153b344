import type { ScamPattern } from '../kinds.ts';

// English, as typed in a conversation (lower case; numbers broken by spaces or dots already joined). One line a rule.
export const en: readonly ScamPattern[] = [
  ['code', /\b(send|tell|give|share|forward|read|say|type)\b.{0,25}\b(otp|pin|verification code|one[- ]time (pass)?code|sms code|6[- ]digit code|security code|code)\b/],
  ['code', /\b(otp|pin|code)\b.{0,30}\b(you (just )?(got|received|get|will get)|came to your|sent to your|on your (phone|mobile)|in (your )?sms)\b/],
  ['code', /\b(your|the) (bkash|bikash|nagad|rocket|upay|wallet|account|card) (pin|otp|password)\b/],
  ['advance', /\b(advance|advanced payment|upfront|token money|booking money|deposit)\b/],
  ['advance', /\bpay (me )?(first|before|in advance|half)\b/],
  ['advance', /\bsend (me )?(the )?(money|payment|taka|tk)\b/],
  ['advance', /\b(bkash|bikash|nagad|rocket|upay)\b.{0,40}\b01[3-9]\d{8}\b/],
  ['advance', /\b01[3-9]\d{8}\b.{0,30}\b(bkash|bikash|nagad|rocket|upay)\b/],
  ['advance', /\bpersonal (bkash|bikash|nagad|rocket|number|account)\b/],
  ['advance', /\b(send money|cash ?out|transfer)\b.{0,20}\b(to|in|on) (this|my) (number|bkash|nagad|account)\b/],
  ['mistaken-payment', /\b(sent|send|transferred|cash ?in|paid|gone|went)\b.{0,40}\b(by mistake|mistakenly|accidentally|by accident|wrong number)\b/],
  ['mistaken-payment', /\b(by mistake|mistakenly|accidentally|by accident)\b.{0,40}\b(sent|transferred|cash ?in|paid|send)\b/],
  ['mistaken-payment', /\b(return|send back|give back|refund|pay back)\b.{0,20}\b(money|taka|tk|amount)\b/],
  ['mistaken-payment', /\b(money|taka|tk)\b.{0,20}\b(back)\b.{0,10}\b(please|pls|now|fast)\b/],
  ['qr', /\b(scan|qr)\b.{0,40}\b(receive|get|claim|collect)\b/],
  ['qr', /\b(receive|get|claim|collect)\b.{0,40}\b(qr|scan)\b/],
  ['off-platform', /\b(whatsapp|whats app|wa\.me|telegram|viber|signal app)\b/],
  ['off-platform', /\b(on|in|via|at|my) imo\b|\bimo (number|no|id|call|me)\b/],
];
