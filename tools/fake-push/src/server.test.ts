import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { DEV_VAPID, startFakePush, type FakePush } from './index.js';

const vapid = { ...DEV_VAPID, subject: 'mailto:test@phonehaat.test' };
let push: FakePush;
beforeAll(async () => {
  push = await startFakePush();
});
afterAll(() => push.close());

/** What an application server sends (the web-push library's request), sent with fetch. */
async function sendPush(subscription: { endpoint: string; keys: { p256dh: string; auth: string } }, payload: string, options: webpush.RequestOptions = {}) {
  const request = webpush.generateRequestDetails(subscription, payload, { vapidDetails: vapid, TTL: 60, contentEncoding: 'aes128gcm', ...options });
  return fetch(request.endpoint, { method: 'POST', headers: request.headers as Record<string, string>, body: request.body ? new Uint8Array(request.body) : null });
}
const subscribed = async (applicationServerKey = DEV_VAPID.publicKey) =>
  (await (await fetch(`${push.url}/__fake/subscriptions`, { method: 'POST', body: JSON.stringify({ applicationServerKey }) })).json()) as { endpoint: string; keys: { p256dh: string; auth: string } };

describe('the local push service', () => {
  it('takes an encrypted, VAPID-signed push with 201 and a Location, and reads it as the browser would', async () => {
    const subscription = await subscribed();
    const answer = await sendPush(subscription, JSON.stringify({ title: 'নতুন বার্তা' }), { urgency: 'high', topic: 'abc' });
    expect(answer.status).toBe(201);
    expect(answer.headers.get('location')).toMatch(new RegExp(`^${push.url}/message/`));
    const { data } = (await (await fetch(`${push.url}/__fake/pushes?endpoint=${encodeURIComponent(subscription.endpoint)}`)).json()) as { data: { payload: string; urgency: string; ttl: number }[] };
    expect(data).toEqual([expect.objectContaining({ payload: '{"title":"নতুন বার্তা"}', urgency: 'high', ttl: 60 })]);
  });

  it('refuses a push without VAPID (401), signed by another key than the subscription was made with (403), or without TTL (400)', async () => {
    const subscription = await subscribed();
    const request = webpush.generateRequestDetails(subscription, 'x', { vapidDetails: vapid, TTL: 60 });
    const headers = request.headers as Record<string, string>;
    const unsigned = await fetch(subscription.endpoint, { method: 'POST', headers: { ...headers, Authorization: '' }, body: new Uint8Array(request.body!) });
    expect(unsigned.status).toBe(401);
    const forged = headers.Authorization!.replace(/t=([^.]+)\.([^.]+)\./, (_, head: string) => `t=${head}.${Buffer.from(JSON.stringify({ aud: push.url, exp: Math.floor(Date.now() / 1000) + 60, sub: 'mailto:x@y.z' })).toString('base64url')}.`);
    expect((await fetch(subscription.endpoint, { method: 'POST', headers: { ...headers, Authorization: forged }, body: new Uint8Array(request.body!) })).status).toBe(401);
    const { TTL: _ttl, ...noTtl } = headers;
    expect((await fetch(subscription.endpoint, { method: 'POST', headers: noTtl, body: new Uint8Array(request.body!) })).status).toBe(400);
    const other = webpush.generateVAPIDKeys();
    expect((await sendPush(subscription, 'x', { vapidDetails: { ...other, subject: 'mailto:a@b.c' } })).status).toBe(403);
    expect(push.received.filter((item) => item.endpoint === subscription.endpoint)).toEqual([]);
  });

  it('answers 410 for a subscription gone, 404 for one it never gave, 503 while switched unavailable', async () => {
    const subscription = await subscribed();
    push.switches.unavailable = 1;
    expect((await sendPush(subscription, 'x')).status).toBe(503);
    expect((await sendPush(subscription, 'x')).status).toBe(201);
    const id = subscription.endpoint.split('/').pop()!;
    expect((await fetch(`${push.url}/__fake/subscriptions/${id}/gone`, { method: 'POST' })).status).toBe(200);
    expect((await sendPush(subscription, 'x')).status).toBe(410);
    expect((await sendPush({ ...subscription, endpoint: `${push.url}/push/never-given` }, 'x')).status).toBe(404);
  });

  it('marks a push replaced when another with its topic arrives', async () => {
    const subscription = await subscribed();
    await sendPush(subscription, 'first', { topic: 'same' });
    await sendPush(subscription, 'second', { topic: 'same' });
    expect(push.received.filter((item) => item.endpoint === subscription.endpoint).map((item) => [item.payload, item.replaced])).toEqual([
      ['first', true],
      ['second', false],
    ]);
  });

  it('takes a push but holds its answer while stalled, and answers it once the switch is off', async () => {
    const subscription = await subscribed();
    push.switches.stall = true;
    let answered = false;
    const sending = sendPush(subscription, 'held', { topic: 'held' }).then((answer) => ((answered = true), answer));
    await expect.poll(() => push.received.filter((item) => item.endpoint === subscription.endpoint).length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(answered).toBe(false);
    push.switches.stall = false;
    expect((await sending).status).toBe(201);
  });
});
