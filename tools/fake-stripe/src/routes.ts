import { chargeCard, isTestPaymentMethod, TEST_PAYMENT_METHODS, type Card } from './cards.js';
import { invalidParam, invalidRequest, missingParam, noSuch, StripeApiError } from './errors.js';
import { list, obj, str, strings, type FormObject } from './form.js';
import { newId, randomAlnum, unixNow } from './ids.js';

export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: 'requires_payment_method' | 'succeeded';
  client_secret: string;
  metadata: Record<string, string>;
  description: string | null;
  receipt_email: string | null;
  created: number;
  livemode: false;
  latest_charge: string | null;
  payment_method: string | null;
  payment_method_types: string[];
  allowed_payment_method_types: string[] | null;
  last_payment_error: { type: 'card_error'; code: string; decline_code?: string; message: string } | null;
}

export interface Charge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  currency: string;
  created: number;
  livemode: false;
  paid: true;
  captured: true;
  refunded: boolean;
  status: 'succeeded';
  payment_intent: string;
  payment_method: string;
  billing_details: { name: string | null; email: string | null };
  metadata: Record<string, string>;
}

export interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string;
  status: 'succeeded';
  reason: string | null;
  metadata: Record<string, string>;
  created: number;
}

export type ApiKeyKind = 'secret' | 'publishable';

export interface ApiRequest {
  method: string;
  path: string;
  form: FormObject;
  key: ApiKeyKind;
}

/** What Stripe would send a webhook about. */
export type StripeEvent = { type: 'payment_intent.succeeded'; object: PaymentIntent } | { type: 'charge.refunded'; object: Charge };

const REFUND_REASONS = ['duplicate', 'fraudulent', 'requested_by_customer'];

function positiveInteger(form: FormObject, param: string): number | undefined {
  const text = str(form[param]);
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(value)) throw invalidParam(param, `Invalid integer: ${text}`, 'parameter_invalid_integer');
  if (value < 1) throw invalidParam(param, 'This value must be greater than or equal to 1.', 'parameter_invalid_integer');
  return value;
}

/** The card to charge and who pays, from `payment_method` (a test id) or `payment_method_data`. */
function paymentMethodOf(form: FormObject): { card: Card; billing: Charge['billing_details'] } {
  const data = obj(form.payment_method_data);
  const billingForm = obj(data.billing_details);
  const billing = { name: str(billingForm.name) ?? null, email: str(billingForm.email) ?? null };
  const paymentMethod = str(form.payment_method);
  if (paymentMethod !== undefined) {
    if (!isTestPaymentMethod(paymentMethod)) throw noSuch('PaymentMethod', 'payment_method', paymentMethod, 400);
    return { card: { number: TEST_PAYMENT_METHODS[paymentMethod], expMonth: 12, expYear: new Date().getFullYear() + 5 }, billing };
  }
  if (Object.keys(data).length === 0) {
    throw invalidRequest(400, "You cannot confirm this PaymentIntent because it's missing a payment method. Pass payment_method or payment_method_data.", {
      code: 'payment_intent_unexpected_state',
    });
  }
  const type = str(data.type);
  if (type === undefined) throw missingParam('payment_method_data[type]');
  if (type !== 'card') throw invalidParam('payment_method_data[type]', `This fake supports only card payments, not '${type}'.`);
  const card = obj(data.card);
  const field = (name: string) => {
    const value = str(card[name]);
    if (value === undefined) throw missingParam(`payment_method_data[card][${name}]`);
    return value;
  };
  return { card: { number: field('number'), expMonth: Number(field('exp_month')), expYear: Number(field('exp_year')) }, billing };
}

/** Stripe's v1 endpoints for PaymentIntents and Refunds, over in-memory maps. Knows nothing of HTTP. */
export function createStripeApi(emit: (event: StripeEvent) => void) {
  const paymentIntents = new Map<string, PaymentIntent>();
  const charges = new Map<string, Charge>();
  const refunds = new Map<string, Refund>();

  function findIntent(id: string): PaymentIntent {
    const intent = paymentIntents.get(id);
    if (!intent) throw noSuch('payment_intent', 'intent', id);
    return intent;
  }

  /** A publishable key proves it may see an intent by also sending the intent's client secret. */
  function checkClientSecret(intent: PaymentIntent, form: FormObject, key: ApiKeyKind) {
    if (key === 'secret') return;
    const secret = str(form.client_secret);
    if (secret === undefined) throw missingParam('client_secret');
    if (secret !== intent.client_secret) {
      throw invalidParam('client_secret', 'The client_secret provided does not match the client_secret associated with the PaymentIntent.');
    }
  }

  function createIntent(form: FormObject): PaymentIntent {
    const amount = positiveInteger(form, 'amount');
    if (amount === undefined) throw missingParam('amount');
    const currency = str(form.currency);
    if (currency === undefined) throw missingParam('currency');
    if (!/^[a-z]{3}$/i.test(currency)) throw invalidParam('currency', `Invalid currency: ${currency}.`);
    const allowed = list(form.allowed_payment_method_types);
    const types = list(form.payment_method_types);
    const id = newId('pi');
    const intent: PaymentIntent = {
      id,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: currency.toLowerCase(),
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomAlnum(25)}`,
      metadata: strings(form.metadata),
      description: str(form.description) ?? null,
      receipt_email: str(form.receipt_email) ?? null,
      created: unixNow(),
      livemode: false,
      latest_charge: null,
      payment_method: null,
      payment_method_types: types.length > 0 ? types : allowed.length > 0 ? allowed : ['card'],
      allowed_payment_method_types: allowed.length > 0 ? allowed : null,
      last_payment_error: null,
    };
    paymentIntents.set(id, intent);
    return intent;
  }

  function confirmIntent(intent: PaymentIntent, form: FormObject): PaymentIntent {
    if (intent.status === 'succeeded') {
      throw invalidRequest(
        400,
        "This PaymentIntent's payment_method could not be updated because it has a status of succeeded. You may only update the payment_method of a PaymentIntent with one of the following statuses: requires_payment_method, requires_confirmation, requires_action.",
        { code: 'payment_intent_unexpected_state', payment_intent: intent },
      );
    }
    const { card, billing } = paymentMethodOf(form);
    const decline = chargeCard(card);
    if (decline) {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { type: 'card_error', ...decline };
      throw new StripeApiError(402, { type: 'card_error', ...decline, payment_intent: intent });
    }
    const charge: Charge = {
      id: newId('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_captured: intent.amount,
      amount_refunded: 0,
      currency: intent.currency,
      created: unixNow(),
      livemode: false,
      paid: true,
      captured: true,
      refunded: false,
      status: 'succeeded',
      payment_intent: intent.id,
      payment_method: newId('pm'),
      billing_details: billing,
      metadata: { ...intent.metadata },
    };
    charges.set(charge.id, charge);
    Object.assign(intent, {
      status: 'succeeded',
      amount_received: intent.amount,
      payment_method: charge.payment_method,
      latest_charge: charge.id,
      last_payment_error: null,
    } satisfies Partial<PaymentIntent>);
    emit({ type: 'payment_intent.succeeded', object: intent });
    return intent;
  }

  function createRefund(form: FormObject): Refund {
    const id = str(form.payment_intent);
    if (id === undefined) throw missingParam('payment_intent');
    const reason = str(form.reason);
    if (reason !== undefined && !REFUND_REASONS.includes(reason)) {
      throw invalidParam('reason', `Invalid reason: must be one of ${REFUND_REASONS.join(', ')}.`);
    }
    const requested = positiveInteger(form, 'amount');
    const intent = paymentIntents.get(id);
    if (!intent) throw noSuch('payment_intent', 'payment_intent', id, 400);
    const charge = intent.latest_charge === null ? undefined : charges.get(intent.latest_charge);
    if (!charge) {
      throw invalidRequest(400, `This PaymentIntent (${id}) does not have a successful charge to refund.`, { code: 'payment_intent_unexpected_state' });
    }
    const remaining = charge.amount - charge.amount_refunded;
    const amount = requested ?? remaining;
    if (remaining === 0 || amount > remaining) {
      throw invalidRequest(400, `Charge ${charge.id} has already been refunded.`, { code: 'charge_already_refunded' });
    }
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    const refund: Refund = {
      id: newId('re'),
      object: 'refund',
      amount,
      currency: charge.currency,
      payment_intent: id,
      charge: charge.id,
      status: 'succeeded',
      reason: reason ?? null,
      metadata: strings(form.metadata),
      created: unixNow(),
    };
    refunds.set(refund.id, refund);
    emit({ type: 'charge.refunded', object: charge });
    return refund;
  }

  /** Stripe's list format: newest first, `limit` (1–100, default 10) after the `starting_after` id. */
  function listOf<T extends { id: string }>(items: Map<string, T>, form: FormObject, url: string) {
    const limit = str(form.limit) === undefined ? 10 : positiveInteger(form, 'limit');
    if (limit === undefined || limit > 100) throw invalidParam('limit', 'This value must be less than or equal to 100.');
    const all = [...items.values()].reverse();
    const after = str(form.starting_after);
    const from = after === undefined ? 0 : all.findIndex((item) => item.id === after) + 1;
    if (after !== undefined && from === 0) throw invalidParam('starting_after', `No such object: '${after}'`);
    const data = all.slice(from, from + limit);
    return { object: 'list', data, has_more: from + limit < all.length, url };
  }

  const routes: { method: string; path: RegExp; publishable?: true; run(id: string, form: FormObject, key: ApiKeyKind): unknown }[] = [
    { method: 'POST', path: /^\/v1\/payment_intents$/, run: (_id, form) => createIntent(form) },
    { method: 'GET', path: /^\/v1\/payment_intents$/, run: (_id, form) => listOf(paymentIntents, form, '/v1/payment_intents') },
    { method: 'GET', path: /^\/v1\/refunds$/, run: (_id, form) => listOf(refunds, form, '/v1/refunds') },
    {
      method: 'GET',
      path: /^\/v1\/payment_intents\/([^/]+)$/,
      publishable: true,
      run(id, form, key) {
        const intent = findIntent(id);
        checkClientSecret(intent, form, key);
        return intent;
      },
    },
    {
      method: 'POST',
      path: /^\/v1\/payment_intents\/([^/]+)\/confirm$/,
      publishable: true,
      run(id, form, key) {
        const intent = findIntent(id);
        checkClientSecret(intent, form, key);
        return confirmIntent(intent, form);
      },
    },
    { method: 'POST', path: /^\/v1\/refunds$/, run: (_id, form) => createRefund(form) },
    {
      method: 'GET',
      path: /^\/v1\/refunds\/([^/]+)$/,
      run(id) {
        const refund = refunds.get(id);
        if (!refund) throw noSuch('refund', 'id', id);
        return refund;
      },
    },
  ];

  /** The response body, or a thrown StripeApiError. */
  function handle({ method, path, form, key }: ApiRequest): unknown {
    for (const route of routes) {
      const match = route.method === method ? route.path.exec(path) : null;
      if (!match) continue;
      if (key === 'publishable' && !route.publishable) {
        throw invalidRequest(401, 'This API call cannot be made with a publishable API key. Please use a secret API key.');
      }
      return route.run(match[1] ?? '', form, key);
    }
    throw invalidRequest(404, `Unrecognized request URL (${method}: ${path}).`);
  }

  return { paymentIntents, charges, refunds, handle };
}
