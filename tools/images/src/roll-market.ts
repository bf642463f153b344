// The roll's signed-in traffic (issue 66): the demo people (seeded by the compose stack) sell, buy, pay and talk through
// the balancer while the replicas roll. A sale is booked, its card payment started through the API and confirmed at
// the local Stripe, and left there, as a buyer who closes the tab: only Stripe's webhook, sent through the balancer,
// can record it. A message is sent in one of three conversations. Afterwards every sale whose steps were all answered
// must be paid and every message accepted must be in its conversation: nothing lost.
import { randomUUID } from 'node:crypto';
import { callApi, signInWithPassword, type Person } from '@phonehaat/stack/demo';

export interface MarketTargets {
  balancer: string;
  /** The Auth emulator as the browser reaches it (host:port). */
  emulator: string;
  /** The local Stripe's API, as Stripe.js would reach it. */
  stripe: string;
}

/** One answered request: whether it succeeded and how long it took. */
export type Recorder = (what: string, request: () => Promise<Response>) => Promise<Response | undefined>;

const PASSWORD = 'phonehaat123';
const BUYERS = ['buyer@phonehaat.test', 'buyer2@phonehaat.test', 'buyer3@phonehaat.test'];
const SELLER = 'seller@phonehaat.test';

export async function prepareMarket(targets: MarketTargets, sales: number) {
  const call = <T>(who: Person | undefined, method: string, path: string, body?: unknown) => callApi<T>(targets.balancer, who, method, path, body);
  const signIn = (email: string) => signInWithPassword(targets.balancer, targets.emulator, email, PASSWORD);
  // The stack seeds the demo people once the database and the Auth emulator are up: a fresh stack may still be at it.
  const deadline = Date.now() + 120_000;
  let seller: Person | undefined;
  while (!seller) {
    seller = await signIn(SELLER).catch((error: Error) => {
      if (Date.now() > deadline) throw error;
      return undefined;
    });
    if (!seller) await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  const buyers = await Promise.all(BUYERS.map(signIn));
  const brands = await call<{ _id: string }[]>(undefined, 'GET', '/productbrandname');
  const tag = randomUUID().slice(0, 8);
  const phones: string[] = [];
  for (let n = 0; n < sales; n += 1) {
    const { insertedId } = await call<{ insertedId: string }>(seller, 'POST', '/addedproducts', {
      name: `Roll ${tag} Galaxy A${n}`,
      brandId: brands[0]!._id,
      resalePrice: 10_000 + n,
      originalPrice: 30_000,
      condition: 'Good',
      usedYear: 2023,
      location: 'Dhanmondi, Dhaka',
      img: `${targets.balancer.replace('127.0.0.1', 'localhost')}/images/products/galaxy-a54.svg`,
      description: 'Listed by the rolling restart benchmark.',
    });
    phones.push(insertedId);
  }
  // One conversation a buyer, about the first phones.
  const threads = await Promise.all(buyers.map(async (buyer, n) => ({ buyer, id: (await call<{ _id: string }>(buyer, 'POST', '/threads', { productId: phones[n]! }))._id })));
  return { seller, buyers, phones: phones.slice(buyers.length), threads, call, tag };
}

export type Market = Awaited<ReturnType<typeof prepareMarket>>;

export function marketTraffic(market: Market, targets: MarketTargets) {
  const paid: { bookingId: string; buyer: Person }[] = [];
  const sent: { threadId: string; buyer: Person; body: string }[] = [];
  let sales = 0;
  let messages = 0;
  const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const as = (who: Person, init: RequestInit = {}) => ({ ...init, headers: { ...(init.headers as object), authorization: `Bearer ${who.token}` } });

  /** Books the next phone, starts its card payment and confirms it at Stripe; the webhook records it. */
  async function sale(record: Recorder) {
    const productId = market.phones[sales];
    if (!productId) return;
    const buyer = market.buyers[sales % market.buyers.length]!;
    sales += 1;
    const booked = await record('book', () => fetch(`${targets.balancer}/bookeditems`, as(buyer, json({ id: productId, phone: '01811-000111', meetingLocation: 'Bashundhara City, Dhaka' }))));
    if (!booked?.ok) return;
    const { insertedId: bookingId } = (await booked.json()) as { insertedId: string };
    const intent = await record('payment-intent', () => fetch(`${targets.balancer}/create-payment-intent`, as(buyer, json({ bookingId }))));
    if (!intent?.ok) return;
    const { clientSecret } = (await intent.json()) as { clientSecret: string };
    const confirmed = await record('stripe-confirm', () =>
      fetch(`${targets.stripe}/v1/payment_intents/${clientSecret.split('_secret_')[0]}/confirm`, {
        method: 'POST',
        headers: { authorization: 'Bearer sk_test_roll', 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ payment_method: 'pm_card_visa' }),
      }),
    );
    if (confirmed?.ok) paid.push({ bookingId, buyer });
  }

  async function message(record: Recorder) {
    const { buyer, id: threadId } = market.threads[messages % market.threads.length]!;
    messages += 1;
    const body = `Roll ${market.tag} message ${messages}: is it still available?`;
    const answered = await record('message', () => fetch(`${targets.balancer}/threads/${threadId}/messages`, as(buyer, json({ clientId: randomUUID(), body }))));
    if (answered?.ok) sent.push({ threadId, buyer, body });
  }

  /** Sales confirmed at Stripe that the API has not recorded as paid, and messages accepted that are not kept. */
  async function lost(waitSeconds = 30) {
    const deadline = Date.now() + waitSeconds * 1000;
    let unpaid = paid;
    while (true) {
      const states = await Promise.all(unpaid.map(async (sale) => ({ sale, paid: (await market.call<{ paid: boolean }>(sale.buyer, 'GET', `/bookings/${sale.bookingId}`)).paid })));
      unpaid = states.filter((state) => !state.paid).map((state) => state.sale);
      if (unpaid.length === 0 || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const kept = new Set<string>();
    for (const thread of market.threads) {
      let before: string | undefined;
      for (;;) {
        const page = await market.call<{ messages: { _id: string; body: string }[]; hasOlder: boolean }>(thread.buyer, 'GET', `/threads/${thread.id}?limit=100${before ? `&before=${before}` : ''}`);
        for (const one of page.messages) kept.add(`${thread.id} ${one.body}`);
        if (!page.hasOlder || page.messages.length === 0) break;
        before = page.messages[0]!._id;
      }
    }
    return {
      sales: paid.length,
      unpaid: unpaid.map((sale) => sale.bookingId),
      messages: sent.length,
      missing: sent.filter((one) => !kept.has(`${one.threadId} ${one.body}`)).map((one) => one.body),
    };
  }

  return { sale, message, lost };
}
