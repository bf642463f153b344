import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBangla, messageIn } from '@phonehaat/shared-api/messages';
import { auth, createHarness, json, type Harness } from './support/harness.js';

// Issue 25: the API's refusals as shown to the person, in the language the request asks for.

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const bangla = { 'accept-language': 'bn' };
type Refusal = { message: string; fields?: { field: string; message: string }[] };

describe('a refusal in Bangla', () => {
  it('is given to a request that asks for Bangla; English stays exactly as it was', async () => {
    const seller = await h.register('Seller');
    const productId = await h.createProduct(seller);
    const payload = { id: productId, phone: '01811000111', meetingLocation: 'Mirpur' };
    const ownInBangla = await h.app.inject({ method: 'POST', url: '/bookeditems', headers: { ...auth(seller.accessToken), ...bangla }, payload });
    expect(ownInBangla.statusCode).toBe(403);
    expect(json<Refusal>(ownInBangla).message).toBe('আপনার এটি করার অনুমতি নেই');
    expect(ownInBangla.headers.vary).toContain('Accept-Language');

    const buyer = await h.register('Buyer');
    await h.book(buyer, productId);
    const again = (headers: Record<string, string>) => h.app.inject({ method: 'POST', url: '/bookeditems', headers: { ...auth(buyer.accessToken), ...headers }, payload });
    expect(json<Refusal>(await again(bangla)).message).toBe('আপনি ফোনটি আগেই বুক করেছেন');
    expect(json<Refusal>(await again({ 'accept-language': 'bn-BD,bn;q=0.9,en;q=0.8' })).message).toBe('আপনি ফোনটি আগেই বুক করেছেন');
    expect(json<Refusal>(await again({})).message).toBe('You have already booked this phone');
    expect(json<Refusal>(await again({ 'accept-language': 'en-US,en;q=0.9,bn;q=0.5' })).message).toBe('You have already booked this phone');
  });

  it("names each field's problem in Bangla, with Bangla digits, and no parameter names", async () => {
    const buyer = await h.register('Buyer');
    const productId = await h.createProduct(await h.register('Seller'));
    const response = await h.app.inject({
      method: 'POST',
      url: '/bookeditems',
      headers: { ...auth(buyer.accessToken), ...bangla },
      payload: { id: productId, phone: '12', meetingLocation: 'x'.repeat(121) },
    });
    expect(response.statusCode).toBe(400);
    const refusal = json<Refusal>(response);
    expect(refusal.fields).toEqual([
      { field: 'phone', message: 'ফোন নম্বর ৭ থেকে ২০ অঙ্কের হতে হবে' },
      { field: 'meetingLocation', message: 'দেখা করার জায়গা সর্বোচ্চ ১২০ অক্ষরের হতে পারে' },
    ]);
    expect(refusal.message).toBe('ফোন নম্বর ৭ থেকে ২০ অঙ্কের হতে হবে; দেখা করার জায়গা সর্বোচ্চ ১২০ অক্ষরের হতে পারে');
    const english = await h.app.inject({
      method: 'POST',
      url: '/bookeditems',
      headers: auth(buyer.accessToken),
      payload: { id: productId, phone: '12', meetingLocation: 'Mirpur' },
    });
    expect(json<Refusal>(english).message).toBe('body.phone: Phone number must be 7 to 20 digits');
  });

  it('says what was not found in Bangla', async () => {
    const buyer = await h.register('Buyer');
    const response = await h.app.inject({ method: 'GET', url: '/product/00000000-0000-4000-8000-000000000000', headers: { ...auth(buyer.accessToken), ...bangla } });
    expect(response.statusCode).toBe(404);
    expect(json<Refusal>(response).message).toBe('ফোনটি পাওয়া যায়নি');
  });
});

// The table of translations is kept in step with the code: every message a route or the contract writes in full has
// its Bangla (messages built from parts are checked by the patterns' own cases below).
const root = fileURLToPath(new URL('../..', import.meta.url));
const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
  });
const quoted = String.raw`'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"`;
function writtenMessages(): string[] {
  const found = new Set<string>();
  const add = (text: string) => found.add(text.replace(/\\'/g, "'"));
  for (const file of [...sources(join(root, 'api/src')), ...sources(join(root, 'shared-api/src'))]) {
    // The table itself, the server's settings and the deployer's shapes (read by whoever runs or releases it, not by
    // people using the market).
    if (file.endsWith('messages.ts') || file.includes('/config/') || file.endsWith('shared-api/src/releases.ts')) continue;
    const code = readFileSync(file, 'utf8');
    for (const m of code.matchAll(new RegExp(String.raw`(?:badRequest|conflict|forbidden|unauthorized)\((?:${quoted})`, 'g'))) add(m[1] ?? m[2] ?? '');
    for (const m of code.matchAll(new RegExp(String.raw`HttpError\(\d+, (?:${quoted})`, 'g'))) add(m[1] ?? m[2] ?? '');
    for (const m of code.matchAll(new RegExp(String.raw`notFound\((?:${quoted})\)`, 'g'))) add(`${m[1] ?? m[2]} not found`);
    for (const m of code.matchAll(new RegExp(String.raw`message: (?:${quoted})`, 'g'))) add(m[1] ?? m[2] ?? '');
    for (const m of code.matchAll(new RegExp(String.raw`reason = (?:${quoted})`, 'g'))) add(m[1] ?? m[2] ?? '');
    for (const m of code.matchAll(/text\('([^']+)', (\d+), (\d+)\)/g)) {
      add(`${m[1]} is required`);
      add(`${m[1]} must be at least ${m[2]} characters`);
      add(`${m[1]} must be at most ${m[3]} characters`);
    }
  }
  return [...found].filter(Boolean);
}

// Messages about the API's own plumbing, never shown to a person by the apps (a webhook's signature, a sort order the
// apps always send right, a report reason picked from a list): they may stay in English.
const plumbing = new Set([
  'Missing Stripe signature',
  'The webhook has no body',
  'Invalid Stripe signature',
  'sort must be relevance, newest, price_asc or price_desc',
  'status must be open or resolved',
  'transactionId must be a Stripe PaymentIntent id',
  'key is not a photo file',
  'verified must be true or false',
  'The payment service returned no client secret',
  // Real-user beacons (issue 29): sent by the shell's code, read by nobody.
  'must be a release id (12 hex digits) or "local"',
  'must be a route pattern ("/products/:id"), not an address',
  'The beacon is not JSON',
  'releases must name at least one release',
  'releases must name at most 10 releases',
  // The courier's webhook (issue 45): answered to the courier's servers.
  'Webhook integrated',
  'Received',
  'The webhook signature is not valid',
  'The webhook is not JSON',
  'The webhook has no valid timestamp',
  'The webhook is too old to be believed: a replay is refused',
]);

describe("the translations' table", () => {
  it('has Bangla for every message the routes and the contract write in full', () => {
    const messages = writtenMessages();
    expect(messages.length).toBeGreaterThan(60);
    expect(messages.filter((message) => !plumbing.has(message) && !message.startsWith('reason must be') && !hasBangla(message))).toEqual([]);
  });

  it('fills in the parts of messages built from them, digits in Bangla', () => {
    expect(messageIn('Product not found', 'bn')).toBe('ফোনটি পাওয়া যায়নি');
    expect(messageIn('Year of purchase must be 2000 or later', 'bn')).toBe('কেনার বছর ২০০০ বা তার পরের হতে হবে');
    expect(messageIn('maxPrice must be at most Tk 10,000,000', 'bn')).toBe('সর্বোচ্চ দাম সর্বোচ্চ ৳১,০০,০০,০০০ হতে পারে');
    expect(messageIn('The photo is larger than 15 MB', 'bn')).toBe('ছবিটি ১৫ MB-এর চেয়ে বড়');
    expect(messageIn('A listing has at most 8 photos', 'bn')).toBe('একটি বিজ্ঞাপনে সর্বোচ্চ ৮টি ছবি থাকতে পারে');
    // A name it does not know, or a message it has never seen: left in English, never half-translated.
    expect(messageIn('Colour is required', 'bn')).toBe('Colour is required');
    expect(messageIn('Something new', 'bn')).toBe('Something new');
    expect(messageIn('Product not found', 'en')).toBe('Product not found');
  });
});
