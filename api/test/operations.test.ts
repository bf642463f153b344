import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { createFirebaseIdentity } from '../src/modules/identity/auth/identity.js';
import { createRedis } from '../src/redis.js';
import { createStripeGateway } from '../src/modules/payments/gateway.js';
import { auth, createHarness, json, type Harness } from './support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ SUGGEST_RATE_LIMIT_MAX: '2' });
});
afterAll(() => h.close());

const deps = (extra: object = {}) => ({ env: h.env, database: h.database, identity: createFirebaseIdentity(h.env), gateway: createStripeGateway(h.env), ...extra });

describe('GET /health/ready', () => {
  it('is ready when the database answers', async () => {
    const response = await h.app.inject({ method: 'GET', url: '/health/ready' });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ status: 'ready', checks: { database: 'ok' } });
  });

  it('is not ready while the instance shuts down, though it still answers', async () => {
    const lifecycle = { draining: false };
    const app = await buildApp(deps({ lifecycle }));
    expect((await app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
    lifecycle.draining = true;
    const draining = await app.inject({ method: 'GET', url: '/health/ready' });
    expect(draining.statusCode).toBe(503);
    expect(json(draining)).toMatchObject({ status: 'not-ready', checks: { database: 'ok', shutdown: expect.stringContaining('in progress') } });
    expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    await app.close();
  });

  it('says Redis failed when it is configured and does not answer', async () => {
    const redis = createRedis('redis://127.0.0.1:1', { warn: () => undefined, info: () => undefined });
    const app = await buildApp(deps({ redis }));
    const response = await app.inject({ method: 'GET', url: '/health/ready' });
    expect(response.statusCode).toBe(503);
    expect(json(response)).toMatchObject({ status: 'not-ready', checks: { database: 'ok', redis: expect.stringMatching(/^failed: /) } });
    await app.close();
    redis.disconnect();
  });

  it('says the database failed when it does not answer', async () => {
    const broken = await createHarness();
    await broken.database.close();
    const response = await broken.app.inject({ method: 'GET', url: '/health/ready' });
    expect(response.statusCode).toBe(503);
    expect(json(response)).toMatchObject({ status: 'not-ready', checks: { database: expect.stringMatching(/^failed: /) } });
    await broken.close();
  });
});

describe('GET /metrics', () => {
  it('reports requests by route and status, the event loop, the pool, the cache, payments and rate-limit rejections', async () => {
    const seller = await h.register('Seller');
    const buyer = await h.register('Buyer');
    const productId = await h.createProduct(seller);
    await h.sell(productId);
    for (let i = 0; i < 2; i++) await h.app.inject({ method: 'GET', url: '/categories' });
    await h.app.inject({ method: 'GET', url: `/product/${productId}`, headers: auth(buyer.accessToken) });
    await h.app.inject({ method: 'GET', url: '/no-such-route-1' });
    await h.app.inject({ method: 'GET', url: '/no-such-route-2' });
    // Suggestions are limited to 2 a minute here: the third is refused.
    for (let i = 0; i < 3; i++) await h.app.inject({ method: 'GET', url: '/search/suggest?q=iphone' });

    const response = await h.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    const value = (series: string) => Number(text.split('\n').find((line) => line.startsWith(`${series} `))?.split(' ')[1]);
    expect(value('http_request_duration_seconds_count{method="GET",route="/categories",status_code="200"}')).toBeGreaterThanOrEqual(2);
    expect(value('http_request_duration_seconds_count{method="GET",route="/product/:id",status_code="200"}')).toBe(1);
    // Unknown paths share one series.
    expect(value('http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}')).toBe(2);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^phonehaat_db_pool_connections\{state="in_use"\} \d/m);
    expect(value('phonehaat_read_cache_lookups_total{result="hit"}')).toBeGreaterThanOrEqual(1);
    expect(value('phonehaat_payments_total{outcome="settled"}')).toBe(1);
    expect(value('phonehaat_rate_limit_rejections_total{route="/search/suggest"}')).toBe(1);
  });

  it('is never rate limited, and can move to a port of its own', async () => {
    const limited = await createHarness({ RATE_LIMIT_MAX: '3' });
    for (let i = 0; i < 6; i++) expect((await limited.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
    await limited.close();
    const elsewhere = await createHarness({ METRICS_PORT: '9464' });
    expect((await elsewhere.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    await elsewhere.close();
  });
});
