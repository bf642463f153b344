// Web Push (issue 48): the devices a person gets pushes on, and pushes through the outbox e-mail goes through
// (decision 041), against the local push service (tools/fake-push: RFC 8030, VAPID checked, payloads decrypted as the
// browser would).
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_VAPID, startFakePush, type FakePush } from '@phonehaat/fake-push';
import { emailOutbox, pushSubscriptions } from '../src/db/schema.js';
import { auth, createHarness, databaseKind, json, type Harness, type TestUser } from './support/harness.js';
import { buildApp } from '../src/app.js';
import { isPushService } from '../src/modules/notifications/routes/push.js';
import { createFirebaseIdentity } from '../src/modules/identity/auth/identity.js';
import { openDatabase } from '../src/db/client.js';
import { createStripeGateway } from '../src/modules/payments/gateway.js';
import { sleep, until } from './support/wait.js';
import { outboxProcessEnv, startApiProcess } from './support/api-process.js';
import { EMAIL_JOB, JOBS_SCHEMA } from '../src/jobs/queue.js';
import { PgBoss } from 'pg-boss';


let push: FakePush;
beforeAll(async () => {
  push = await startFakePush();
});
afterAll(() => push.close());

const pushEnv = () => ({ VAPID_PUBLIC_KEY: DEV_VAPID.publicKey, VAPID_PRIVATE_KEY: DEV_VAPID.privateKey, PUSH_SERVICES: push.url, JOB_POLL_SECONDS: '0.5', EMAIL_RETRY_DELAY_SECONDS: '1' });
/** What the browser's PushManager.subscribe gives, from the local push service. */
const browserSubscription = (applicationServerKey = DEV_VAPID.publicKey) => push.subscribe(applicationServerKey);
const asJson = (s: ReturnType<typeof browserSubscription>) => ({ endpoint: s.endpoint, expirationTime: null, keys: s.keys });
const pushesTo = (endpoint: string) => push.received.filter((item) => item.endpoint === endpoint);

async function subscribe(h: Harness, user: TestUser, body: object, language = 'en') {
  return h.app.inject({ method: 'POST', url: '/me/push-subscriptions', headers: { ...auth(user.accessToken), 'accept-language': language, 'user-agent': 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36' }, payload: body });
}
/** The buyer writes to the seller about one of the seller's phones: one "message" notification for the seller. */
async function messageFrom(h: Harness, buyer: TestUser, productId: string, body = 'Is it still available?') {
  const thread = json<{ _id: string }>(await h.app.inject({ method: 'POST', url: '/threads', headers: auth(buyer.accessToken), payload: { productId } }))._id;
  const sent = await h.app.inject({ method: 'POST', url: `/threads/${thread}/messages`, headers: auth(buyer.accessToken), payload: { clientId: randomUUID(), body } });
  expect(sent.statusCode).toBe(201);
  return thread;
}

describe('push subscriptions', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(pushEnv());
  });
  afterAll(() => h.close());

  it("gives the VAPID key, and keeps each person's devices to themselves", async () => {
    expect(json(await h.app.inject({ method: 'GET', url: '/push/key' }))).toEqual({ publicKey: DEV_VAPID.publicKey });
    const [buyer, other] = await Promise.all([h.register('Buyer'), h.register('Buyer')]);
    const device = browserSubscription();
    const created = await subscribe(h, buyer, asJson(device));
    expect(created.statusCode).toBe(201);
    const mine = json<{ _id: string; device: string; endpoint: string }>(created);
    expect(mine).toMatchObject({ endpoint: device.endpoint, device: expect.stringMatching(/Chrome.*Android/) });
    // The same browser subscribing again (say, after its keys changed) is the same device.
    const again = json<{ _id: string }>(await subscribe(h, buyer, { ...asJson(device), keys: browserSubscription().keys }));
    expect(again._id).toBe(mine._id);
    expect(json<{ items: unknown[] }>(await h.app.inject({ method: 'GET', url: '/me/push-subscriptions', headers: auth(buyer.accessToken) })).items).toHaveLength(1);

    // Another person cannot see or remove it: 404, and it stays.
    expect(json<{ items: unknown[] }>(await h.app.inject({ method: 'GET', url: '/me/push-subscriptions', headers: auth(other.accessToken) })).items).toEqual([]);
    const theirs = await h.app.inject({ method: 'DELETE', url: `/me/push-subscriptions/${mine._id}`, headers: { ...auth(other.accessToken), 'accept-language': 'bn' } });
    expect(theirs.statusCode).toBe(404);
    expect(json<{ message: string }>(theirs).message).toBe('পুশ সাবস্ক্রিপশনটি পাওয়া যায়নি');
    expect(await h.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, mine._id))).toHaveLength(1);
    expect((await h.app.inject({ method: 'DELETE', url: '/me/push-subscriptions/not-an-id', headers: auth(buyer.accessToken) })).statusCode).toBe(400);
    expect((await h.app.inject({ method: 'POST', url: '/me/push-subscriptions', payload: asJson(device) })).statusCode).toBe(401);

    const removed = await h.app.inject({ method: 'DELETE', url: `/me/push-subscriptions/${mine._id}`, headers: auth(buyer.accessToken) });
    expect(json(removed)).toEqual({ deletedCount: 1 });
    expect(json<{ items: unknown[] }>(await h.app.inject({ method: 'GET', url: '/me/push-subscriptions', headers: auth(buyer.accessToken) })).items).toEqual([]);
  });

  it('refuses what is not a push subscription with a clear 400, in the asked language, and keeps nothing', async () => {
    const buyer = await h.register('Buyer');
    const good = asJson(browserSubscription());
    const cases: [object, string, string][] = [
      [{}, 'endpoint', 'en'],
      [{ ...good, endpoint: 'not a url' }, "endpoint must be the push service’s address", 'en'],
      [{ ...good, keys: undefined }, 'keys are required', 'en'],
      [{ ...good, keys: { ...good.keys, auth: 'short' } }, 'keys.auth must be 16 bytes in base64url (22 characters)', 'en'],
      [{ ...good, keys: { ...good.keys, p256dh: 'x'.repeat(87) } }, 'keys.p256dh হতে হবে base64url-এ একটি P-256 পাবলিক কী (৮৭ অক্ষর)', 'bn'],
      // Well formed, but not a point on the curve: every push to it would fail.
      [{ ...good, keys: { ...good.keys, p256dh: `B${'A'.repeat(86)}` } }, 'keys.p256dh is not a point on the P-256 curve', 'en'],
      // Somewhere that is not a push service: the API would post people's pushes there.
      [{ ...good, endpoint: 'https://attacker.example/collect' }, "The endpoint is not a push service's address", 'en'],
      [{ ...good, endpoint: 'http://169.254.169.254/latest/meta-data' }, 'endpoint কোনো পুশ সার্ভিসের ঠিকানা নয়', 'bn'],
    ];
    for (const [body, message, language] of cases) {
      const refused = await subscribe(h, buyer, body, language);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(json<{ message: string }>(refused).message).toContain(message);
    }
    expect(await h.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, buyer.id))).toEqual([]);
  });

  it("another person signing in on the same browser takes the device over; the first one's pushes do not follow", async () => {
    const [first, second] = await Promise.all([h.register('Buyer'), h.register('Buyer')]);
    const device = asJson(browserSubscription());
    await subscribe(h, first, device);
    expect((await subscribe(h, second, device)).statusCode).toBe(201);
    expect(json<{ items: unknown[] }>(await h.app.inject({ method: 'GET', url: '/me/push-subscriptions', headers: auth(first.accessToken) })).items).toEqual([]);
    expect(json<{ items: unknown[] }>(await h.app.inject({ method: 'GET', url: '/me/push-subscriptions', headers: auth(second.accessToken) })).items).toHaveLength(1);
  });
});

describe('pushes of notifications', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(pushEnv());
  });
  afterAll(() => h.close());

  it("arrive once, in the person's language, leading to the thing, when someone writes to them", async () => {
    const [seller, buyer] = await Promise.all([h.register('Seller'), h.register('Buyer', 'Nusrat')]);
    await h.app.inject({ method: 'GET', url: '/notifications/unread', headers: { ...auth(seller.accessToken), 'accept-language': 'bn' } });
    const device = browserSubscription();
    await subscribe(h, seller, asJson(device), 'bn');
    const productId = await h.createProduct(seller, { name: 'Pixel 7' });
    const thread = await messageFrom(h, buyer, productId);

    await until(() => pushesTo(device.endpoint).length === 1);
    const [received] = pushesTo(device.endpoint);
    expect(received!.urgency).toBe('high');
    expect(JSON.parse(received!.payload)).toEqual({ title: 'Nusrat আপনাকে বার্তা পাঠিয়েছেন', body: 'Pixel 7 নিয়ে', url: `/bn/inbox/${thread}`, tag: received!.topic, lang: 'bn' });
    await until(async () => (await h.database.db.select().from(emailOutbox).where(eq(emailOutbox.userId, seller.id))).every((row) => row.status === 'sent'));
    const rows = await h.database.db.select().from(emailOutbox).where(eq(emailOutbox.userId, seller.id));
    expect(rows).toEqual([expect.objectContaining({ channel: 'push', status: 'sent', attempts: 1 })]);
    await sleep(1500);
    expect(pushesTo(device.endpoint)).toHaveLength(1);
  });

  it('go to every device of the person, a booking as well as a message', async () => {
    const [seller, buyer] = await Promise.all([h.register('Seller'), h.register('Buyer', 'Karim')]);
    const [phone, laptop] = [browserSubscription(), browserSubscription()];
    await subscribe(h, seller, asJson(phone));
    await subscribe(h, seller, asJson(laptop));
    const productId = await h.createProduct(seller, { name: 'Galaxy S21' });
    await h.book(buyer, productId);
    await until(() => pushesTo(phone.endpoint).length === 1 && pushesTo(laptop.endpoint).length === 1);
    expect(JSON.parse(pushesTo(phone.endpoint)[0]!.payload)).toMatchObject({ title: 'Karim booked your Galaxy S21', url: '/dashboard/myproduct', lang: 'en' });
  });

  it('forget a device the push service says is gone (410), and its pushes with it', async () => {
    const [seller, buyer] = await Promise.all([h.register('Seller'), h.register('Buyer')]);
    const device = browserSubscription();
    const id = json<{ _id: string }>(await subscribe(h, seller, asJson(device)))._id;
    await fetch(`${push.url}/__fake/subscriptions/${device.id}/gone`, { method: 'POST' });
    await messageFrom(h, buyer, await h.createProduct(seller));
    await until(async () => (await h.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id))).length === 0);
    expect(await h.database.db.select().from(emailOutbox).where(eq(emailOutbox.userId, seller.id))).toEqual([]);
    expect(pushesTo(device.endpoint)).toEqual([]);
  });

  it('go on to the new address when the browser replaces the subscription by itself; only its old keys can move it', async () => {
    const [seller, buyer] = await Promise.all([h.register('Seller'), h.register('Buyer')]);
    const [before, after] = [browserSubscription(), browserSubscription()];
    const id = json<{ _id: string }>(await subscribe(h, seller, asJson(before)))._id;
    // What the service worker posts on `pushsubscriptionchange`: no sign-in, the old and the new subscription.
    const renew = (body: object, language = 'en') => h.app.inject({ method: 'POST', url: '/push/renewals', headers: { 'accept-language': language }, payload: body });

    const stranger = asJson(browserSubscription());
    const refused: [object, number, string, string][] = [
      // Someone who knows the address but not the browser's keys.
      [{ oldSubscription: { ...asJson(before), keys: stranger.keys }, newSubscription: stranger }, 404, 'oldSubscription দিয়ে কোনো ডিভাইসে পুশ যায় না: নোটিফিকেশন সেটিংসে আবার পুশ চালু করুন', 'bn'],
      [{ oldSubscription: stranger, newSubscription: asJson(after) }, 404, 'No device gets pushes with oldSubscription: turn pushes on again in the notification settings', 'en'],
      [{ oldSubscription: asJson(before), newSubscription: { ...asJson(after), endpoint: 'https://attacker.example/collect' } }, 400, "The endpoint is not a push service's address", 'en'],
      [{ oldSubscription: asJson(before), newSubscription: { ...asJson(after), keys: { ...after.keys, p256dh: `B${'A'.repeat(86)}` } } }, 400, 'keys.p256dh is not a point on the P-256 curve', 'en'],
      [{ oldSubscription: asJson(before) }, 400, 'newSubscription', 'en'],
    ];
    for (const [body, status, message, language] of refused) {
      const answer = await renew(body, language);
      expect(answer.statusCode, JSON.stringify(body)).toBe(status);
      expect(json<{ message: string }>(answer).message).toContain(message);
    }
    expect(await h.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, seller.id))).toEqual([expect.objectContaining({ id, endpoint: before.endpoint })]);

    // The browser's own renewal: the same device, now at the new address, and the old one no longer works.
    const renewed = await renew({ oldSubscription: asJson(before), newSubscription: asJson(after) });
    expect(renewed.statusCode).toBe(200);
    expect(json(renewed)).toMatchObject({ _id: id, endpoint: after.endpoint });
    await fetch(`${push.url}/__fake/subscriptions/${before.id}/gone`, { method: 'POST' });
    await messageFrom(h, buyer, await h.createProduct(seller, { name: 'Redmi Note 12' }));
    await until(() => pushesTo(after.endpoint).length === 1);
    expect(JSON.parse(pushesTo(after.endpoint)[0]!.payload)).toMatchObject({ body: 'About Redmi Note 12' });
    expect(pushesTo(before.endpoint)).toEqual([]);
    expect(json<{ items: unknown[] }>(await h.app.inject({ method: 'GET', url: '/me/push-subscriptions', headers: auth(seller.accessToken) })).items).toEqual([expect.objectContaining({ _id: id, endpoint: after.endpoint })]);
    // The same renewal again (the worker tried twice) finds nothing more to move.
    expect((await renew({ oldSubscription: asJson(before), newSubscription: asJson(after) })).statusCode).toBe(404);
  });

  it('a renewal to an address the person already turned pushes on for keeps that one device', async () => {
    const seller = await h.register('Seller');
    const [before, after] = [browserSubscription(), browserSubscription()];
    await subscribe(h, seller, asJson(before));
    const again = json<{ _id: string }>(await subscribe(h, seller, asJson(after)))._id;
    const renewed = await h.app.inject({ method: 'POST', url: '/push/renewals', payload: { oldSubscription: asJson(before), newSubscription: asJson(after) } });
    expect(json(renewed)).toMatchObject({ _id: again, endpoint: after.endpoint });
    expect(json<{ items: unknown[] }>(await h.app.inject({ method: 'GET', url: '/me/push-subscriptions', headers: auth(seller.accessToken) })).items).toEqual([expect.objectContaining({ _id: again })]);
  });

  it('arrive once each when the push service is back from a bad moment (503)', async () => {
    const [seller, buyer] = await Promise.all([h.register('Seller'), h.register('Buyer')]);
    const device = browserSubscription();
    await subscribe(h, seller, asJson(device));
    // The switch is the push service's, for whatever comes next: the earlier tests' pushes are all sent first.
    await until(async () => (await h.database.db.select().from(emailOutbox)).every((row) => row.channel === 'email' || row.status === 'sent' || row.status === 'skipped'));
    push.switches.unavailable = 2;
    await messageFrom(h, buyer, await h.createProduct(seller));
    await until(() => pushesTo(device.endpoint).length === 1, 30_000);
    // The push service has it before the worker writes down that it was sent: wait for that too.
    const sellersRow = async () => (await h.database.db.select().from(emailOutbox).where(eq(emailOutbox.userId, seller.id)))[0];
    await until(async () => (await sellersRow())?.status !== 'sending', 10_000);
    expect(await sellersRow()).toMatchObject({ status: 'sent', attempts: 3 });
    await sleep(1500);
    expect(pushesTo(device.endpoint)).toHaveLength(1);
  });
});

describe('the push services pushes may go to', () => {
  it('are those listed, by scheme, host and port; `*.` stands for any subdomain and no more', () => {
    const services = ['https://fcm.googleapis.com', 'https://*.notify.windows.com', 'http://127.0.0.1:4140'];
    for (const endpoint of ['https://fcm.googleapis.com/fcm/send/x', 'https://db5p.notify.windows.com/w/?token=x', 'http://127.0.0.1:4140/push/x']) expect(isPushService(endpoint, services), endpoint).toBe(true);
    for (const endpoint of ['http://fcm.googleapis.com/fcm/send/x', 'https://fcm.googleapis.com.evil.test/x', 'https://evilnotify.windows.com/w', 'https://notify.windows.com.evil.test/w', 'http://127.0.0.1:4141/push/x', 'http://localhost:4140/push/x'])
      expect(isPushService(endpoint, services), endpoint).toBe(false);
  });
});

describe('without a VAPID key pair', () => {
  it('offers no pushes: 404 with a clear message, and nothing is kept', async () => {
    const h = await createHarness();
    try {
      const buyer = await h.register('Buyer');
      const key = await h.app.inject({ method: 'GET', url: '/push/key', headers: { 'accept-language': 'bn' } });
      expect(key.statusCode).toBe(404);
      expect(json<{ message: string }>(key).message).toBe('এখানে পুশ নোটিফিকেশন চালু নেই');
      const refused = await subscribe(h, buyer, asJson(browserSubscription()));
      expect(refused.statusCode).toBe(404);
      expect(await h.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, buyer.id))).toEqual([]);
    } finally {
      await h.close();
    }
  });
});

describe.runIf(databaseKind === 'postgres')('pushes across instances (PostgreSQL)', () => {
  // Two API processes one after the other, as the e-mail's test of the same (email.test.ts).
  it('show once when their worker is killed after the push service took one but before it answered', { timeout: 90_000 }, async () => {
    // The harness writes the rows (no queue: they wait in the outbox); real API processes send them.
    const h = await createHarness({ ...pushEnv(), JOB_QUEUE: 'off' });
    const env = outboxProcessEnv(h.env, pushEnv());
    const boss = new PgBoss({ connectionString: h.env.DATABASE_URL, schema: JOBS_SCHEMA, supervise: false, schedule: false, migrate: false });
    try {
      const [seller, buyer] = await Promise.all([h.register('Seller'), h.register('Buyer', 'Mitu')]);
      const device = browserSubscription();
      await subscribe(h, seller, asJson(device));
      const productId = await h.createProduct(seller, { name: 'Galaxy A54' });
      await messageFrom(h, buyer, productId);

      // The push service takes the push and the worker dies before it hears back: the row stays claimed.
      push.switches.stall = true;
      const first = await startApiProcess(env);
      await until(() => pushesTo(device.endpoint).length === 1, 30_000);
      first.child.kill('SIGKILL');
      await first.exited;
      push.switches.stall = false;
      const [row] = await h.database.db.select().from(emailOutbox).where(eq(emailOutbox.userId, seller.id));
      expect(row).toMatchObject({ channel: 'push', status: 'sending', attempts: 1 });

      // The next process takes the row over once the lease has run out, and sends it again with the same Topic: the
      // push service replaces the one the device had not taken yet (RFC 8030 §5.4), and the worker's tag would
      // replace a shown one. So the device shows it once.
      await sleep(2500);
      const second = await startApiProcess(env);
      try {
        await until(() => pushesTo(device.endpoint).length === 2, 30_000);
        const [taken, resent] = pushesTo(device.endpoint);
        expect(resent!.topic).toBe(taken!.topic);
        expect(resent!.payload).toBe(taken!.payload);
        expect([taken!.replaced, resent!.replaced]).toEqual([true, false]);
        await until(async () => (await h.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, row!.id)))[0]!.status === 'sent', 10_000);
        expect((await h.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, row!.id)))[0]).toMatchObject({ status: 'sent', attempts: 2 });

        // The same row queued three times more (a sweep and an enqueue racing, a job retried after it succeeded): no
        // more pushes, and neither is a new one queued three times sent more than once.
        await messageFrom(h, await h.register('Buyer', 'Rafi'), productId, 'Still there?');
        const [, next] = await h.database.db.select().from(emailOutbox).where(eq(emailOutbox.userId, seller.id)).orderBy(emailOutbox.id);
        await boss.start();
        await boss.insert(EMAIL_JOB, [row!.id, row!.id, row!.id, next!.id, next!.id, next!.id].map((outboxId) => ({ data: { outboxId } })));
        await until(() => pushesTo(device.endpoint).length === 3, 30_000);
        await sleep(3000);
        expect(pushesTo(device.endpoint)).toHaveLength(3);
        expect((await h.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, next!.id)))[0]).toMatchObject({ status: 'sent', attempts: 1 });
      } finally {
        second.child.kill('SIGTERM');
        await second.exited;
      }
    } finally {
      push.switches.stall = false;
      await boss.stop({ graceful: false }).catch(() => undefined);
      await h.close();
    }
  });

  it('are sent once each by one of two instances working the same queue', async () => {
    const h = await createHarness(pushEnv());
    const database = await openDatabase({ url: h.env.DATABASE_URL, poolSize: 3 });
    const other = await buildApp({ env: h.env, database, identity: createFirebaseIdentity(h.env), gateway: createStripeGateway(h.env) });
    await other.ready();
    try {
      const seller = await h.register('Seller');
      const device = browserSubscription();
      await subscribe(h, seller, asJson(device));
      const productId = await h.createProduct(seller);
      const buyers = await Promise.all(Array.from({ length: 8 }, () => h.register('Buyer')));
      for (const buyer of buyers) await messageFrom(h, buyer, productId);
      await until(() => pushesTo(device.endpoint).length >= 8, 30_000);
      await sleep(2500);
      expect(pushesTo(device.endpoint)).toHaveLength(8);
      expect(new Set(pushesTo(device.endpoint).map((item) => item.topic)).size).toBe(8);
      expect((await h.database.db.select().from(emailOutbox).where(eq(emailOutbox.userId, seller.id))).every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
    } finally {
      await other.close();
      await database.close();
      await h.close();
    }
  });
});
