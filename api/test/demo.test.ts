// The demo `pnpm start` shows a new user (issue 41): the seed, then the demo's history played through this API as its
// people would have made it. Every feature has something to show, and playing it again changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playDemo } from '@phonehaat/stack/demo';
import type { Booking, Earnings, Offer, PriceGuide, Product, SellerProfile } from '@phonehaat/shared-api';
import { createFirebaseIdentity } from '../src/modules/identity/auth/identity.js';
import { demoPassword } from '../src/cli/seed-data.js';
import { seedDatabase } from '../src/db/seed.js';
import { auth, createHarness, emulator, firebaseSignIn, json, type Harness } from './support/harness.js';

let h: Harness;
let apiUrl: string;
const tokens = new Map<string, string>();
async function tokenOf(email: string) {
  if (!tokens.has(email)) {
    const { idToken } = await firebaseSignIn(email, demoPassword);
    tokens.set(email, json<{ accessToken: string }>(await h.app.inject({ method: 'GET', url: `/jwt?email=${email}`, headers: auth(idToken!) })).accessToken);
  }
  return tokens.get(email)!;
}
const get = async <T,>(email: string | undefined, url: string) => json<T>(await h.app.inject({ method: 'GET', url, headers: email ? auth(await tokenOf(email)) : {} }));

beforeAll(async () => {
  h = await createHarness({ JOB_QUEUE: 'on', JOB_POLL_SECONDS: '0.5', PAYMENT_METHODS: 'card,bkash' });
  apiUrl = await h.app.listen({ port: 0, host: '127.0.0.1' });
  await seedDatabase(h.database, h.env, createFirebaseIdentity(h.env).auth);
}, 240_000);
afterAll(() => h.close());

describe('the demo', () => {
  it('is played once, and a second time changes nothing', { timeout: 120_000 }, async () => {
    const targets = { apiUrl, publicUrl: h.env.PUBLIC_URL, emulatorHost: emulator(), stripeUrl: `http://127.0.0.1:${h.stripe.port}`, password: demoPassword };
    expect(await playDemo(targets, () => undefined)).toBe('played');
    expect(await playDemo(targets, () => undefined)).toBe('already');
    expect(await get<Booking[]>('buyer@phonehaat.test', '/bookeditems?email=buyer@phonehaat.test')).toHaveLength(2);
  });

  it('shows a price guide on the pages of its popular models', async () => {
    const listings = await get<Product[]>('seller@phonehaat.test', '/addedproducts?email=seller@phonehaat.test');
    const a54 = listings.find((product) => product.name === 'Galaxy A54 5G 8/128GB')!;
    const guide = await get<PriceGuide>('buyer@phonehaat.test', `/product/${a54._id}/price-guide`);
    expect(guide.source).toBe('asking');
    expect(guide.count).toBeGreaterThanOrEqual(5);
    expect(guide.median).toBeGreaterThan(30_000);
  });

  it('gives the verified seller ratings, sales held, released and paid out to his wallet, and a dispute', async () => {
    const seller = 'seller@phonehaat.test';
    const earnings = await get<Earnings>(seller, '/earnings');
    expect(earnings.totals.held).toBeGreaterThan(0);
    expect(earnings.wallet?.number).toBe('01770618575');
    await expect.poll(async () => (await get<Earnings>(seller, '/earnings')).payouts.map((payout) => payout.status), { timeout: 30_000 }).toContain('sent');

    const phone = (await get<Product[]>(undefined, '/advertised?limit=50')).find((product) => product.sellerName === 'Karim Hossain')!;
    const profile = await get<SellerProfile>(undefined, `/sellers/${phone.sellerId}`);
    expect(profile).toMatchObject({ verified: true, reviewCount: 3 });
    expect(profile.rating).toBeCloseTo(4.7, 1);

    const admin = await h.admin();
    const disputes = json<{ total: number }>(await h.app.inject({ method: 'GET', url: '/disputes', headers: auth(admin.accessToken) }));
    expect(disputes.total).toBe(1);
  });

  it("leaves a negotiation under way: a phone open to offers, a buyer's offer and the seller's counter, on both sides' Offers", async () => {
    const [received] = await get<Offer[]>('seller@phonehaat.test', '/offers?as=seller');
    expect(received).toMatchObject({ status: 'open', round: 2, turn: 'buyer', yourSide: 'seller', steps: [{ by: 'buyer', action: 'offered' }, { by: 'seller', action: 'countered' }] });
    expect(received!.amount).toBeLessThan(received!.askingPrice);
    const [made] = await get<Offer[]>('buyer2@phonehaat.test', '/offers?as=buyer');
    expect(made?._id).toBe(received?._id);
    expect((await get<Product>('buyer@phonehaat.test', `/product/${received!.productId}`)).openToOffers).toBe(true);
  });

  it('leaves the demo buyer a conversation, notifications and a saved search that found a phone', async () => {
    const buyer = 'buyer@phonehaat.test';
    const threads = await get<{ _id: string }[]>(buyer, '/threads');
    expect(threads).toHaveLength(1);
    const notifications = await get<{ items: { kind: string }[] }>(buyer, '/notifications');
    expect(notifications.items.map((item) => item.kind)).toEqual(expect.arrayContaining(['message', 'saved-search']));
    expect(await get<unknown[]>(buyer, '/saved-searches')).toHaveLength(1);
  });
});
