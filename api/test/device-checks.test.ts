// The phone proves itself (issue 68): a check in the phone's own browser, from a link its seller (or, at the handover,
// its buyer) makes; the report recorded once, signed, shown on the listing; the handover's facts compared with it.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckReportBody, CheckSession, DeviceFacts, ProductDetail, SearchResults } from '@phonehaat/shared-api';
import { deviceChecks, deviceReports } from '../src/db/schema.js';
import { auth, createHarness, json, type Harness, type TestUser } from './support/harness.js';
import { newImei } from './support/imei.js';

let h: Harness;
let seller: TestUser;
let buyer: TestUser;

/** A Galaxy A54 as Chromium on it reads itself. */
const a54: DeviceFacts = {
  screen: { width: 412, height: 915, pixelRatio: 2.625 },
  model: 'SM-A546E',
  platform: 'Android',
  touchPoints: 5,
  renderer: 'Mali-G68',
  cameras: [
    { facing: 'user', width: 3264, height: 2448 },
    { facing: 'environment', width: 4000, height: 3000 },
  ],
};
const passedAll = (digits: string): CheckReportBody['steps'] => [
  { step: 'touch', outcome: 'passed', touch: { cells: 24, touched: 24 } },
  { step: 'colours', outcome: 'passed' },
  { step: 'front-camera', outcome: 'passed', camera: { width: 3264, height: 2448 } },
  { step: 'back-camera', outcome: 'passed', camera: { width: 4000, height: 3000 } },
  { step: 'microphone', outcome: 'passed', microphone: { peak: 0.42 } },
  { step: 'speaker', outcome: 'passed', speaker: { typed: digits } },
  { step: 'vibration', outcome: 'untested' },
  { step: 'tilt', outcome: 'passed', tilt: { degrees: 38 } },
  { step: 'charging', outcome: 'passed', charging: { charging: true, level: 0.61 } },
  { step: 'imei', outcome: 'passed' },
];

const link = async (who: TestUser, url: string) => h.app.inject({ method: 'POST', url, headers: auth(who.accessToken) });
const session = async (token: string, language = 'en') => h.app.inject({ method: 'GET', url: `/device-checks/${token}`, headers: { 'accept-language': language } });
const report = (token: string, payload: CheckReportBody, language = 'en') => h.app.inject({ method: 'POST', url: `/device-checks/${token}/report`, payload, headers: { 'accept-language': language } });
const productOf = async (id: string) => json<ProductDetail>(await h.app.inject({ method: 'GET', url: `/product/${id}` }));

/** A phone of the seller's with this IMEI, checked on the phone: its link's token and the report's answer. */
async function checkedPhone(imei = newImei(), facts = a54) {
  const productId = await h.createProduct(seller, { imei });
  const made = await link(seller, `/addedproducts/${productId}/device-check`);
  expect(made.statusCode, made.body).toBe(201);
  const { token } = json<{ token: string }>(made);
  const { speakerDigits } = json<CheckSession>(await session(token));
  const recorded = await report(token, { steps: passedAll(speakerDigits), facts, imei, lockOff: true, seconds: 104 });
  expect(recorded.statusCode, recorded.body).toBe(201);
  return { productId, imei, token };
}

beforeAll(async () => {
  h = await createHarness({ RATE_LIMIT_MAX: '10000' });
  [seller, buyer] = await Promise.all([h.register('Seller'), h.register('Buyer')]);
});
afterAll(() => h.close());

describe("a listing's check in the phone's own browser", () => {
  it('opens on the phone without signing in, for 15 minutes, with the steps in order; the link is kept as a hash only', async () => {
    const productId = await h.createProduct(seller, { imei: newImei() });
    const made = json<{ token: string; expiresAt: string }>(await link(seller, `/addedproducts/${productId}/device-check`));
    expect(Date.parse(made.expiresAt) - Date.now()).toBeGreaterThan(14.9 * 60_000);
    const opened = json<CheckSession>(await session(made.token));
    expect(opened).toMatchObject({ purpose: 'listing', steps: ['touch', 'colours', 'front-camera', 'back-camera', 'microphone', 'speaker', 'vibration', 'tilt', 'charging', 'imei'] });
    expect(opened.speakerDigits).toMatch(/^\d{3}$/);
    const kept = await h.database.db.select().from(deviceChecks).where(eq(deviceChecks.productId, productId));
    expect(JSON.stringify(kept)).not.toContain(made.token);
  });

  it("records the report once, signed, and the phone's page and its card say \"tested\" with what passed, failed or was not tested", async () => {
    const imei = newImei();
    const name = `Galaxy A54 ${imei.slice(0, 8)}`;
    const productId = await h.createProduct(seller, { imei, name });
    const { token } = json<{ token: string }>(await link(seller, `/addedproducts/${productId}/device-check`));
    const { speakerDigits } = json<CheckSession>(await session(token));
    const steps = passedAll(speakerDigits).map((step) => (step.step === 'speaker' ? { step: 'speaker' as const, outcome: 'passed' as const, speaker: { typed: speakerDigits === '111' ? '222' : '111' } } : step));
    const recorded = await report(token, { steps, facts: a54, imei, lockOff: true, seconds: 104 });
    expect(recorded.statusCode, recorded.body).toBe(201);
    // The speaker's digits and the IMEI are judged by the API: the wrong digits typed fail the speaker whatever was sent.
    const { deviceReport } = await productOf(productId);
    expect(deviceReport).toMatchObject({ signed: true, old: false, lockOff: true, model: 'SM-A546E' });
    expect(Object.fromEntries(deviceReport!.steps.map((step) => [step.step, step.outcome]))).toMatchObject({ speaker: 'failed', imei: 'passed', vibration: 'untested', touch: 'passed' });
    // Its card, wherever cards are listed: the search's (built in one statement) and the catalog's (a seller's phones).
    const found = json<SearchResults>(await h.app.inject({ method: 'GET', url: `/search?q=${encodeURIComponent(name)}`, headers: auth(buyer.accessToken) }));
    const summary = { at: expect.any(String), passed: 8, failed: 1, untested: 1 };
    expect(found.products.find((product) => product._id === productId)?.tested).toMatchObject(summary);
    const phones = json<{ products: { _id: string; tested?: unknown }[] }>(await h.app.inject({ method: 'GET', url: `/sellers/${seller.id}/listings?limit=50` }));
    expect(phones.products.find((product) => product._id === productId)?.tested).toMatchObject(summary);
    // Posted again with the same link: refused, and only one report kept.
    const again = await report(token, { steps, facts: a54, imei, seconds: 90 });
    expect(again.statusCode).toBe(410);
    expect(json(again).message).toContain('used already');
    expect(await h.database.db.select().from(deviceReports).where(eq(deviceReports.productId, productId))).toHaveLength(1);
  });

  it('fails the IMEI step when the typed IMEI is not the listing’s, and leaves it untested when none was typed', async () => {
    const { productId } = await checkedPhone();
    const other = await h.createProduct(seller, { imei: newImei() });
    const { token } = json<{ token: string }>(await link(seller, `/addedproducts/${other}/device-check`));
    const digits = json<CheckSession>(await session(token)).speakerDigits;
    expect((await report(token, { steps: passedAll(digits), facts: a54, imei: newImei(), seconds: 100 })).statusCode).toBe(201);
    expect((await productOf(other)).deviceReport!.steps.find((step) => step.step === 'imei')?.outcome).toBe('failed');
    expect((await productOf(productId)).deviceReport!.steps.find((step) => step.step === 'imei')?.outcome).toBe('passed');
    const none = await h.createProduct(seller, { imei: newImei() });
    const third = json<{ token: string }>(await link(seller, `/addedproducts/${none}/device-check`)).token;
    const thirdDigits = json<CheckSession>(await session(third)).speakerDigits;
    expect((await report(third, { steps: passedAll(thirdDigits), facts: a54, seconds: 100 })).statusCode).toBe(201);
    expect((await productOf(none)).deviceReport!.steps.find((step) => step.step === 'imei')?.outcome).toBe('untested');
  });

  it('shows a report as old after the phone’s description is edited (not after a price change), and as not signed once altered', async () => {
    const { productId } = await checkedPhone();
    expect((await h.app.inject({ method: 'PUT', url: `/addedproducts/${productId}/price`, headers: auth(seller.accessToken), payload: { resalePrice: 11_000 } })).statusCode).toBe(200);
    expect((await productOf(productId)).deviceReport).toMatchObject({ old: false, signed: true });
    await h.database.db.execute(sql`UPDATE products SET condition = 'Fair' WHERE id = ${productId}`);
    expect((await productOf(productId)).deviceReport).toMatchObject({ old: true, signed: true });
    // A forged result (a failed step turned into a pass in the database) no longer holds PhoneHaat's signature.
    await h.database.db.execute(sql`UPDATE device_reports SET steps = jsonb_set(steps, '{0,outcome}', '"failed"') WHERE product_id = ${productId}`);
    const product = await productOf(productId);
    expect(product.deviceReport?.signed).toBe(false);
    expect(product.tested ?? null).toBeNull();
  });

  it('refuses a link made for someone else’s listing, an unknown or expired link, and impossible results, naming what is wrong in the reader’s language', async () => {
    const productId = await h.createProduct(seller, { imei: newImei() });
    const other = await h.register('Seller');
    expect((await link(other, `/addedproducts/${productId}/device-check`)).statusCode).toBe(403);
    expect((await link(buyer, `/addedproducts/${productId}/device-check`)).statusCode).toBe(403);
    expect((await session('A'.repeat(43))).statusCode).toBe(404);
    expect((await session('short')).statusCode).toBe(400);
    const { token } = json<{ token: string }>(await link(seller, `/addedproducts/${productId}/device-check`));
    const digits = json<CheckSession>(await session(token)).speakerDigits;
    // Passed without what passing means: 23 of 24 cells touched.
    const touched = await report(token, { steps: [{ step: 'touch', outcome: 'passed', touch: { cells: 24, touched: 23 } }], facts: a54, seconds: 30 });
    expect(touched.statusCode).toBe(400);
    expect(json<{ fields: { field: string }[] }>(touched).fields[0]!.field).toBe('steps.0');
    expect((await report(token, { steps: [{ step: 'touch', outcome: 'passed', touch: { cells: 24, touched: 30 } }], facts: a54, seconds: 30 })).statusCode).toBe(400);
    expect((await report(token, { steps: passedAll(digits), facts: { ...a54, screen: { width: 412, height: 915, pixelRatio: 40 } }, seconds: 30 })).statusCode).toBe(400);
    const bangla = await report(token, { steps: [{ step: 'microphone', outcome: 'passed', microphone: { peak: 0 } }], facts: a54, seconds: 30 }, 'bn');
    expect(bangla.statusCode).toBe(400);
    expect(json(bangla).message).toMatch(/[\u0980-\u09FF]/);
    // A graphics name that is not text (half a UTF-16 pair): refused, never a 500 from the store.
    const garbled = await report(token, { steps: passedAll(digits), facts: { ...a54, renderer: 'Mali\ud800' }, seconds: 30 });
    expect(garbled.statusCode).toBe(400);
    expect(json(garbled).message).toContain('not text');
    // None of those spent the link: it still records a whole report.
    expect((await report(token, { steps: passedAll(digits), facts: a54, seconds: 99 })).statusCode).toBe(201);
    // An expired link says so.
    const late = json<{ token: string }>(await link(seller, `/addedproducts/${productId}/device-check`)).token;
    await h.database.db.execute(sql`UPDATE device_checks SET expires_at = now() - interval '1 second' WHERE product_id = ${productId} AND used_at IS NULL`);
    const expired = await session(late);
    expect(expired.statusCode).toBe(410);
    expect(json(expired).message).toContain('expired');
  });

  it('limits the links to 5 an hour a listing, answered 429 with when to ask again', async () => {
    const productId = await h.createProduct(seller, { imei: newImei() });
    for (let i = 0; i < 5; i++) expect((await link(seller, `/addedproducts/${productId}/device-check`)).statusCode).toBe(201);
    const sixth = await link(seller, `/addedproducts/${productId}/device-check`);
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('publishes the public keys a report can be checked with', async () => {
    const { keys } = json<{ keys: { kid: string; crv: string; x: string }[] }>(await h.app.inject({ method: 'GET', url: '/device-checks/keys' }));
    expect(keys[0]).toMatchObject({ kid: 'dev', crv: 'Ed25519', x: expect.any(String) });
  });
});

describe('the same phone at the handover', () => {
  /** The buyer's held purchase of a checked phone. */
  async function heldPurchase(facts = a54) {
    const { productId, imei } = await checkedPhone(newImei(), facts);
    const bookingId = await h.book(buyer, productId);
    const transactionId = await h.payByCard(buyer, bookingId);
    expect((await h.app.inject({ method: 'POST', url: '/payments', headers: auth(buyer.accessToken), payload: { bookingId, transactionId } })).statusCode).toBe(201);
    return { productId, imei, bookingId };
  }
  const handoverSteps = (): CheckReportBody['steps'] => [
    { step: 'touch', outcome: 'passed', touch: { cells: 4, touched: 4 } },
    { step: 'front-camera', outcome: 'passed', camera: { width: 3264, height: 2448 } },
    { step: 'back-camera', outcome: 'passed', camera: { width: 4000, height: 3000 } },
    { step: 'imei', outcome: 'passed' },
  ];

  it('says the phone in the buyer’s hand is the tested one, held upright or turned', async () => {
    const { bookingId, imei } = await heldPurchase();
    const made = await link(buyer, `/bookings/${bookingId}/handover-check`);
    expect(made.statusCode, made.body).toBe(201);
    const { token } = json<{ token: string }>(made);
    expect(json<CheckSession>(await session(token)).steps).toEqual(['touch', 'front-camera', 'back-camera', 'imei']);
    const turned = { ...a54, screen: { width: 915, height: 412, pixelRatio: 2.625 } };
    const answer = await report(token, { steps: handoverSteps(), facts: turned, imei, seconds: 48 });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(json(answer)).toMatchObject({ purpose: 'handover', comparison: { match: true, imeiMatches: true, differences: [] } });
    expect(json(await h.app.inject({ method: 'GET', url: `/bookings/${bookingId}/handover-check`, headers: auth(buyer.accessToken) }))).toMatchObject({ comparison: { match: true } });
    // A replay of the same link records nothing more.
    expect((await report(token, { steps: handoverSteps(), facts: turned, imei, seconds: 48 })).statusCode).toBe(410);
  });

  it('says plainly what differs on another phone, and the IMEI typed that is not the listing’s', async () => {
    const { bookingId } = await heldPurchase();
    const { token } = json<{ token: string }>(await link(buyer, `/bookings/${bookingId}/handover-check`));
    const cheaper: DeviceFacts = { ...a54, model: 'SM-A145F', renderer: 'Mali-G57', cameras: [{ facing: 'user', width: 2592, height: 1944 }, { facing: 'environment', width: 4080, height: 3060 }] };
    const answer = json<{ comparison: { match: boolean; differences: { fact: string; tested: string; now: string }[] } }>(await report(token, { steps: handoverSteps(), facts: cheaper, imei: newImei(), seconds: 52 }));
    expect(answer.comparison.match).toBe(false);
    expect(answer.comparison.differences.map((difference) => difference.fact)).toEqual(['model', 'graphics', 'cameras', 'IMEI']);
    expect(answer.comparison.differences[0]).toEqual({ fact: 'model', tested: 'SM-A546E', now: 'SM-A145F' });
  });

  it('is for the booking’s buyer only, while its money is held, of a phone that was checked', async () => {
    const { bookingId } = await heldPurchase();
    const other = await h.register('Buyer');
    expect((await link(other, `/bookings/${bookingId}/handover-check`)).statusCode).toBe(403);
    expect((await link(seller, `/bookings/${bookingId}/handover-check`)).statusCode).toBe(403);
    expect((await h.app.inject({ method: 'GET', url: `/bookings/${bookingId}/handover-check`, headers: auth(other.accessToken) })).statusCode).toBe(404);
    const unchecked = await h.createProduct(seller, { imei: newImei() });
    const unpaid = await h.book(buyer, unchecked);
    expect((await link(buyer, `/bookings/${unpaid}/handover-check`)).statusCode).toBe(409);
    expect((await h.app.inject({ method: 'POST', url: `/bookings/${bookingId}/received`, headers: auth(buyer.accessToken) })).statusCode).toBe(200);
    const released = await link(buyer, `/bookings/${bookingId}/handover-check`);
    expect(released.statusCode).toBe(409);
    expect(json(released).message).toContain('not held');
  });

  it('opens a dispute of its own reason after a check that found another phone, the comparison attached for the admin', async () => {
    const { bookingId } = await heldPurchase();
    const dispute = (reason: string) => h.app.inject({ method: 'POST', url: `/bookings/${bookingId}/dispute`, headers: auth(buyer.accessToken), payload: { reason, note: 'Another phone', photoIds: [] } });
    // Without a check that found another phone, the reason is not the buyer's to give.
    expect((await dispute('not-tested-phone')).statusCode).toBe(400);
    const { token } = json<{ token: string }>(await link(buyer, `/bookings/${bookingId}/handover-check`));
    await report(token, { steps: handoverSteps(), facts: { ...a54, model: 'SM-A145F' }, seconds: 40 });
    const opened = await dispute('not-tested-phone');
    expect(opened.statusCode, opened.body).toBe(201);
    const admin = await h.admin();
    const { cases } = json<{ cases: { bookingId: string; reason: string; comparison: { match: boolean; differences: { fact: string }[] } | null }[] }>(
      await h.app.inject({ method: 'GET', url: '/disputes?status=open&limit=50', headers: auth(admin.accessToken) }),
    );
    const mine = cases.find((one) => one.bookingId === bookingId);
    expect(mine).toMatchObject({ reason: 'not-tested-phone', comparison: { match: false, differences: [{ fact: 'model' }] } });
  });
});

describe('NEIR at the handover', () => {
  it('records the seller’s de-registration and the buyer’s KYD check with the IMEI it read, once each, for the sale’s two sides only', async () => {
    const imei = newImei();
    const productId = await h.createProduct(seller, { imei });
    const bookingId = await h.book(buyer, productId);
    const neir = (who: TestUser, payload: object = {}) => h.app.inject({ method: 'POST', url: `/bookings/${bookingId}/neir`, headers: auth(who.accessToken), payload });
    // Unpaid: nothing to hand over yet.
    expect((await neir(seller)).statusCode).toBe(409);
    const transactionId = await h.payByCard(buyer, bookingId);
    await h.app.inject({ method: 'POST', url: '/payments', headers: auth(buyer.accessToken), payload: { bookingId, transactionId } });
    const deregistered = await neir(seller);
    expect(deregistered.statusCode, deregistered.body).toBe(201);
    expect(json(deregistered)).toMatchObject({ seller: { at: expect.any(String) }, buyer: null });
    expect((await neir(seller)).statusCode).toBe(409);
    expect((await neir(seller, { imei })).statusCode).toBe(400);
    expect((await neir(buyer)).statusCode).toBe(400);
    expect((await neir(await h.register('Buyer'), { imei })).statusCode).toBe(403);
    const checked = await neir(buyer, { imei: imei.replace(/(\d{5})(\d{5})/, '$1 $2') });
    expect(checked.statusCode, checked.body).toBe(201);
    expect(json(checked)).toMatchObject({ buyer: { imeiLast4: imei.slice(-4), imeiMatches: true } });
    // Kept with the sale: the buyer's order and the seller's bookings show both steps.
    const order = json<{ neir: unknown }>(await h.app.inject({ method: 'GET', url: `/bookings/${bookingId}`, headers: auth(buyer.accessToken) }));
    expect(order.neir).toMatchObject({ seller: { at: expect.any(String) }, buyer: { imeiMatches: true } });
    const sellers = json<{ _id: string; neir: unknown }[]>(await h.app.inject({ method: 'GET', url: `/addedproducts/${productId}/bookings`, headers: auth(seller.accessToken) }));
    expect(sellers.find((one) => one._id === bookingId)?.neir).toMatchObject({ buyer: { imeiLast4: imei.slice(-4) } });
  });
});
