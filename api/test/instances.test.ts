// Two API instances in one process, on one database (and one Redis): what one writes, the other sees.
// Runs on PostgreSQL (PGlite is one process: nothing to share) and needs TEST_REDIS_URL for the Redis part.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { createFirebaseIdentity } from '../src/modules/identity/auth/identity.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { createStripeGateway } from '../src/modules/payments/gateway.js';
import { createRedis } from '../src/redis.js';
import type { Message } from '@phonehaat/shared-api';
import { auth, createHarness, databaseKind, json, type Harness } from './support/harness.js';
import { openStream } from './support/sse.js';

const redisUrl = process.env.TEST_REDIS_URL;
const onPostgres = databaseKind === 'postgres';

let h: Harness;
let second: { app: FastifyInstance; database: Database };

/** Another instance of the API: its own pool, cache and listener, on the harness's database. */
async function anotherInstance(env: Harness['env'], extra: object = {}) {
  const database = await openDatabase({ url: env.DATABASE_URL, poolSize: 3 });
  const app = await buildApp({ env, database, identity: createFirebaseIdentity(env), gateway: createStripeGateway(env), ...extra });
  await app.ready();
  return { app, database };
}

const advertisedNames = async (app: FastifyInstance) => json<{ name: string }[]>(await app.inject({ method: 'GET', url: '/advertised?limit=50' })).map((p) => p.name);

async function waitUntil(condition: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const start = Date.now();
  while (!(await condition())) {
    if (Date.now() - start > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - start;
}

describe.runIf(onPostgres)('read caches across instances (PostgreSQL LISTEN/NOTIFY)', () => {
  beforeAll(async () => {
    h = await createHarness({ CACHE_TTL_MS: '60000' });
    second = await anotherInstance(h.env);
  });
  afterAll(async () => {
    await second.app.close();
    await second.database.close();
    await h.close();
  });

  it("clears the other instance's cache within a second of a write", async () => {
    const seller = await h.register('Seller');
    const name = `Advertised ${randomUUID().slice(0, 6)}`;
    const id = await h.createProduct(seller, { name });
    await h.app.inject({ method: 'POST', url: '/advertisedproducts', headers: auth(seller.accessToken), payload: { id } });
    // The second instance caches the list (for a minute, here)...
    await waitUntil(async () => (await advertisedNames(second.app)).includes(name), 1000);
    await h.app.inject({ method: 'DELETE', url: `/postedproduct/${id}`, headers: auth(seller.accessToken) });
    // ...and forgets it as soon as the first one deletes the phone.
    const took = await waitUntil(async () => !(await advertisedNames(second.app)).includes(name), 1000);
    expect(took).toBeLessThan(1000);
  });

  it('listens again after its connection is dropped, and clears its cache then (it may have missed messages)', async () => {
    const seller = await h.register('Seller');
    const name = `Advertised ${randomUUID().slice(0, 6)}`;
    const id = await h.createProduct(seller, { name });
    await h.app.inject({ method: 'POST', url: '/advertisedproducts', headers: auth(seller.accessToken), payload: { id } });
    await waitUntil(async () => (await advertisedNames(second.app)).includes(name), 1000);

    // Drop every listening connection on the server; one write happens while they are gone.
    const admin = new pg.Client({ connectionString: h.env.DATABASE_URL });
    await admin.connect();
    const listening = async () =>
      (await admin.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %'")).rows[0].n as number;
    try {
      await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %'");
      await h.database.db.execute(sql`UPDATE products SET deleted_at = now() WHERE id = ${id}`);
      // The second instance missed nothing it could have heard, yet its reconnection clears its cache.
      await waitUntil(async () => !(await advertisedNames(second.app)).includes(name), 5000);
      // Both instances listen again (each on its own back-off, so not necessarily at the same moment), each on one
      // connection for all its channels (the cache bus and conversations)...
      await waitUntil(async () => (await listening()) === 2, 5000);
      // ...and the second hears the next write again.
      const next = await h.createProduct(seller, { name: `${name} 2` });
      await h.app.inject({ method: 'POST', url: '/advertisedproducts', headers: auth(seller.accessToken), payload: { id: next } });
      await waitUntil(async () => (await advertisedNames(second.app)).includes(`${name} 2`), 1000);
      expect(await listening()).toBe(2);
    } finally {
      await admin.end();
    }
  });
});

describe.runIf(onPostgres)('conversations across instances (PostgreSQL LISTEN/NOTIFY)', () => {
  let a: Harness;
  let b: { app: FastifyInstance; database: Database };
  let streamBase: string;
  beforeAll(async () => {
    a = await createHarness();
    b = await anotherInstance(a.env);
    streamBase = await b.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await b.app.close();
    await b.database.close();
    await a.close();
  });

  async function thread() {
    const seller = await a.register('Seller');
    const buyer = await a.register('Buyer');
    const opened = await a.app.inject({ method: 'POST', url: '/threads', headers: auth(buyer.accessToken), payload: { productId: await a.createProduct(seller) } });
    // A ticket opens one stream: the browser asks for a new one each time it connects.
    const newTicket = async () => json<{ ticket: string }>(await a.app.inject({ method: 'POST', url: '/stream/tickets', headers: auth(seller.accessToken) })).ticket;
    const sendAs = async (body: string) =>
      json<Message>(await a.app.inject({ method: 'POST', url: `/threads/${json<{ _id: string }>(opened)._id}/messages`, headers: auth(buyer.accessToken), payload: { clientId: randomUUID(), body } }));
    return { ticket: await newTicket(), newTicket, sendAs };
  }

  it("brings a message sent through one instance to the other person's stream on the other within a second", async () => {
    const { ticket, sendAs } = await thread();
    const stream = await openStream(`${streamBase}/stream?ticket=${ticket}`);
    try {
      await stream.next((event) => event.type === 'ready');
      const started = Date.now();
      const sent = await sendAs('Is the battery original?');
      expect(await stream.next((event) => event.type === 'message', 1000)).toEqual({ type: 'message', message: sent });
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      stream.close();
    }
  });

  it("brings each person their own notification of a listing that hundreds of saved searches found, on the other instance", async () => {
    const watcher = await a.register('Buyer');
    const other = await a.register('Buyer');
    const seller = await a.register('Seller');
    // 250 other people's searches for the same phone (three notes of ids), the two streams' people among them.
    await a.database.db.execute(sql`INSERT INTO users (name, email, role) SELECT 'Many ' || g, 'many' || g || '-' || ${randomUUID()} || '@example.test', 'Buyer' FROM generate_series(1, 250) AS g`);
    await a.database.db.execute(sql`INSERT INTO saved_searches (user_id, name, query, tsquery, required)
      SELECT id, 'Galaxy Z9', 'q=galaxy+z9', 'galaxy & z9', '{galaxy,z9}' FROM users WHERE email LIKE 'many%'`);
    for (const person of [watcher, other])
      expect((await a.app.inject({ method: 'POST', url: '/saved-searches', headers: auth(person.accessToken), payload: { name: `Z9 for ${person.name}`, query: 'q=galaxy+z9' } })).statusCode).toBe(201);
    const ticket = async (person: typeof watcher) => json<{ ticket: string }>(await a.app.inject({ method: 'POST', url: '/stream/tickets', headers: auth(person.accessToken) })).ticket;
    const streams = [await openStream(`${streamBase}/stream?ticket=${await ticket(watcher)}`), await openStream(`${streamBase}/stream?ticket=${await ticket(other)}`)];
    try {
      for (const stream of streams) await stream.next((event) => event.type === 'ready');
      const listed = await a.createProduct(seller, { name: 'Galaxy Z9 256GB', brandId: a.brandIds.Samsung! });
      for (const [i, person] of [watcher, other].entries()) {
        const event = await streams[i]!.next((e) => e.type === 'notification', 3000);
        expect(event).toMatchObject({ type: 'notification', notification: { kind: 'saved-search', link: `/product/${listed}`, params: { productId: listed, searchName: `Z9 for ${person.name}` } } });
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      for (const stream of streams) expect(stream.events.filter((event) => event.type === 'notification')).toHaveLength(1);
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it('ends its streams when its listener was dropped, and the browser catches up from its last message: nothing lost', async () => {
    const { ticket, newTicket, sendAs } = await thread();
    const stream = await openStream(`${streamBase}/stream?ticket=${ticket}`);
    const admin = new pg.Client({ connectionString: a.env.DATABASE_URL });
    await admin.connect();
    try {
      await stream.next((event) => event.type === 'ready');
      const first = await sendAs('one');
      await stream.next((event) => event.type === 'message');
      await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %'");
      const missed = await sendAs('two');
      // The instance ends the stream once it listens again; the browser reconnects with the last id it had.
      await waitUntil(async () => stream.ended(), 5000);
      const again = await openStream(`${streamBase}/stream?ticket=${await newTicket()}&after=${first._id}`);
      try {
        await again.next((event) => event.type === 'ready');
        const caughtUp = again.events.flatMap((event) => (event.type === 'message' ? [event.message._id] : []));
        expect(caughtUp).toContain(missed._id);
      } finally {
        again.close();
      }
    } finally {
      stream.close();
      await admin.end();
    }
  });
});

describe.runIf(onPostgres && redisUrl)('rate limits across instances (Redis)', () => {
  const log = { warnings: [] as string[], infos: [] as string[] };
  const logger = { warn: (_: unknown, message: string) => log.warnings.push(message), info: (message: string) => log.infos.push(message) } as never;
  let base: Harness;
  beforeAll(async () => {
    base = await createHarness();
  });
  afterAll(() => base.close());

  it('counts the requests to both instances together', async () => {
    const prefix = `test-${randomUUID().slice(0, 8)}:`;
    const a = await createHarness({ REDIS_PREFIX: prefix, AUTH_RATE_LIMIT_MAX: '4' });
    const redisA = createRedis(redisUrl!, logger);
    const redisB = createRedis(redisUrl!, logger);
    const one = await anotherInstance(a.env, { redis: redisA });
    const two = await anotherInstance(a.env, { redis: redisB });
    try {
      const statuses = [];
      for (let i = 0; i < 6; i++) statuses.push((await (i % 2 ? two : one).app.inject({ method: 'GET', url: '/jwt?email=x%40y.test' })).statusCode);
      // 4 a minute for the pair, not 4 each.
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    } finally {
      for (const instance of [one, two]) {
        await instance.app.close();
        await instance.database.close();
      }
      await redisA.quit();
      await redisB.quit();
      await a.close();
    }
  });

  it('lets requests through when Redis goes away, and says so once', async () => {
    const dead = createRedis('redis://127.0.0.1:1', logger);
    const lonely = await anotherInstance(base.env, { redis: dead });
    const before = log.warnings.length;
    try {
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await lonely.app.inject({ method: 'GET', url: '/categories' })).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 200]);
      expect(log.warnings.slice(before).filter((message) => message.includes('Redis is unreachable')).length).toBeLessThanOrEqual(1);
    } finally {
      await lonely.app.close();
      await lonely.database.close();
      dead.disconnect();
    }
  });
});

describe.runIf(!onPostgres)('read caches across instances', () => {
  it('are one process on PGlite: the in-process path clears them (see the postgres project for LISTEN/NOTIFY)', async () => {
    const local = await createHarness();
    expect(local.database.listen).toBeUndefined();
    await local.close();
  });
});
