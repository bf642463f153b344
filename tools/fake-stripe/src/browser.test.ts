import { JSDOM } from 'jsdom';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_SCRIPT_PATH, startFakeStripe, type FakeStripe } from './index.js';

let fake: FakeStripe;
let server: Stripe;
beforeAll(async () => {
  fake = await startFakeStripe({ port: 0 });
  server = new Stripe('sk_test_123', { host: '127.0.0.1', port: fake.port, protocol: 'http', maxNetworkRetries: 0 });
});
afterAll(() => fake.close());

type FakeStripeJs = (pk: string) => {
  elements(): { create(type: 'card'): CardElement; getElement(type: 'card'): CardElement | null };
  confirmCardPayment(secret: string, data: unknown): Promise<{ paymentIntent?: { id: string; status: string }; error?: { message: string; code?: string } }>;
};
interface CardElement {
  mount(node: Element): void;
  on(event: string, handler: (event: { complete: boolean; error?: { message: string } }) => void): void;
  destroy(): void;
}

type FakeWindow = { Stripe: FakeStripeJs; document: Document; Event: typeof Event };

/** A page that loads the script from the fake server, as the payment page does. */
async function page() {
  const dom = new JSDOM('<!doctype html><div id="card"></div>', { runScripts: 'dangerously', resources: 'usable', url: 'http://localhost:4200/' });
  (dom.window as unknown as { fetch: typeof fetch }).fetch = fetch;
  const script = dom.window.document.createElement('script');
  script.src = `${fake.url}${BROWSER_SCRIPT_PATH}`;
  const loaded = new Promise((resolve, reject) => {
    script.onload = resolve;
    script.onerror = reject;
  });
  dom.window.document.head.append(script);
  await loaded;
  return dom.window as unknown as FakeWindow;
}

function type(window: FakeWindow, label: string, value: string) {
  const input = window.document.querySelector<HTMLInputElement>(`[aria-label^="${label}"]`)!;
  input.value = value;
  input.dispatchEvent(new window.Event('input'));
  input.dispatchEvent(new window.Event('blur'));
}

async function intent(amount = 3_100_000) {
  return server.paymentIntents.create({ amount, currency: 'bdt', metadata: { bookingId: 'b1' } });
}

describe('the fake Stripe.js', () => {
  it('is served at the real path and puts Stripe on window', async () => {
    const window = await page();
    expect(typeof window.Stripe).toBe('function');
    expect((window.Stripe as unknown as { version: string }).version).toBe('endive');
    expect(() => window.Stripe('sk_test_secret')).toThrow(/publishable/);
  });

  it('mounts a labelled card field that reports completeness and errors', async () => {
    const window = await page();
    const card = window.Stripe('pk_test_1').elements().create('card');
    const changes: { complete: boolean; error?: { message: string } }[] = [];
    card.on('change', (event) => changes.push(event));
    card.mount(window.document.querySelector('#card')!);
    type(window, 'Card number', '4242 4242 4242 4241');
    expect(changes.at(-1)?.error?.message).toBe('Your card number is invalid.');
    type(window, 'Card number', '4242424242424242');
    type(window, 'Expiration date', '1240');
    type(window, 'Security code', '123');
    expect(changes.at(-1)).toMatchObject({ complete: true });
    expect(changes.at(-1)?.error).toBeUndefined();
  });

  it('confirms a card payment with 4242… and the PaymentIntent succeeds with the billing details', async () => {
    const window = await page();
    const stripe = window.Stripe('pk_test_1');
    const elements = stripe.elements();
    const card = elements.create('card');
    // @stripe/react-stripe-js asks for the element with its component, which carries __elementType.
    expect(elements.getElement({ __elementType: 'card' } as never)).toBe(card);
    card.mount(window.document.querySelector('#card')!);
    type(window, 'Card number', '4242 4242 4242 4242');
    type(window, 'Expiration date', '12 / 40');
    type(window, 'Security code', '123');
    const created = await intent();
    const result = await stripe.confirmCardPayment(created.client_secret!, { payment_method: { card, billing_details: { name: 'Tanvir Ahmed', email: 'tanvir@example.com' } } });
    expect(result.paymentIntent).toMatchObject({ id: created.id, status: 'succeeded' });
    expect((await server.paymentIntents.retrieve(created.id)).status).toBe('succeeded');
    expect([...fake.charges.values()].some((charge) => JSON.stringify(charge).includes('tanvir@example.com'))).toBe(true);
  });

  it("returns Stripe's own decline message for 4000 0000 0000 0002, and nothing is charged", async () => {
    const window = await page();
    const stripe = window.Stripe('pk_test_1');
    const card = stripe.elements().create('card');
    card.mount(window.document.querySelector('#card')!);
    type(window, 'Card number', '4000 0000 0000 0002');
    type(window, 'Expiration date', '1240');
    type(window, 'Security code', '123');
    const created = await intent();
    const result = await stripe.confirmCardPayment(created.client_secret!, { payment_method: { card } });
    expect(result.error?.message).toBe('Your card was declined.');
    expect((await server.paymentIntents.retrieve(created.id)).status).toBe('requires_payment_method');
  });

  it('refuses an incomplete card without calling the server, and a wrong client secret', async () => {
    const window = await page();
    const stripe = window.Stripe('pk_test_1');
    const card = stripe.elements().create('card');
    card.mount(window.document.querySelector('#card')!);
    type(window, 'Card number', '4242');
    const created = await intent();
    expect((await stripe.confirmCardPayment(created.client_secret!, { payment_method: { card } })).error?.message).toBe('Your card number is incomplete.');
    type(window, 'Card number', '4242424242424242');
    type(window, 'Expiration date', '1240');
    type(window, 'Security code', '123');
    const wrong = await stripe.confirmCardPayment(`${created.id}_secret_wrong`, { payment_method: { card } });
    expect(wrong.error?.message).toMatch(/client_secret/);
    expect((await server.paymentIntents.retrieve(created.id)).status).toBe('requires_payment_method');
  });
});
