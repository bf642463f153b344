// @vitest-environment node
// The service worker's push side (public/push-sw.js) when the browser replaces a subscription by itself: the worker
// tells the API, in the contract's shape, so the device goes on getting pushes. Run on a stand-in for the worker's
// global scope: Chromium cannot be made to fire a trusted `pushsubscriptionchange` (e2e/tests/push.spec.ts covers the
// worker's pushes and taps in a real browser).
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PushRenewalBody } from '@phonehaat/shared-api';
import { workerUrl } from './service-worker';

const source = readFileSync(new URL('../../../public/push-sw.js', import.meta.url), 'utf8');
const API = 'http://localhost:4000';

/** What PushSubscription.toJSON() gives: an address at a push service and the browser's keys. */
const subscription = (name: string) => {
  const json = { endpoint: `https://fcm.googleapis.com/fcm/send/${name}`, expirationTime: null, keys: { p256dh: `B${name.padEnd(86, 'A')}`, auth: name.padEnd(22, 'x') } };
  return { endpoint: json.endpoint, options: { userVisibleOnly: true, applicationServerKey: new Uint8Array([4, 1, 2]).buffer }, toJSON: () => json };
};
type Subscription = ReturnType<typeof subscription>;

/** The worker's scope with push-sw.js loaded; `change` fires `pushsubscriptionchange` and answers what the worker waited on. */
function worker(answers: (() => Promise<Response>)[], scriptUrl = workerUrl(API)) {
  const listeners = new Map<string, (event: unknown) => void>();
  const subscribe = vi.fn(async (_options: unknown) => subscription('made-by-the-worker'));
  const self = {
    location: new URL(scriptUrl, 'http://localhost:4200'),
    registration: { pushManager: { subscribe }, showNotification: vi.fn() },
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
  };
  const fetch = vi.fn(async (_url: string, _init: RequestInit) => (answers.shift() ?? (() => Promise.resolve(new Response(null, { status: 200 }))))());
  new Function('self', 'fetch', source)(self, fetch);
  const change = (oldSubscription: Subscription | null, newSubscription: Subscription | null) => {
    let waited: Promise<unknown> | undefined;
    listeners.get('pushsubscriptionchange')!({ oldSubscription, newSubscription, waitUntil: (promise: Promise<unknown>) => (waited = promise) });
    return waited!;
  };
  const posted = () => fetch.mock.calls.map(([url, init]) => ({ url, method: init.method, body: PushRenewalBody.parse(JSON.parse(String(init.body))) }));
  return { change, fetch, subscribe, posted };
}

afterEach(() => vi.useRealTimers());

describe("the service worker, when the browser replaces a push subscription", () => {
  it('tells the API the old subscription and the new one, without a sign-in', async () => {
    const w = worker([]);
    const [before, after] = [subscription('before'), subscription('after')];
    expect(await w.change(before, after)).toBe('renewed');
    expect(w.posted()).toEqual([{ url: `${API}/push/renewals`, method: 'POST', body: { oldSubscription: before.toJSON(), newSubscription: after.toJSON() } }]);
    expect(w.fetch.mock.calls[0]![1].headers).toEqual({ 'content-type': 'application/json' });
    expect(w.subscribe).not.toHaveBeenCalled();
  });

  it('subscribes again with the old options where the browser gave no new subscription', async () => {
    const w = worker([]);
    const before = subscription('before');
    expect(await w.change(before, null)).toBe('renewed');
    expect(w.subscribe).toHaveBeenCalledWith(before.options);
    expect(w.posted()[0]!.body.newSubscription.endpoint).toBe('https://fcm.googleapis.com/fcm/send/made-by-the-worker');
  });

  it('tries again while the network or the API is down, and stops when the API refuses', async () => {
    vi.useFakeTimers();
    const offline = () => Promise.reject(new TypeError('Failed to fetch'));
    const w = worker([offline, () => Promise.resolve(new Response(null, { status: 503 })), () => Promise.resolve(new Response(null, { status: 200 }))]);
    const done = w.change(subscription('before'), subscription('after'));
    await vi.advanceTimersByTimeAsync(2000);
    expect(w.fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await done).toBe('renewed');
    expect(w.fetch).toHaveBeenCalledTimes(3);

    const refused = worker([() => Promise.resolve(new Response('{"message":"No device"}', { status: 404 }))]);
    expect(await refused.change(subscription('before'), subscription('after'))).toBe('refused');
    expect(refused.fetch).toHaveBeenCalledTimes(1);
  });

  it('gives up after its last try, and does nothing without the old subscription or the API', async () => {
    vi.useFakeTimers();
    const offline = () => Promise.reject(new TypeError('Failed to fetch'));
    const w = worker([offline, offline, offline, offline, offline]);
    const done = w.change(subscription('before'), subscription('after'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await done).toBe('unreachable');
    expect(w.fetch).toHaveBeenCalledTimes(4);

    const old = worker([]);
    expect(await old.change(null, subscription('after'))).toBe('unknown device');
    const bare = worker([], '/sw.js');
    expect(await bare.change(subscription('before'), subscription('after'))).toBe('unknown device');
    expect([...old.fetch.mock.calls, ...bare.fetch.mock.calls]).toEqual([]);
  });
});
