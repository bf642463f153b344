import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CITIES } from './cities.js';
import { API_PREFIX, DEV_CREDENTIALS, DEV_INTEGRATION_SECRET, DEV_WEBHOOK_SECRET, startFakePathao, type FakePathao } from './server.js';

/** A merchant's callback that answers Pathao's check as Pathao asks, and keeps what it receives. */
interface Received {
  signature: string | undefined;
  body: Record<string, unknown>;
}
let merchant: Server;
let callbackUrl = '';
const received: Received[] = [];
let answerCheckWith = { status: 202, secret: DEV_INTEGRATION_SECRET };
beforeAll(async () => {
  merchant = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      const body = JSON.parse(text) as Record<string, unknown>;
      if (body.event === 'webhook_integration') {
        response.writeHead(answerCheckWith.status, { 'x-pathao-merchant-webhook-integration-secret': answerCheckWith.secret });
        return response.end();
      }
      received.push({ signature: request.headers['x-pathao-signature'] as string | undefined, body });
      response.writeHead(202).end();
    });
  });
  await new Promise<void>((resolve) => merchant.listen(0, '127.0.0.1', resolve));
  callbackUrl = `http://127.0.0.1:${(merchant.address() as AddressInfo).port}/webhooks/pathao`;
});
afterAll(() => new Promise<void>((resolve) => merchant.close(() => resolve())));

let pathao: FakePathao;
afterEach(async () => {
  await pathao?.close();
  received.length = 0;
  answerCheckWith = { status: 202, secret: DEV_INTEGRATION_SECRET };
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Pathao's answers are read field by field, as its docs give them
type Answer = Record<string, any>;
async function call(method: string, path: string, body?: unknown, token?: string) {
  const answer = await fetch(`${pathao.baseUrl}${API_PREFIX}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: answer.status, body: (await answer.json()) as Answer };
}
const tokenFor = async () =>
  (await call('POST', '/issue-token', { client_id: DEV_CREDENTIALS.clientId, client_secret: DEV_CREDENTIALS.clientSecret, grant_type: 'password', username: DEV_CREDENTIALS.username, password: DEV_CREDENTIALS.password })).body
    .access_token as string;

/** A store in Dhaka (Dhanmondi), found by its name in the store list as a merchant must: creating one answers only its name. */
async function dhakaStore(token: string) {
  const created = await call('POST', '/stores', { name: 'Rahim Dhanmondi', contact_name: 'Rahim Uddin', contact_number: '01811000111', address: 'House 5, Road 27, Dhanmondi, Dhaka', city_id: 1, zone_id: 101, area_id: 1 }, token);
  expect(created.body).toMatchObject({ type: 'success', code: 200, data: { store_name: 'Rahim Dhanmondi' } });
  const stores = (await call('GET', '/stores', undefined, token)).body.data.data as { store_id: number; store_name: string }[];
  return stores.find((store) => store.store_name === 'Rahim Dhanmondi')!.store_id;
}
const SYLHET = CITIES.find((city) => city.city_name === 'Sylhet')!.city_id;
const order = (storeId: number, overrides: Record<string, unknown> = {}) => ({
  store_id: storeId,
  merchant_order_id: 'PH-1',
  recipient_name: 'Nusrat Jahan',
  recipient_phone: '01712345678',
  recipient_address: 'House 12, Road 3, Zindabazar, Sylhet',
  recipient_city: SYLHET,
  delivery_type: 48,
  item_type: 2,
  item_quantity: 1,
  item_weight: 0.5,
  amount_to_collect: 45_000,
  item_description: 'Samsung Galaxy S21',
  ...overrides,
});

describe("the local Pathao's merchant API", () => {
  it('issues a token for the merchant only, and answers nothing without one', async () => {
    pathao = await startFakePathao();
    const wrong = await call('POST', '/issue-token', { client_id: DEV_CREDENTIALS.clientId, client_secret: 'guess', grant_type: 'password', username: DEV_CREDENTIALS.username, password: DEV_CREDENTIALS.password });
    expect(wrong).toMatchObject({ status: 401, body: { type: 'error', code: 401 } });
    expect((await call('GET', '/city-list')).status).toBe(401);
    expect((await call('GET', '/city-list', undefined, 'made-up')).status).toBe(401);
    const granted = await call('POST', '/issue-token', { client_id: DEV_CREDENTIALS.clientId, client_secret: DEV_CREDENTIALS.clientSecret, grant_type: 'password', username: DEV_CREDENTIALS.username, password: DEV_CREDENTIALS.password });
    expect(granted.body).toMatchObject({ token_type: 'Bearer', expires_in: 432000 });
    const refreshed = await call('POST', '/issue-token', { client_id: DEV_CREDENTIALS.clientId, client_secret: DEV_CREDENTIALS.clientSecret, grant_type: 'refresh_token', refresh_token: granted.body.refresh_token });
    expect(refreshed.status).toBe(200);
    const cities = (await call('GET', '/city-list', undefined, refreshed.body.access_token as string)).body.data.data as { city_id: number; city_name: string }[];
    expect(cities).toHaveLength(64);
    expect(cities.slice(0, 2)).toEqual([{ city_id: 1, city_name: 'Dhaka' }, { city_id: 2, city_name: 'Chittagong' }]);
  });

  it('prices a parcel as its price plan says: within Dhaka less than outside it', async () => {
    pathao = await startFakePathao();
    const token = await tokenFor();
    const store = await dhakaStore(token);
    const plan = (city: number, zone: number) => call('POST', '/merchant/price-plan', { store_id: store, item_type: 2, delivery_type: 48, item_weight: 0.5, recipient_city: city, recipient_zone: zone }, token);
    expect((await plan(1, 103)).body).toMatchObject({ type: 'success', data: { price: 60, final_price: 60, cod_percentage: 0.01 } });
    expect((await plan(SYLHET, SYLHET * 100 + 1)).body.data.final_price).toBe(110);
    expect(await plan(SYLHET, 103)).toMatchObject({ status: 422, body: { errors: { recipient_zone: ['The selected recipient zone is invalid.'] } } });
  });

  it('refuses an order naming each wrong field, and creates a right one as Pending', async () => {
    pathao = await startFakePathao();
    const token = await tokenFor();
    const store = await dhakaStore(token);
    const refused = await call('POST', '/orders', order(store, { recipient_phone: '+44 7700', recipient_address: 'Sylhet', amount_to_collect: -5, store_id: 99 }), token);
    expect(refused).toMatchObject({ status: 422, body: { message: 'Please fix the given errors', type: 'error', code: 422 } });
    expect(Object.keys(refused.body.errors as object).sort()).toEqual(['amount_to_collect', 'recipient_address', 'recipient_phone', 'store_id']);
    expect(pathao.parcels.size).toBe(0);
    const created = await call('POST', '/orders', order(store), token);
    expect(created.body).toMatchObject({ message: 'Order Created Successfully', type: 'success', data: { merchant_order_id: 'PH-1', order_status: 'Pending', delivery_fee: 110 } });
    const id = created.body.data.consignment_id as string;
    expect(id).toMatch(/^DL\d{6}[A-Z0-9]{6}$/);
    expect((await call('GET', `/orders/${id}/info`, undefined, token)).body.data).toMatchObject({ consignment_id: id, order_status: 'Pending', order_status_slug: 'Pending' });
    expect((await call('GET', '/orders/DL000000NOPE00/info', undefined, token)).status).toBe(404);
  });
});

describe("the local Pathao's webhooks", () => {
  async function parcelWithCallback(options: Parameters<typeof startFakePathao>[0] = {}) {
    pathao = await startFakePathao(options);
    expect(await pathao.integrate(callbackUrl, DEV_WEBHOOK_SECRET)).toMatchObject({ verified: true, problem: null });
    const token = await tokenFor();
    const id = (await call('POST', '/orders', order(await dhakaStore(token)), token)).body.data.consignment_id as string;
    return { id, token };
  }

  it('sends nothing to a callback that fails the integration check', async () => {
    pathao = await startFakePathao();
    answerCheckWith = { status: 200, secret: DEV_INTEGRATION_SECRET };
    expect(await pathao.integrate(callbackUrl, DEV_WEBHOOK_SECRET)).toMatchObject({ verified: false, problem: 'The callback answered 200, not 202' });
    answerCheckWith = { status: 202, secret: 'something else' };
    expect((await pathao.integrate(callbackUrl, DEV_WEBHOOK_SECRET)).verified).toBe(false);
    const token = await tokenFor();
    await call('POST', '/orders', order(await dhakaStore(token)), token);
    await pathao.settle();
    expect(received).toEqual([]);
  });

  it("sends each step of a parcel, signed with the merchant's secret, with the fields Pathao adds", async () => {
    const { id, token } = await parcelWithCallback();
    for (const move of ['pickup', 'transit', 'out-for-delivery', 'deliver'] as const) pathao.move(id, move);
    await pathao.settle();
    expect(received.every((hook) => hook.signature === DEV_WEBHOOK_SECRET)).toBe(true);
    expect(received.map((hook) => hook.body.event)).toEqual([
      'order.created', 'order.pickup-requested', 'order.assigned-for-pickup', 'order.picked', 'order.at-the-sorting-hub', 'order.in-transit',
      'order.received-at-last-mile-hub', 'order.assigned-for-delivery', 'order.delivered',
    ]);
    expect(received.at(-1)!.body).toMatchObject({ consignment_id: id, merchant_order_id: 'PH-1', collected_amount: 45_000 });
    expect(received.at(-1)!.body.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
    expect((await call('GET', `/orders/${id}/info`, undefined, token)).body.data).toMatchObject({ order_status: 'Delivered', order_status_slug: 'Delivered' });
    expect(() => pathao.move(id, 'refuse')).toThrow('A parcel that is Delivered cannot refuse');
  });

  it('returns a refused parcel, and pays the merchant the cash collected less its fees in one invoice', async () => {
    const { id: kept } = await parcelWithCallback();
    const token = await tokenFor();
    const refused = (await call('POST', '/orders', order((await call('GET', '/stores', undefined, token)).body.data.data[0].store_id as number, { merchant_order_id: 'PH-2' }), token)).body.data.consignment_id as string;
    for (const id of [kept, refused]) for (const move of ['pickup', 'transit', 'out-for-delivery'] as const) pathao.move(id, move);
    pathao.move(kept, 'deliver');
    pathao.move(refused, 'refuse');
    const invoice = pathao.invoice()!;
    expect(invoice.lines).toEqual([
      expect.objectContaining({ consignment_id: kept, status: 'Delivered', collected_amount: 45_000, delivery_fee: 110, cod_fee: 450, payout: 44_440 }),
      expect.objectContaining({ consignment_id: refused, status: 'Return', collected_amount: 0, delivery_fee: 110, cod_fee: 0, payout: -110 }),
    ]);
    expect(invoice.total_payout).toBe(44_330);
    // The merchant panel's export of it, which PhoneHaat's admin uploads.
    const exported = await fetch(`${pathao.baseUrl}/invoices/${invoice.invoice_id}.csv`);
    expect(exported.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect((await exported.text()).split('\r\n')).toEqual([
      'Invoice ID,Consignment ID,Merchant Order ID,Status,Collected Amount,Delivery Fee,COD Fee,Payout',
      `${invoice.invoice_id},${kept},PH-1,Delivered,45000,110,450,44440`,
      `${invoice.invoice_id},${refused},PH-2,Return,0,110,0,-110`,
      '',
    ]);
    expect((await fetch(`${pathao.baseUrl}/invoices/nope.csv`)).status).toBe(404);
    expect(pathao.invoice()).toBeNull();
    await pathao.settle();
    expect(received.filter((hook) => hook.body.event === 'order.returned')).toEqual([expect.objectContaining({ body: expect.objectContaining({ consignment_id: refused, reason: expect.any(String) }) })]);
    expect(received.filter((hook) => hook.body.event === 'order.paid').map((hook) => hook.body.invoice_id)).toEqual([invoice.invoice_id, invoice.invoice_id]);
  });

  it('drops, duplicates and reorders webhooks when switched to', async () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const { id } = await parcelWithCallback({ random });
    await pathao.settle();
    received.length = 0;
    Object.assign(pathao.switches, { drop: 1 });
    pathao.move(id, 'pickup');
    await pathao.settle();
    expect(received).toEqual([]);
    expect(pathao.sent.filter((hook) => hook.status === 'dropped')).toHaveLength(3);
    Object.assign(pathao.switches, { drop: 0, duplicate: 1, reorder: true });
    pathao.move(id, 'transit');
    pathao.move(id, 'out-for-delivery');
    await pathao.settle();
    const events = received.map((hook) => hook.body.event);
    expect(events).toHaveLength(8);
    expect([...events].sort()).toEqual(['order.assigned-for-delivery', 'order.assigned-for-delivery', 'order.at-the-sorting-hub', 'order.at-the-sorting-hub', 'order.in-transit', 'order.in-transit', 'order.received-at-last-mile-hub', 'order.received-at-last-mile-hub']);
    const happened = ['order.at-the-sorting-hub', 'order.in-transit', 'order.received-at-last-mile-hub', 'order.assigned-for-delivery'];
    expect([...new Set(events)]).not.toEqual(happened); // shuffled: not in the order they happened
  });
});

describe("the tester's page", () => {
  it('lists each parcel with the moves it can make, and moves it by form', async () => {
    pathao = await startFakePathao();
    const token = await tokenFor();
    const id = (await call('POST', '/orders', order(await dhakaStore(token)), token)).body.data.consignment_id as string;
    const page = await (await fetch(`${pathao.url}/`)).text();
    expect(page).toContain(id);
    expect(page).toContain(`action="/parcels/${id}/pickup"`);
    const moved = await fetch(`${pathao.url}/parcels/${id}/pickup`, { method: 'POST', redirect: 'manual' });
    expect(moved.status).toBe(303);
    expect(pathao.parcels.get(id)!.status).toBe('picked');
    const refused = await fetch(`${pathao.url}/__fake/parcels/${id}/deliver`, { method: 'POST' });
    expect(refused.status).toBe(409);
    expect(pathao.parcels.get(id)!.status).toBe('picked');
  });
});
