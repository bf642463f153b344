// Two real API processes on one fresh PostgreSQL database and one Redis, as a deployment behind a load
// balancer runs them. Needs TEST_DATABASE_URL (and TEST_REDIS_URL); skipped with a message otherwise.
import { randomInt, randomUUID } from 'node:crypto';
import pg from 'pg';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '@phonehaat/fake-stripe';
import { createTokenService } from '../src/modules/identity/auth/tokens.js';
import { freePort, startApiProcess, type ApiProcess } from './support/api-process.js';
import { databaseKind, temporaryPostgres } from './support/harness.js';

const redisUrl = process.env.TEST_REDIS_URL;
const ready = databaseKind === 'postgres' && Boolean(redisUrl);
const JWT_SECRET = `cluster-test-secret-${randomUUID()}`;

let temp: Awaited<ReturnType<typeof temporaryPostgres>>;
let stripe: FakeStripe;
let stripeClient: Stripe;
let env: Record<string, string>;
let a: ApiProcess;
let b: ApiProcess;
let db: pg.Client;
const tokens = createTokenService(JWT_SECRET);

/**
 * A user made directly in the database, with the access token GET /jwt would give them, and a verified phone number
 * (listing, booking and writing need one, issue 46): a made-up Bangladeshi mobile number.
 */
async function user(role: 'Buyer' | 'Seller') {
  const email = `${role.toLowerCase()}-${randomUUID().slice(0, 8)}@cluster.test`;
  const phone = `+8801${3 + randomInt(7)}${String(randomInt(100_000_000)).padStart(8, '0')}`;
  const { rows } = await db.query<{ id: string }>('INSERT INTO users (name, email, role, phone, phone_verified_at) VALUES ($1, $2, $3, $4, now()) RETURNING id', [
    `${role} ${email.slice(0, 12)}`,
    email,
    role,
    phone,
  ]);
  return { id: rows[0]!.id, email, token: await tokens.sign({ userId: rows[0]!.id, email, role }) };
}

async function call<T = unknown>(base: string, method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json().catch(() => undefined)) as T };
}

async function listPhone(base: string, seller: { token: string }, name = `Cluster phone ${randomUUID().slice(0, 6)}`) {
  const { rows } = await db.query<{ id: string }>("SELECT id FROM brands WHERE name = 'Samsung'");
  const created = await call<{ insertedId: string }>(base, 'POST', '/addedproducts', seller.token, {
    name,
    brandId: rows[0]!.id,
    resalePrice: 30000,
    originalPrice: 60000,
    condition: 'Good',
    phone: '01711-000000',
    location: 'Mirpur, Dhaka',
    img: 'http://localhost:4100/images/products/galaxy-a54.svg',
    usedYear: 2023,
  });
  expect(created.status).toBe(201);
  return { id: created.body.insertedId, name };
}

const start = (extra: Record<string, string> = {}) => startApiProcess({ ...env, ...extra });

describe.skipIf(!ready)('several API instances on one PostgreSQL and one Redis', () => {
  beforeAll(async () => {
    temp = await temporaryPostgres();
    stripe = await startFakeStripe({ port: 0 });
    stripeClient = new Stripe('sk_test_cluster', { host: '127.0.0.1', port: stripe.port, protocol: 'http', maxNetworkRetries: 0 });
    env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATABASE_URL: temp.url,
      REDIS_URL: redisUrl!,
      REDIS_PREFIX: `cluster-test-${randomUUID().slice(0, 8)}:`,
      JWT_SECRET,
      STRIPE_SECRET_KEY: 'sk_test_cluster',
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(stripe.port),
      STRIPE_API_PROTOCOL: 'http',
      FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099',
      RATE_LIMIT_MAX: '100000',
      AUTH_RATE_LIMIT_MAX: '10',
      // A minute: only NOTIFY, not the TTL, can make the instances agree within a second.
      CACHE_TTL_MS: '60000',
      SHUTDOWN_TIMEOUT_MS: '10000',
    };
    // Both start together: the migrations take an advisory lock, so only one applies them.
    [a, b] = await Promise.all([start(), start()]);
    db = new pg.Client({ connectionString: temp.url });
    await db.connect();
    await db.query("INSERT INTO brands (name) VALUES ('Samsung')");
  }, 120_000);

  afterAll(async () => {
    for (const instance of [a, b]) {
      if (instance?.child.exitCode === null) {
        instance.child.kill('SIGTERM');
        await instance.exited;
      }
    }
    await db?.end();
    await stripe?.close();
    await temp?.drop();
  });

  it('sells a phone once when 20 buyers pay for it at once through both instances: one sale, 19 refunds, no 5xx', async () => {
    const seller = await user('Seller');
    const phone = await listPhone(a.url, seller);
    const buyers = await Promise.all(Array.from({ length: 20 }, () => user('Buyer')));
    const instance = (i: number) => (i % 2 ? b : a).url;
    const paid = await Promise.all(
      buyers.map(async (buyer, i) => {
        const booked = await call<{ insertedId: string }>(instance(i), 'POST', '/bookeditems', buyer.token, { id: phone.id, phone: '01811-000111', meetingLocation: 'Banani' });
        expect(booked.status).toBe(201);
        const intent = await call<{ clientSecret: string }>(instance(i + 1), 'POST', '/create-payment-intent', buyer.token, { bookingId: booked.body.insertedId });
        expect(intent.status).toBe(200);
        const confirmed = await stripeClient.paymentIntents.confirm(intent.body.clientSecret.split('_secret_')[0]!, { payment_method: 'pm_card_visa' });
        return { buyer, bookingId: booked.body.insertedId, transactionId: confirmed.id };
      }),
    );
    // Every buyer's card has been charged; now all record their payment at the same moment.
    const recorded = await Promise.all(
      paid.map(({ buyer, bookingId, transactionId }, i) => call(instance(i), 'POST', '/payments', buyer.token, { bookingId, transactionId })),
    );
    const statuses = recorded.map((response) => response.status);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    const { rows } = await db.query<{ payments: number; refunds: number; status: string }>(
      `SELECT (SELECT count(*)::int FROM payments p JOIN bookings k ON k.id = p.booking_id WHERE k.product_id = $1) AS payments,
              (SELECT count(*)::int FROM refunds r JOIN bookings k ON k.id = r.booking_id WHERE k.product_id = $1) AS refunds,
              (SELECT status FROM products WHERE id = $1) AS status`,
      [phone.id],
    );
    expect(rows[0]).toEqual({ payments: 1, refunds: 19, status: 'sold' });
  });

  it("clears the other instance's cache within a second: a listing deleted through A is gone from B's /advertised", async () => {
    const seller = await user('Seller');
    const phone = await listPhone(a.url, seller);
    expect((await call(a.url, 'POST', '/advertisedproducts', seller.token, { id: phone.id })).status).toBe(200);
    const advertisedOnB = async () => (await call<{ _id: string }[]>(b.url, 'GET', '/advertised?limit=50')).body.map((p) => p._id);
    expect(await advertisedOnB()).toContain(phone.id);
    expect((await call(a.url, 'DELETE', `/postedproduct/${phone.id}`, seller.token)).status).toBe(200);
    const deletedAt = Date.now();
    while ((await advertisedOnB()).includes(phone.id)) {
      expect(Date.now() - deletedAt, 'still on B').toBeLessThan(1000);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });

  it('serves its metrics on METRICS_PORT, off the API port, when that is set', async () => {
    const metricsPort = await freePort();
    const c = await start({ METRICS_PORT: String(metricsPort) });
    try {
      await fetch(`${c.url}/categories`);
      const metrics = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toMatch(/^http_request_duration_seconds_count\{method="GET",route="\/categories",status_code="200"\} 1$/m);
      expect((await fetch(`${c.url}/metrics`)).status).toBe(404);
    } finally {
      c.child.kill('SIGTERM');
      await c.exited;
    }
  });

  it('counts the auth rate limit across both instances', async () => {
    const statuses = [];
    for (let i = 0; i < 12; i++) statuses.push((await call(i % 2 ? b.url : a.url, 'GET', '/jwt?email=someone%40cluster.test')).status);
    // 10 a minute for the deployment, not 10 per instance.
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('finishes every request A accepted when it gets SIGTERM under load, while B keeps serving', async () => {
    const buyer = await user('Buyer');
    const seller = await user('Seller');
    const phone = await listPhone(b.url, seller);
    const path = '/search?q=cluster+phone&sort=price_asc';
    const accepted = () => a.output().split('\n').filter((line) => line.includes('"incoming request"') && line.includes('cluster+phone')).length;
    const before = accepted();
    // A load on A; the signal comes once A has taken some of it in...
    const onA = Array.from({ length: 40 }, () => call(a.url, 'GET', path, buyer.token).then(
      (response) => response.status,
      (error: Error) => `refused: ${error.message}`,
    ));
    while (accepted() - before < 5) await new Promise((resolve) => setTimeout(resolve, 2));
    a.child.kill('SIGTERM');
    // ...and a steady load on B meanwhile.
    const onB = [];
    for (let i = 0; i < 40; i++) onB.push(call(b.url, 'GET', `/product/${phone.id}`, buyer.token));
    const outcomes = await Promise.all(onA);
    expect(await a.exited).toBe(0);
    expect(a.output()).toContain('shut down cleanly');

    // Every request A logged as received, it answered, and with 200 (none refused half-way, none 503).
    const log = a.output().split('\n').flatMap((line) => {
      try {
        return [JSON.parse(line) as { reqId?: string; msg?: string; req?: { url?: string }; res?: { statusCode?: number } }];
      } catch {
        return [];
      }
    });
    const received = new Set(log.filter((entry) => entry.msg === 'incoming request' && entry.req?.url === path).map((entry) => entry.reqId));
    const answered = log.filter((entry) => entry.msg === 'request completed' && received.has(entry.reqId));
    expect(received.size).toBeGreaterThanOrEqual(5);
    expect(answered.map((entry) => entry.res?.statusCode)).toEqual(Array(received.size).fill(200));
    // The client saw those 200s; anything else never reached A (a connection A no longer accepted).
    expect(outcomes.filter((outcome) => outcome === 200).length).toBe(received.size);
    expect(outcomes.filter((outcome) => outcome !== 200 && !String(outcome).startsWith('refused'))).toEqual([]);
    expect((await Promise.all(onB)).map((response) => response.status)).toEqual(Array(40).fill(200));
    // A no longer accepts connections; B answers, and is ready.
    await expect(fetch(`${a.url}/health`)).rejects.toThrow();
    expect((await call(b.url, 'GET', '/health/ready')).status).toBe(200);
    a = await start();
  });

  it('recovers without a restart when PostgreSQL drops its connections under load, and is ready again after', async () => {
    const buyer = await user('Buyer');
    const seller = await user('Seller');
    const phone = await listPhone(a.url, seller);
    let stop = false;
    const statuses: number[] = [];
    const readiness: number[] = [];
    const loader = (async () => {
      while (!stop) {
        statuses.push((await call(b.url, 'GET', `/product/${phone.id}`, buyer.token).catch(() => ({ status: 0 }))).status);
        readiness.push((await call(b.url, 'GET', '/health/ready')).status);
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const killed = await db.query('SELECT count(*)::int AS n FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()) AS t');
    expect(killed.rows[0].n).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    stop = true;
    await loader;
    // Recovered by itself: the last requests succeed and it reports ready.
    expect(statuses.slice(-5)).toEqual(Array(5).fill(200));
    expect(readiness.at(-1)).toBe(200);
    // B's cache listener is back too: a deletion through A reaches B's cache at once.
    expect((await call(a.url, 'POST', '/advertisedproducts', seller.token, { id: phone.id })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const onB = async () => (await call<{ _id: string }[]>(b.url, 'GET', '/advertised?limit=50')).body.map((p) => p._id);
    expect(await onB()).toContain(phone.id);
    await call(a.url, 'DELETE', `/postedproduct/${phone.id}`, seller.token);
    const since = Date.now();
    while ((await onB()).includes(phone.id)) {
      expect(Date.now() - since).toBeLessThan(1000);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
});

describe.runIf(!ready)('several API instances', () => {
  it.skip('need TEST_DATABASE_URL and TEST_REDIS_URL (PostgreSQL and Redis servers); run with both set to prove them', () => undefined);
});
