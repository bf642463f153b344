// GET /catalog/changes (issue 66): what the shell's server listens to, to forget the visitors' pages it keeps. A
// change made here, or through another instance on the same PostgreSQL, is told at once; a stream is let go at close.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { createFirebaseIdentity } from '../src/modules/identity/auth/identity.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { createStripeGateway } from '../src/modules/payments/gateway.js';
import { auth, createHarness, databaseKind, type Harness } from './support/harness.js';
import { openStream, type OpenStream } from './support/sse.js';

/** The `since`-th event's name, once it has come. */
async function nth(stream: OpenStream, since: number, timeoutMs = 2000) {
  await stream.next(() => true, timeoutMs, since);
  return stream.names[since];
}

let h: Harness;
let base: string;

beforeAll(async () => {
  h = await createHarness();
  base = await h.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => h.close());

describe('GET /catalog/changes', () => {
  it('says ready, then tells of each change to what visitors see', async () => {
    const stream = await openStream(`${base}/catalog/changes`);
    expect(stream.status).toBe(200);
    expect(await nth(stream, 0)).toBe('ready');

    const seller = await h.register('Seller');
    const id = await h.createProduct(seller);
    expect(await nth(stream, 1)).toBe('change');
    const seen = stream.names.length;
    await h.app.inject({ method: 'DELETE', url: `/postedproduct/${id}`, headers: auth(seller.accessToken) });
    expect(await nth(stream, seen)).toBe('change');
    stream.close();
  });

  it('tells nothing for a read', async () => {
    const stream = await openStream(`${base}/catalog/changes`);
    await nth(stream, 0);
    await h.app.inject({ method: 'GET', url: '/advertised' });
    await h.app.inject({ method: 'GET', url: '/products?limit=5' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(stream.names).toEqual(['ready']);
    stream.close();
  });
});

describe.runIf(databaseKind === 'postgres')('across instances', () => {
  let second: { app: FastifyInstance; database: Database };
  let secondBase: string;
  beforeAll(async () => {
    const database = await openDatabase({ url: h.env.DATABASE_URL, poolSize: 3 });
    const app = await buildApp({ env: h.env, database, identity: createFirebaseIdentity(h.env), gateway: createStripeGateway(h.env) });
    second = { app, database };
    secondBase = await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.database.close();
  });

  it("tells a listener on one instance of a change made through another, and lets it go when the instance stops", async () => {
    const stream = await openStream(`${secondBase}/catalog/changes`);
    await nth(stream, 0);
    const seller = await h.register('Seller');
    await h.createProduct(seller);
    expect(await nth(stream, 1, 3000)).toBe('change');
    // Closing the instance ends its streams rather than waiting on them.
    const started = Date.now();
    await second.app.close();
    await expect.poll(() => stream.ended(), { timeout: 5000 }).toBe(true);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
