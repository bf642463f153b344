// Generated requests (issue 43): every operation of the OpenAPI document, driven with requests made from the document
// itself (fast-check arbitraries of its JSON Schemas), as nobody and as each role, over seeded data so the happy paths
// are reached. The document is the contract: no 5xx; every answer's status is one it lists, with the body it describes;
// what it calls valid is refused only for a rule it states (`x-rules`); what it calls invalid is refused.
// `pnpm --filter api bench:contract` runs the same with many more requests (CONTRACT_RUNS), CONTRACT_SEED another seed.
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import sharp from 'sharp';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arbitraryOf, spoilerOf, type Hints, type Schema } from './support/arbitrary.js';
import { auth, createHarness, json, multipartFile, type Harness, type TestUser } from './support/harness.js';
import { newImei } from './support/imei.js';
import { browserSubscription, PUSH_OFFERED } from './support/push.js';
import { rows } from '../src/db/rows.js';

const RUNS = Number(process.env.CONTRACT_RUNS ?? 20);
/** CONTRACT_TRACE=file: every request written there as it is sent (synchronously: a request that hangs is the last line). */
const trace = (...parts: unknown[]) => process.env.CONTRACT_TRACE && appendFileSync(process.env.CONTRACT_TRACE, `${parts.join(' ')}\n`);
const SEED = Number(process.env.CONTRACT_SEED ?? 43);

type Parameter = { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema: Schema };
type Answer = { content?: Record<string, { schema?: Schema }> };
type Operation = {
  operationId: string;
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, Answer>;
  'x-rules'?: string[];
};
type Caller = 'anonymous' | 'buyer' | 'seller' | 'admin';
interface Call {
  caller: Caller;
  path: Record<string, string>;
  query: Record<string, unknown>;
  headers: Record<string, string>;
  body?: unknown;
}

/** A device check's report (issue 68): the colours passed, on a Galaxy A54 as its browser reads itself. */
const CHECK_REPORT = {
  steps: [{ step: 'colours', outcome: 'passed' }],
  facts: { screen: { width: 412, height: 915, pixelRatio: 2.625 }, model: 'SM-A546E', platform: 'Android', touchPoints: 5, renderer: 'Mali-G68', cameras: [] },
  seconds: 60,
};

let h: Harness;
let operations: { method: string; path: string; operation: Operation }[] = [];
let people: Record<Exclude<Caller, 'anonymous'>, TestUser>;
/** Seeded ids for path parameters, by the path they are in: real ids, so the happy paths are reached. */
let pools: [RegExp, string[]][] = [];
/** Good values for parameters and body fields, by name (see `Hints`). */
let known: Record<string, unknown[]> = {};
let photo: Buffer;

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const validators = new Map<string, ReturnType<typeof ajv.compile>>();

beforeAll(async () => {
  h = await createHarness({ RATE_LIMIT_MAX: '100000', AUTH_RATE_LIMIT_MAX: '10000', PHONE_SIGN_IN_RATE_LIMIT_MAX: '100000', PAYMENT_METHODS: 'card,bkash', ...PUSH_OFFERED });
  const [buyer, seller, admin, spareSeller, spareBuyer, toHold] = await Promise.all([h.register('Buyer'), h.register('Seller'), h.admin(), h.register('Seller'), h.register('Buyer'), h.register('Seller')]);
  people = { buyer, seller, admin };
  // The admin has no verified number, as accounts from before: a code to a new number is sent (a number on the account
  // is changed only with a fresh code to it: phone.test.ts).
  await h.database.db.execute(sql`UPDATE users SET phone = NULL, phone_verified_at = NULL WHERE id = ${admin.id}`);
  photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#36c' } }).png().toBuffer();
  const as = (user: TestUser, method: InjectOptions['method'], url: string, payload?: object) => h.app.inject({ method, url, headers: auth(user.accessToken), ...(payload ? { payload } : {}) });
  // Listings, an unpaid booking, a card payment confirmed but not yet recorded, held sales, a dispute, a review, a
  // reported listing, a conversation, a saved search, a blocked phone, uploaded photos.
  const listings = [await h.createProduct(seller), await h.createProduct(seller), await h.createProduct(seller)];
  const booked = await h.book(buyer, await h.createProduct(seller));
  const unrecorded = await h.book(buyer, await h.createProduct(seller));
  const intent = await h.payByCard(buyer, unrecorded);
  const { bookingId: held } = await h.paidSale(seller, buyer);
  const { bookingId: toReceive } = await h.paidSale(seller, buyer);
  const { bookingId: toDispute } = await h.paidSale(seller, buyer);
  const { bookingId: toReview } = await h.paidSale(seller, buyer);
  await as(buyer, 'POST', `/bookings/${toReview}/received`);
  const { bookingId: disputed } = await h.paidSale(seller, buyer);
  await as(buyer, 'POST', `/bookings/${disputed}/dispute`, { reason: 'not-as-described', note: 'The screen is cracked' });
  const { bookingId: reviewed } = await h.paidSale(seller, buyer);
  await as(buyer, 'POST', `/bookings/${reviewed}/received`);
  const review = json<{ insertedId: string }>(await as(buyer, 'POST', `/bookings/${reviewed}/review`, { stars: 4 })).insertedId;
  const reported = await h.createProduct(seller);
  await as(buyer, 'POST', '/reports', { productId: reported, reason: 'scam' });
  const thread = json<{ _id: string }>(await as(buyer, 'POST', '/threads', { productId: listings[0]! }))._id;
  const message = json<{ _id: string }>(await as(seller, 'POST', `/threads/${thread}/messages`, { clientId: randomUUID(), body: 'Still available' }))._id;
  const search = json<{ _id: string }>(await as(buyer, 'POST', '/saved-searches', { name: 'iPhones', query: 'q=iphone' }))._id;
  const blocked = json<{ insertedId: string }>(await as(admin, 'POST', '/admin/blocked-imeis', { imei: newImei(), reason: 'Police report' })).insertedId;
  const uploads = await Promise.all(Array.from({ length: 8 }, async () => json<{ _id: string; small: string }>(await h.upload(seller, photo))));
  const disputes = json<{ cases: { _id: string }[] }>(await as(admin, 'GET', '/disputes')).cases.map((d) => d._id);
  // The seller sends by courier (a pickup point), and a buyer booked one of the seller's phones for delivery, cash on delivery.
  const pickup = { name: 'Rahim Uddin', phone: '01811-000111', division: 'dhaka', district: 'dhaka', area: 'Dhanmondi', street: 'House 5, Road 27, near Rapa Plaza' };
  await as(seller, 'PUT', '/pickup-address', pickup);
  const courierBooked = json<{ insertedId: string }>(
    await as(buyer, 'POST', '/bookeditems', { id: await h.createProduct(seller, { resalePrice: 20_000 }), phone: '01712345678', courier: { address: { ...pickup, name: 'Nusrat Jahan' }, payment: 'cash' } }),
  ).insertedId;
  // A phone checked on itself (issue 68), booked and paid: its buyer checks it at the handover; and fresh check links
  // (each records one report) of phones of a seller of their own (a person makes twenty links an hour).
  const checkOf = async (productId: string) => json<{ token: string }>(await as(spareSeller, 'POST', `/addedproducts/${productId}/device-check`)).token;
  const checkedListing = await h.createProduct(spareSeller, { imei: newImei() });
  await h.app.inject({ method: 'POST', url: `/device-checks/${await checkOf(checkedListing)}/report`, payload: CHECK_REPORT });
  const checkedSale = await h.book(buyer, checkedListing);
  await as(buyer, 'POST', '/payments', { bookingId: checkedSale, transactionId: await h.payByCard(buyer, checkedSale) });
  const handover = json<{ token: string }>(await as(buyer, 'POST', `/bookings/${checkedSale}/handover-check`)).token;
  await h.app.inject({ method: 'POST', url: `/device-checks/${handover}/report`, payload: { ...CHECK_REPORT, steps: [{ step: 'imei', outcome: 'untested' }] } });
  const checkTokens: string[] = [];
  for (const productId of [await h.createProduct(spareSeller, { imei: newImei() }), await h.createProduct(spareSeller, { imei: newImei() })]) {
    for (let i = 0; i < 4; i++) checkTokens.push(await checkOf(productId));
  }
  const bookings = [booked, unrecorded, held, disputed, reviewed];
  // A payment held for the admin's review (issue 69), as SSLCommerz's risky ones are: accepted by the first call.
  const inReview = await h.book(buyer, await h.createProduct(seller, { resalePrice: 21_000 }));
  const [heldPayment] = await rows<{ id: string }>(
    h.database.db,
    sql`INSERT INTO wallet_payments (booking_id, method, provider_payment_id, amount, status, review_reason, transaction_id, confirmed_amount, confirmed_currency)
        VALUES (${inReview}, 'sslcommerz', ${`PH${randomUUID().replace(/-/g, '').slice(0, 28)}`}, 2100000, 'review', 'risky', ${`BT${Date.now()}`}, 2100000, 'bdt') RETURNING id`,
  );
  // Devices each caller gets pushes on (issue 48): a removal reaches its 200 when the caller is the device's.
  const devices = await Promise.all([buyer, seller, admin].map(async (user) => json<{ _id: string }>(await as(user, 'POST', '/me/push-subscriptions', browserSubscription()))._id));
  // Phones open to offers (issue 47), and offers on them waiting for their seller's answer.
  const bargains = [await h.createProduct(seller, { resalePrice: 20_000, openToOffers: true }), await h.createProduct(seller, { resalePrice: 20_000, openToOffers: true })];
  const offers = [];
  for (const productId of bargains) offers.push(json<{ _id: string }>(await as(spareBuyer, 'POST', '/offers', { productId, amount: 15_000 }))._id);
  // The seeded ids each path takes, by its address (a review's id where a review goes).
  pools = [
    [/^\/admin\/products\/\{id\}/, [reported]],
    [/^\/offers\/\{id\}/, offers],
    [/^\/(product|postedproduct|addedproducts)\/\{id\}/, listings],
    [/^\/bookings\/\{id\}\/received/, [toReceive]],
    [/^\/bookings\/\{id\}\/dispute/, [toDispute]],
    [/^\/bookings\/\{id\}\/review/, [toReview]],
    [/^\/bookings\/\{id\}\/(delivery|parcel)/, [courierBooked]],
    [/^\/bookings\/\{id\}\/handover-check/, [checkedSale]],
    [/^\/device-checks\/\{token\}/, checkTokens],
    [/^\/bookings\/\{id\}/, bookings],
    [/^\/disputes\/\{id\}/, disputes],
    [/^\/admin\/payment-reviews\/\{id\}/, [heldPayment!.id]],
    [/^\/(reviews|admin\/reviews)\/\{id\}/, [review]],
    [/^\/threads\/\{id\}/, [thread]],
    [/^\/(messages|admin\/messages)\/\{id\}/, [message]],
    [/^\/saved-searches\/\{id\}/, [search]],
    [/^\/admin\/blocked-imeis\/\{id\}/, [blocked]],
    [/^\/(seller|seller\/verify)\/\{id\}/, [spareSeller.id]],
    [/^\/sellers\/\{id\}/, [seller.id]],
    [/^\/buyer\/\{id\}/, [spareBuyer.id]],
    [/^\/users\/\{id\}\/phone/, [spareBuyer.id]],
    // Held for review by the first call, released by the next (issue 70).
    [/^\/admin\/users\/\{id\}\/hold/, [toHold.id]],
    [/^\/reports\/\{productId\}/, [reported]],
    [/^\/products\/\{categoryId\}/, Object.values(h.brandIds)],
    [/^\/users\/\w+\/\{email\}/, [buyer.email, seller.email, admin.email]],
    [/^\/photos\/\{key\}/, [new URL(uploads[0]!.small).pathname.split('/').pop()!]],
    [/^\/sitemaps\/\{file\}/, ['phones-1.xml']],
    [/^\/me\/push-subscriptions\/\{id\}/, devices],
    // The wallet this harness offers beside the card (PAYMENT_METHODS above).
    [/^\/payments\/\{method\}/, ['bkash']],
  ];
  // Good values for what requests carry, by name.
  known = {
    // A report a device check records: a step the API can take at its word, the facts of a Galaxy A54.
    'POST /device-checks/{token}/report steps': [CHECK_REPORT.steps],
    'POST /device-checks/{token}/report facts': [CHECK_REPORT.facts],
    // The unpaid ones: what a payment is started for.
    bookingId: [booked, unrecorded],
    // A card payment is started for the booking nobody pays here (recording one pays `unrecorded`).
    'POST /create-payment-intent bookingId': [booked],
    resalePrice: [12000],
    originalPrice: [25000],
    usedYear: [2022],
    transactionId: [intent],
    id: listings,
    productId: listings,
    brandId: Object.values(h.brandIds),
    'POST /offers productId': bargains,
    'POST /offers amount': [18_000],
    'POST /offers/{id}/answer action': ['accept', 'decline'],
    lowestOffer: [1000],
    buyerId: [buyer.id],
    photoIds: [[]],
    phone: ['01711-234567'],
    meetingLocation: ['Bashundhara City, Dhaka'],
    name: ['Galaxy A54 5G 8/128GB'],
    location: ['Mirpur, Dhaka'],
    img: [`${h.env.PUBLIC_URL}/images/products/galaxy-a54.svg`],
    // An upload goes on one listing: new listings and changed ones get their own.
    'POST /addedproducts photos': uploads.slice(0, 4).map((upload) => [upload._id]),
    'PUT /addedproducts/{id}/photos photos': uploads.slice(4).map((upload) => [upload._id]),
    imei: Array.from({ length: 12 }, () => newImei()),
    // Blocking a listed phone's IMEI removes its listing: the blocklist gets others.
    'POST /admin/blocked-imeis imei': Array.from({ length: 4 }, () => newImei()),
    body: ['Is it still available?'],
    note: ['The screen is cracked'],
    reason: ['Abusive listing'],
    reply: ['Thank you for buying'],
    stars: [4],
    number: ['01712345678'],
    repeat: ['01712345678'],
    query: ['q=iphone&maxPrice=90000'],
    email: [buyer.email, seller.email, admin.email],
    division: ['dhaka'],
    district: ['dhaka'],
    area: ['Dhanmondi'],
    street: ['House 5, Road 27, near Rapa Plaza'],
    // A courier's settlement report (its panel's export): recorded once, then refused as recorded (409).
    'POST /me/phone/code phone': ['01711000001', '01811000002', '01911000003', '01511000004'],
    'POST /admin/courier-settlements report': ['Invoice ID,Consignment ID,Merchant Order ID,Status,Collected Amount,Delivery Fee,COD Fee,Payout\nI-CONTRACT,DL-1,,Delivered,1000,60,10,930\n'],
    remote: ['storefront'],
    // A browser's subscription: its address at a push service, and its keys.
    endpoint: [browserSubscription().endpoint],
    keys: [browserSubscription().keys],
    releases: ['local'],
  };
  const document = json<{ paths: Record<string, Record<string, Operation>> }>(await h.app.inject({ method: 'GET', url: '/docs/json' }));
  operations = Object.entries(document.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })));
  // What removes things goes last, so the rest meet the seeded data.
  operations.sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
}, 240_000);
afterAll(() => h.close());

/** An operation answering an endless event stream. */
const isStream = (operation: Operation) => 'text/event-stream' in (operation.responses['200']?.content ?? {});

/**
 * A request to an event stream: answered once its head is written; a stream's first event is read and the stream let
 * go (it never ends by itself), any other answer read whole. Answers like any other for the checks.
 */
async function injectStream(options: InjectOptions): Promise<LightMyRequestResponse> {
  const response = await h.app.inject({ ...options, payloadAsStream: true });
  const stream = response.stream();
  let body = '';
  for await (const chunk of stream) {
    body += String(chunk);
    if (response.statusCode === 200 && body.includes('\n\n')) break;
  }
  stream.destroy();
  return Object.assign(Object.create(response) as LightMyRequestResponse, { body, payload: body, json: () => JSON.parse(body) as unknown });
}

/** A value written into an address: arrays as repeated parameters, the rest as text. */
function queryString(query: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const part of Array.isArray(value) ? value : [value]) search.append(name, typeof part === 'object' ? JSON.stringify(part) : String(part));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function request(method: string, template: string, operation: Operation, call: Call): InjectOptions {
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(call.path[name] ?? ''));
  const headers: Record<string, string> = { ...call.headers, ...(call.caller === 'anonymous' ? {} : auth(people[call.caller].accessToken)) };
  const content = operation.requestBody?.content ?? {};
  if ('multipart/form-data' in content) {
    const file = call.body === 'photo' ? multipartFile('photo', 'phone.png', 'image/png', photo) : multipartFile('note', 'note.txt', 'text/plain', Buffer.from('not a photo'));
    return { method: method as InjectOptions['method'], url: path + queryString(call.query), headers: { ...headers, ...file.headers }, payload: file.payload };
  }
  // A JSON body as JSON whatever it is (a spoiled one may be a bare string or number).
  const body = call.body === undefined ? {} : { payload: JSON.stringify(call.body), headers: { ...headers, 'content-type': 'application/json' } };
  return { method: method as InjectOptions['method'], url: path + queryString(call.query), headers, ...body };
}

const callers = fc.constantFrom<Caller>('anonymous', 'buyer', 'seller', 'admin');

/** Operations no generated request reaches the happy path of, and where their happy paths are tested instead. */
const unreachable: Record<string, string> = {
  'POST /users': 'takes a Firebase ID token (the sign-in itself), not the API access token: identity.test.ts',
  'GET /jwt': 'takes a Firebase ID token: identity.test.ts',
  'POST /webhooks/stripe': "signed by Stripe over the body's exact bytes: webhooks.test.ts",
  'POST /webhooks/{courier}': "carries the courier's secret: delivery.test.ts",
  'POST /payments/{method}/complete': "needs a payment walked through bKash's own page: bkash.test.ts",
  'POST /bookings/{id}/handover': "needs the buyer's six-digit code: escrow.test.ts",
  'GET /stream': 'opens an endless event stream: conversations.test.ts',
  'POST /unsubscribe': "needs the signed link from an e-mail: notifications.test.ts",
  'POST /me/phone/verify': 'needs the code Firebase sent to the number, and a Firebase ID token: phone.test.ts',
  'POST /phone-sign-in': 'needs the code Firebase sent to the number: phone.test.ts',
  'PUT /payout-wallet': "needs a fresh code Firebase sent to the seller's verified number: payouts.test.ts, phone.test.ts",
  'PUT /bookings/{id}/dispute/refund-wallet': "needs a disputed cash sale and a fresh code Firebase sent to the buyer's verified number: delivery.test.ts",
  'POST /me/email': 'only for an account made by phone, with no address yet (the callers here have one): email-address.test.ts',
  'POST /me/email/confirm': 'needs the token e-mailed to the address: email-address.test.ts',
  'GET /product/{id}/share-image.jpg': "its 200 needs the version the phone's page names (else 302 to it): public-pages.test.ts",
};
const parametersIn = (operation: Operation, where: Parameter['in']) => (operation.parameters ?? []).filter((parameter) => parameter.in === where);

/** Known values for a name that its schema takes: the operation's own (`'POST /path name'`) before the name's. */
const hintsFor =
  (operation: string): Hints =>
  (name, schema) =>
    (known[`${operation} ${name}`] ?? known[name] ?? []).filter((value) => validatorOf(schema)(value));

/** Requests the document calls valid. */
function validCalls(method: string, path: string, operation: Operation): fc.Arbitrary<Call> {
  const hints = hintsFor(`${method} ${path}`);
  const value = (parameter: Parameter) => {
    const made = arbitraryOf(parameter.schema).map((v) => (parameter.in === 'query' ? v : String(v)));
    // The seeded ids this parameter's schema takes (a message id is not a listing's).
    const fits = validatorOf(parameter.schema);
    const pool = parameter.in === 'path' ? pools.find(([pattern]) => pattern.test(path))?.[1] : undefined;
    const good = (pool ?? known[parameter.name] ?? []).filter((id) => fits(id));
    return good.length > 0 ? fc.oneof({ arbitrary: fc.constantFrom(...good), weight: 4 }, { arbitrary: made, weight: 1 }) : made;
  };
  const record = (list: Parameter[]) =>
    fc.record(Object.fromEntries(list.map((parameter) => [parameter.name, value(parameter)])), {
      requiredKeys: list.filter((parameter) => parameter.required).map((parameter) => parameter.name),
    });
  const content = operation.requestBody?.content ?? {};
  const body = 'multipart/form-data' in content ? fc.constant('photo') : content['application/json'] ? arbitraryOf(content['application/json'].schema, hints) : fc.constant(undefined);
  return fc.record({
    caller: callers,
    path: record(parametersIn(operation, 'path')) as fc.Arbitrary<Record<string, string>>,
    query: record(parametersIn(operation, 'query')),
    headers: record(parametersIn(operation, 'header')) as fc.Arbitrary<Record<string, string>>,
    body,
  });
}

/** One value of a schema, seeded data first: each property that has a known value takes its first, the rest are generated. */
function exampleOf(schema: Schema, seed: number, hints: Hints): unknown {
  if (schema.type === 'object' && schema.properties) {
    const entries = Object.entries(schema.properties).flatMap(([name, part]) => {
      const good = hints(name, part);
      if (good.length > 0) return [[name, good[seed % good.length]]];
      return schema.required?.includes(name) ? [[name, exampleOf(part, seed, hints)]] : [];
    });
    return Object.fromEntries(entries);
  }
  return fc.sample(arbitraryOf(schema, hints), { numRuns: 1, seed })[0];
}

/**
 * For each caller, the request made of the seeded data (every known id and value): run before the generated ones, so
 * each operation's happy path is tried whatever the seed picks.
 */
function examplesOf(method: string, path: string, operation: Operation, seed: number): Call[] {
  const hints = hintsFor(`${method} ${path}`);
  const pick = (parameter: Parameter) => {
    const pool = parameter.in === 'path' ? pools.find(([pattern]) => pattern.test(path))?.[1] : undefined;
    const good = (pool ?? known[parameter.name] ?? []).filter((value) => validatorOf(parameter.schema)(value));
    return good.length > 0 ? good[0] : parameter.required ? exampleOf(parameter.schema, seed, hints) : undefined;
  };
  const record = (where: Parameter['in']) =>
    Object.fromEntries(parametersIn(operation, where).flatMap((parameter) => {
      const value = pick(parameter);
      return value === undefined ? [] : [[parameter.name, parameter.in === 'query' ? value : String(value)]];
    }));
  const content = operation.requestBody?.content ?? {};
  const body = 'multipart/form-data' in content ? 'photo' : content['application/json'] ? exampleOf(content['application/json'].schema, seed, hints) : undefined;
  return (['buyer', 'seller', 'admin'] as const).map((caller) => ({ caller, path: record('path') as Record<string, string>, query: record('query'), headers: record('header') as Record<string, string>, body }));
}

/** Requests the document calls invalid: one part of a valid one spoiled (a parameter it does not list, at least). */
function invalidCalls(method: string, path: string, operation: Operation): fc.Arbitrary<Call> {
  const valid = validCalls(method, path, operation);
  const ways: fc.Arbitrary<Call>[] = [];
  for (const parameter of operation.parameters ?? []) {
    // What survives being written into an address: a path's or query's text cannot be of another JSON type.
    const bad = spoilerOf(parameter.schema, { asText: true });
    if (!bad) continue;
    const where = parameter.in === 'path' ? 'path' : parameter.in === 'query' ? 'query' : 'headers';
    ways.push(fc.tuple(valid, bad).map(([call, value]) => ({ ...call, [where]: { ...call[where], [parameter.name]: where === 'query' ? value : String(value) } })));
    if (parameter.required && parameter.in === 'query') ways.push(valid.map((call) => ({ ...call, query: { ...call.query, [parameter.name]: undefined } })));
  }
  // A query parameter the operation does not list: refused, one policy for every operation (issue 66).
  ways.push(valid.map((call) => ({ ...call, query: { ...call.query, zzNotAParameter: '1' } })));
  const content = operation.requestBody?.content ?? {};
  if ('multipart/form-data' in content) ways.push(valid.map((call) => ({ ...call, body: 'no photo' })));
  else if (content['application/json']) {
    const bad = spoilerOf(content['application/json'].schema);
    if (bad) ways.push(fc.tuple(valid, bad).map(([call, body]) => ({ ...call, body })));
  }
  return fc.oneof(...ways);
}

const compiled = new Map<Schema, ReturnType<typeof ajv.compile>>();
const validatorOf = (schema: Schema) => {
  if (!compiled.has(schema)) compiled.set(schema, ajv.compile(schema));
  return compiled.get(schema)!;
};

/** The body's schema for a status, checked with Ajv; undefined where the document describes no JSON body. */
function validatorFor(key: string, answer: Answer | undefined) {
  const schema = answer?.content?.['application/json']?.schema;
  if (!schema) return undefined;
  if (!validators.has(key)) validators.set(key, ajv.compile(schema));
  return validators.get(key);
}

/** What the document says of this answer, as a list of what is wrong with it (empty when it is as documented). */
function disagreements(operation: Operation, response: LightMyRequestResponse): string[] {
  const status = String(response.statusCode);
  if (response.statusCode >= 500) return [`${status} ${response.body.slice(0, 300)}`];
  const answer = operation.responses[status];
  if (!answer) return [`status ${status} is not in the document (${Object.keys(operation.responses).join(', ')}): ${response.body.slice(0, 300)}`];
  const type = String(response.headers['content-type'] ?? '').split(';')[0] ?? '';
  const documented = Object.keys(answer.content ?? {});
  if (documented.length > 0 && !documented.includes(type)) return [`${status} answered ${type}, the document says ${documented.join(' or ')}`];
  const validate = validatorFor(`${operation.operationId} ${status}`, answer);
  if (validate && !validate(response.json())) return [`${status} body differs from its schema: ${ajv.errorsText(validate.errors)} in ${response.body.slice(0, 300)}`];
  return [];
}

/** A 400's messages, each a stated rule of the operation's (`<…>` in a rule stands for a part that varies)? */
function unstated(operation: Operation, response: LightMyRequestResponse): string[] {
  if (response.statusCode !== 400) return [];
  const rules = (operation['x-rules'] ?? []).map((rule) => new RegExp(`^${rule.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/<[^>]+>/g, '.+')}$`));
  const body = json<{ message: string; fields?: { message: string }[] }>(response);
  const messages = body.fields?.map((field) => field.message) ?? [body.message];
  return messages.filter((message) => !rules.some((rule) => rule.test(message))).map((message) => `valid input refused for a reason the document does not state: "${message}"`);
}

describe('generated requests against the OpenAPI document', () => {
  it('covers every operation of the document', () => {
    expect(operations.length).toBeGreaterThan(90);
  });

  it('answers every method a path does not document with 405 and the methods it does (issue 66)', async () => {
    const failures: string[] = [];
    const paths = new Map<string, string[]>();
    for (const { method, path } of operations) paths.set(path, [...(paths.get(path) ?? []), method]);
    for (const [template, documented] of paths) {
      const url = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(pools.find(([pattern]) => pattern.test(template))?.[1][0] ?? known[name]?.[0]?.toString() ?? '1'));
      const allowed = new Set([...documented, ...(documented.includes('GET') ? ['HEAD'] : [])]);
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'QUERY', 'PROPFIND', 'SEARCH'].filter((one) => !allowed.has(one))) {
        const answer = await h.app.inject({ method: method as InjectOptions['method'], url, headers: { 'content-type': 'application/json' }, payload: method === 'GET' || method === 'DELETE' ? undefined : '{}' });
        const allow = new Set(String(answer.headers.allow ?? '').split(/,\s*/).filter(Boolean));
        if (answer.statusCode !== 405 || [...allowed].some((one) => !allow.has(one))) failures.push(`${method} ${url}: ${answer.statusCode} (Allow: ${String(answer.headers.allow)})`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers every operation as the document says, valid input and invalid', { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    const reached = new Set<string>();
    for (const [index, { method, path, operation }] of operations.entries()) {
      const send = async (call: Call) => {
        trace(method, path, JSON.stringify(call).slice(0, 300));
        const response = isStream(operation) ? await injectStream(request(method, path, operation, call)) : await h.app.inject(request(method, path, operation, call));
        trace('  →', response.statusCode, response.body.slice(0, 200));
        return response;
      };
      const where = (call: Call) => `${method} ${path} as ${call.caller} ${JSON.stringify({ ...call, caller: undefined }).slice(0, 400)}`;
      const valid = fc.asyncProperty(validCalls(method, path, operation), async (call) => {
        const response = await send(call);
        if (response.statusCode < 300) reached.add(`${method} ${path}`);
        const wrong = [...disagreements(operation, response), ...unstated(operation, response)];
        // A sign-in is required unless one of its security requirements is empty (OpenAPI's "optional": a public read).
        const signInRequired = operation.security !== undefined && !operation.security.some((requirement) => Object.keys(requirement as object).length === 0);
        if (call.caller === 'anonymous' && signInRequired && ![401, 429].includes(response.statusCode)) wrong.push(`anonymous got ${response.statusCode}, not 401`);
        if (wrong.length > 0) throw new Error(`${where(call)}: ${wrong.join('; ')}`);
      });
      const spoiled = invalidCalls(method, path, operation);
      const invalid =
        spoiled &&
        fc.asyncProperty(spoiled, async (call) => {
          const response = await send(call);
          const wrong = disagreements(operation, response);
          // Refused: 400 (413 or 415 for a body it cannot take), or 401/403 first for a caller who may not use the
          // operation at all (or 429, counted first).
          if (![400, 401, 403, 413, 415, 429].includes(response.statusCode)) wrong.push(`invalid input answered ${response.statusCode}: ${response.body.slice(0, 200)}`);
          if (wrong.length > 0) throw new Error(`${where(call)}: ${wrong.join('; ')}`);
        });
      const examples = examplesOf(method, path, operation, SEED + index).map((call) => [call] as [Call]);
      for (const [property, seed] of [[valid, SEED + index], [invalid, SEED + 1000 + index]] as const) {
        if (!property) continue;
        const outcome = await fc.check(property as fc.IAsyncProperty<[Call]>, { seed, numRuns: RUNS, endOnFailure: true, ...(property === valid ? { examples } : {}) });
        if (outcome.failed) failures.push(String((outcome.errorInstance as Error | undefined)?.message ?? outcome.counterexample).split('\n')[0]!.slice(0, 900));
      }
    }
    expect(failures).toEqual([]);
    // The happy paths were reached: every operation answered 2xx at least once, but those no generated request can.
    const unreached = operations.map(({ method, path }) => `${method} ${path}`).filter((name) => !reached.has(name));
    expect(unreached.filter((name) => !(name in unreachable))).toEqual([]);
  });
});
