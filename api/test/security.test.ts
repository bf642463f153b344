import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createHarness, firebaseSignUp, json, uniqueEmail, type Harness } from './support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ AUTH_RATE_LIMIT_MAX: '5', BODY_LIMIT: '2048' });
});
afterAll(() => h.close());

describe('hardening', () => {
  it('refuses a body over the limit with 413', async () => {
    const seller = await h.register('Seller');
    const response = await h.app.inject({
      method: 'POST',
      url: '/addedproducts',
      headers: { ...auth(seller.accessToken), 'content-type': 'application/json' },
      payload: JSON.stringify({ description: 'x'.repeat(5000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(json(response)).toMatchObject({ statusCode: 413 });
  });

  it('asks who the caller is before checking what they sent: 401 for nobody, 403 for the wrong role, never field errors', async () => {
    const bad = { name: '', resalePrice: 'lots' };
    const anonymous = await h.app.inject({ method: 'POST', url: '/addedproducts', payload: bad });
    expect(anonymous.statusCode).toBe(401);
    expect(json(anonymous)).not.toHaveProperty('fields');
    const expired = await h.app.inject({ method: 'POST', url: '/addedproducts', headers: auth('not-a-token'), payload: bad });
    expect(expired.statusCode).toBe(401);
    const buyer = await h.register('Buyer');
    const wrongRole = await h.app.inject({ method: 'POST', url: '/admin/blocked-imeis', headers: auth(buyer.accessToken), payload: { imei: 'x' } });
    expect(wrongRole.statusCode).toBe(403);
    expect(json(wrongRole)).not.toHaveProperty('fields');
    const badQuery = await h.app.inject({ method: 'GET', url: '/bookeditems?email=not-an-address' });
    expect(badQuery.statusCode).toBe(401);
    // The caller who may gets the field's message, as before.
    const seller = await h.register('Seller');
    const checked = await h.app.inject({ method: 'POST', url: '/addedproducts', headers: auth(seller.accessToken), payload: bad });
    expect(checked.statusCode).toBe(400);
    expect(json<{ fields: { field: string }[] }>(checked).fields.map((field) => field.field)).toContain('resalePrice');
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const seller = await h.register('Seller');
    const response = await h.app.inject({
      method: 'POST',
      url: '/addedproducts',
      headers: { ...auth(seller.accessToken), 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
  });

  it('rate-limits the sign-in exchange more strictly than the rest', async () => {
    const email = uniqueEmail('hammer');
    const { idToken } = await firebaseSignUp(email);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push((await h.app.inject({ method: 'GET', url: `/jwt?email=${email}`, headers: auth(idToken), remoteAddress: '10.9.8.7' })).statusCode);
    }
    expect(statuses.slice(0, 5).every((status) => status === 403)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429]);
    // Another client is not affected, nor are ordinary reads.
    expect((await h.app.inject({ method: 'GET', url: '/categories', remoteAddress: '10.9.8.7' })).statusCode).toBe(200);
  });

  it('allows CORS only for configured origins', async () => {
    const allowed = await h.app.inject({ method: 'GET', url: '/categories', headers: { origin: 'http://localhost:4200' } });
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:4200');
    const other = await h.app.inject({ method: 'GET', url: '/categories', headers: { origin: 'https://evil.example' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('sends security headers and a request id', async () => {
    const response = await h.app.inject({ method: 'GET', url: '/categories' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['x-request-id']).toMatch(/[0-9a-f-]{36}/);
  });

  it('answers unknown routes with a JSON 404', async () => {
    const response = await h.app.inject({ method: 'GET', url: '/nope?x=1' });
    expect(response.statusCode).toBe(404);
    expect(json(response)).toMatchObject({ statusCode: 404, message: 'Route GET /nope not found', requestId: response.headers['x-request-id'] });
  });

  it('answers a known path asked with another method 405, naming the methods it answers in Allow', async () => {
    for (const [method, url, allow] of [
      ['DELETE', '/search?q=x', 'GET, HEAD'],
      ['PATCH', '/bookeditems', 'GET, HEAD, POST'],
      ['POST', '/users/buyers/someone%40example.com', 'GET, HEAD'],
      ['GET', '/webhooks/stripe', 'POST'],
    ] as const) {
      const response = await h.app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(405);
      expect(response.headers.allow).toBe(allow);
      expect(json(response)).toMatchObject({ statusCode: 405, error: 'Method Not Allowed', requestId: response.headers['x-request-id'] });
    }
    const bangla = await h.app.inject({ method: 'PUT', url: '/search', headers: { 'accept-language': 'bn' } });
    expect(json<{ message: string }>(bangla).message).toBe('/search ঠিকানায় PUT চলে না; চলে: GET, HEAD');
    // An unknown path stays 404, and a preflight is still CORS's.
    expect((await h.app.inject({ method: 'DELETE', url: '/nowhere' })).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'OPTIONS', url: '/search', headers: { origin: 'http://localhost:4200', 'access-control-request-method': 'GET' } })).statusCode).toBe(204);
  });

  it('names the request in every error body, as in the logs, so a screenshot leads to the log line', async () => {
    for (const [url, status] of [['/search?q=x', 401], ['/products/not-an-id', 401], ['/advertised?limit=500', 400]] as const) {
      const response = await h.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(status);
      expect(json<{ requestId: string }>(response).requestId).toBe(response.headers['x-request-id']);
    }
  });

  it('serves the OpenAPI documentation generated from the shared schemas', async () => {
    const spec = json<{ paths: Record<string, Record<string, { requestBody?: unknown }>> }>(await h.app.inject({ method: 'GET', url: '/docs/json' }));
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/addedproducts', '/bookeditems', '/payments', '/jwt', '/seller/verify/{id}', '/uploads', '/photos/{key}', '/addedproducts/{id}/photos']),
    );
    expect(JSON.stringify(spec.paths['/addedproducts']?.post?.requestBody)).toContain('resalePrice');
    expect((await h.app.inject({ method: 'GET', url: '/docs' })).statusCode).toBeLessThan(400);
  });

  it('names every operation once (operationId) and files it under a tag, for generated clients and the docs', async () => {
    const spec = json<{ paths: Record<string, Record<string, { operationId?: string; tags?: string[] }>> }>(await h.app.inject({ method: 'GET', url: '/docs/json' }));
    const operations = Object.entries(spec.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ at: `${method.toUpperCase()} ${path}`, ...operation })));
    expect(operations.length).toBeGreaterThanOrEqual(36);
    expect(operations.filter((operation) => !operation.operationId || !operation.tags?.length).map((operation) => operation.at)).toEqual([]);
    const ids = operations.map((operation) => operation.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });
});

/** A log stream for an app of the test's own, and the lines written to it. */
function logSink() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, sink };
}

describe('failures', () => {
  it('hides internals of a 500 and logs it with the request id; tokens never reach the logs', async () => {
    const { lines, sink } = logSink();
    const broken = await createHarness();
    const { buildApp } = await import('../src/app.js');
    const { createFirebaseIdentity } = await import('../src/modules/identity/auth/identity.js');
    const { createStripeGateway } = await import('../src/modules/payments/gateway.js');
    const app = await buildApp(
      { env: { ...broken.env, LOG_LEVEL: 'info' }, database: broken.database, identity: createFirebaseIdentity(broken.env), gateway: createStripeGateway(broken.env) },
      { logger: { level: 'info', stream: sink, redact: ['req.headers.authorization'] } },
    );
    const buyer = await broken.register('Buyer');
    await broken.database.close();
    const response = await app.inject({ method: 'GET', url: `/bookeditems?email=${buyer.email}`, headers: auth(buyer.accessToken) });
    expect(response.statusCode).toBe(500);
    const body = json<{ message: string; requestId: string }>(response);
    expect(body.message).toContain(response.headers['x-request-id'] as string);
    expect(body.requestId).toBe(response.headers['x-request-id']);
    expect(body.message).not.toMatch(/pglite|closed|sql|stack/i);
    const log = lines.join('');
    expect(log).toContain(response.headers['x-request-id'] as string);
    expect(log).not.toContain(buyer.accessToken);
    await app.close();
    await broken.close();
  });

  it("never logs the event stream's ticket (the one secret an address carries)", async () => {
    const { lines, sink } = logSink();
    const { buildApp } = await import('../src/app.js');
    const { createFirebaseIdentity } = await import('../src/modules/identity/auth/identity.js');
    const { createStripeGateway } = await import('../src/modules/payments/gateway.js');
    const app = await buildApp(
      { env: { ...h.env, LOG_LEVEL: 'info' }, database: h.database, identity: createFirebaseIdentity(h.env), gateway: createStripeGateway(h.env) },
      { logger: { level: 'info', stream: sink } },
    );
    const secret = 'tkt_5f1e8a0c9b7d4e2a';
    const response = await app.inject({ method: 'GET', url: `/stream?ticket=${secret}&after=42` });
    expect(response.statusCode).toBe(401);
    const log = lines.join('');
    expect(log).toContain('/stream?ticket=[redacted]&after=42');
    expect(log).not.toContain(secret);
    await app.close();
  });
});
