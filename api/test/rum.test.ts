// Real-user measurements (issue 29): the shell's beacons are validated, counted per minute and release, and read back
// as each release's figures by the deployer (its token) and an admin; two instances add to the same figures.
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReleaseFiguresList, RumBeacon } from '@phonehaat/shared-api';
import { buildApp } from '../src/app.js';
import { createFirebaseIdentity } from '../src/modules/identity/auth/identity.js';
import { DEV_RUM_READ_TOKEN } from '../src/config/env.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { createStripeGateway } from '../src/modules/payments/gateway.js';
import { auth, createHarness, databaseKind, json, type Harness } from './support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ RUM_FLUSH_MS: '100', RUM_RATE_LIMIT_MAX: '1000' });
});
afterAll(() => h.close());

let releaseCounter = 0;
/** A release id of this test's own, so tests never see each other's counts. */
const newRelease = () => `${Date.now().toString(16).slice(-8)}${(releaseCounter++).toString(16).padStart(4, '0')}`;
const home = (release: string) => ({ remote: 'storefront' as const, release, route: '/', lang: 'en' as const });

const send = (body: unknown, { app = h.app, type = 'text/plain;charset=UTF-8', ip = '127.0.0.1' }: { app?: FastifyInstance; type?: string; ip?: string } = {}) =>
  app.inject({ method: 'POST', url: '/rum', headers: { 'content-type': type }, payload: typeof body === 'string' ? body : JSON.stringify(body), remoteAddress: ip });

const deployer = { authorization: `Bearer ${DEV_RUM_READ_TOKEN}` };
const figuresOf = (releases: string[], headers: Record<string, string> = deployer, app = h.app) =>
  app.inject({ method: 'GET', url: `/rum/releases?remote=storefront&releases=${releases.join(',')}`, headers });

/** The figures once the instances' flushes have written at least `views` views of the first release. */
async function figuresAfterFlush(releases: string[], views: number): Promise<ReleaseFiguresList['releases']> {
  const until = Date.now() + 5000;
  for (;;) {
    const answer = json<ReleaseFiguresList>(await figuresOf(releases));
    if (answer.releases[0]!.views >= views || Date.now() > until) return answer.releases;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a page view is reported by beacon', () => {
  it('counts views, views with an error and the p75 of LCP and INP per release', async () => {
    const release = newRelease();
    const other = newRelease();
    // 20 views: 4 with an error (one of them with two errors: counted once), LCP 1000…2900 ms, INP 100 ms.
    for (let view = 0; view < 20; view++) {
      const events: RumBeacon['events'] = [{ type: 'view' }, { type: 'vital', name: 'LCP', value: 1000 + view * 100 }, { type: 'vital', name: 'INP', value: 100 }];
      if (view < 4) events.push({ type: 'error', kind: view === 0 ? 'boundary' : 'uncaught' });
      if (view === 0) events.push({ type: 'error', kind: 'rejection' });
      const sent = await send({ page: home(release), events });
      expect(sent.statusCode, sent.body).toBe(204);
    }
    // Another release's views stay its own; application/json is read too.
    expect((await send({ page: home(other), events: [{ type: 'view' }] }, { type: 'application/json' })).statusCode).toBe(204);

    const [mine, theirs] = await figuresAfterFlush([release, other], 20);
    expect(mine).toMatchObject({ release, views: 20, errors: 4, errorRate: 0.2, lcpSamples: 20, inpSamples: 20 });
    // The true p75 of 1000…2900 is 2400 ms; histogram buckets are 10% wide and read at their top.
    expect(mine!.lcpP75).toBeGreaterThanOrEqual(2400);
    expect(mine!.lcpP75).toBeLessThanOrEqual(2640);
    expect(mine!.inpP75).toBeGreaterThanOrEqual(100);
    expect(mine!.inpP75).toBeLessThanOrEqual(110);
    expect(theirs).toMatchObject({ release: other, views: 1, errors: 0, errorRate: 0, lcpP75: null, lcpSamples: 0 });
  });

  it('counts the views of the minute a canary began in, since views are kept per minute', async () => {
    const release = newRelease();
    const since = new Date().toISOString();
    await send({ page: home(release), events: [{ type: 'view' }] });
    await figuresAfterFlush([release], 1);
    const answer = await h.app.inject({ method: 'GET', url: `/rum/releases?remote=storefront&releases=${release}&since=${encodeURIComponent(since)}`, headers: deployer });
    expect(json<ReleaseFiguresList>(answer).releases[0]).toMatchObject({ views: 1 });
  });

  it('answers a release with no views yet with nothing measured', async () => {
    const [none] = json<ReleaseFiguresList>(await figuresOf([newRelease()])).releases;
    expect(none).toMatchObject({ views: 0, errors: 0, errorRate: null, lcpP75: null, inpP75: null });
  });

  it.each([
    ['a user id', { page: { ...home('abcdefabcdef'), userId: 'u-1' }, events: [{ type: 'view' }] }, /userId/],
    ['an address instead of a route', { page: { ...home('abcdefabcdef'), route: '/search?q=iphone' }, events: [{ type: 'view' }] }, /route pattern/],
    ['an e-mail in the route', { page: { ...home('abcdefabcdef'), route: '/sellers/rahim@example.com' }, events: [{ type: 'view' }] }, /route pattern/],
    ['an unknown remote', { page: { ...home('abcdefabcdef'), remote: 'checkout' }, events: [{ type: 'view' }] }, /remote/],
    ['a release that is not one', { page: home('v2'), events: [{ type: 'view' }] }, /release id/],
    ['an unknown language', { page: { ...home('abcdefabcdef'), lang: 'fr' }, events: [{ type: 'view' }] }, /lang/],
    ['a vital nobody measures', { page: home('abcdefabcdef'), events: [{ type: 'vital', name: 'FID', value: 10 }] }, /name/],
    ['a negative vital', { page: home('abcdefabcdef'), events: [{ type: 'vital', name: 'LCP', value: -5 }] }, /value/],
    ['an absurd vital', { page: home('abcdefabcdef'), events: [{ type: 'vital', name: 'LCP', value: 1e12 }] }, /value/],
    ['no events', { page: home('abcdefabcdef'), events: [] }, /events/],
    ['too many events', { page: home('abcdefabcdef'), events: Array.from({ length: 9 }, () => ({ type: 'view' })) }, /events/],
    ['a stack trace', { page: home('abcdefabcdef'), events: [{ type: 'error', kind: 'uncaught', message: 'TypeError at rahim@example.com' }] }, /message/],
  ])('refuses a beacon with %s (400, nothing counted)', async (_what, body, field) => {
    const answer = await send(body);
    expect(answer.statusCode).toBe(400);
    expect(json<{ message: string }>(answer).message).toMatch(field);
  });

  it('refuses a beacon that is not JSON, or too large, and counts nothing of them', async () => {
    const release = newRelease();
    expect((await send('{"page": ')).statusCode).toBe(400);
    expect(json<{ message: string }>(await send('not json at all')).message).toBe('The beacon is not JSON');
    const huge = JSON.stringify({ page: home(release), events: [{ type: 'view' }], padding: 'x'.repeat(5000) });
    expect((await send(huge)).statusCode).toBe(413);
    await new Promise((resolve) => setTimeout(resolve, 300)); // two flushes
    expect(json<ReleaseFiguresList>(await figuresOf([release])).releases[0]).toMatchObject({ views: 0 });
  });
});

describe('beacons are rate-limited per client', () => {
  it('answers 429 past the limit for that client only', async () => {
    const limited = await createHarness({ RUM_RATE_LIMIT_MAX: '3' });
    try {
      const beacon = { page: home(newRelease()), events: [{ type: 'view' }] };
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await send(beacon, { app: limited.app, ip: '10.0.0.7' })).statusCode);
      expect(codes).toEqual([204, 204, 204, 429]);
      expect((await send(beacon, { app: limited.app, ip: '10.0.0.8' })).statusCode).toBe(204);
    } finally {
      await limited.close();
    }
  });
});

describe('who may read the figures', () => {
  it('the deployer with its token and an admin; nobody else', async () => {
    const release = newRelease();
    expect((await figuresOf([release], {})).statusCode).toBe(401);
    expect((await figuresOf([release], { authorization: 'Bearer phonehaat-development-rum-readeR' })).statusCode).toBe(401);
    const buyer = await h.register('Buyer');
    expect((await figuresOf([release], auth(buyer.accessToken))).statusCode).toBe(403);
    const admin = await h.admin();
    expect((await figuresOf([release], auth(admin.accessToken))).statusCode).toBe(200);
    expect((await figuresOf(['not-a-release'])).statusCode).toBe(400);
    expect((await h.app.inject({ method: 'GET', url: '/admin/releases?remote=storefront', headers: deployer })).statusCode).toBe(401);
  });

  it("an admin sees a slice's releases over time, and is told when the deployer's history is unknown", async () => {
    const release = newRelease();
    for (let i = 0; i < 3; i++) await send({ page: home(release), events: [{ type: 'view' }, { type: 'vital', name: 'LCP', value: 1500 }] });
    await figuresAfterFlush([release], 3);
    const admin = await h.admin();
    const answer = await h.app.inject({ method: 'GET', url: '/admin/releases?remote=storefront&hours=6', headers: auth(admin.accessToken) });
    expect(answer.statusCode, answer.body).toBe(200);
    const series = json<{ stepMinutes: number; points: { release: string; views: number; lcpP75: number }[]; markersKnown: boolean; markers: unknown[] }>(answer);
    expect(series).toMatchObject({ stepMinutes: 5, markersKnown: false, markers: [] });
    const mine = series.points.filter((point) => point.release === release);
    expect(mine.reduce((sum, point) => sum + point.views, 0)).toBe(3);
    expect(mine[0]!.lcpP75).toBeGreaterThanOrEqual(1500);
    expect((await h.app.inject({ method: 'GET', url: '/admin/releases?remote=storefront&hours=0', headers: auth(admin.accessToken) })).statusCode).toBe(400);
  });
});

describe('thirty days are kept', () => {
  it('deletes older rows and keeps the rest', async () => {
    const old = newRelease();
    const recent = newRelease();
    const day = 24 * 60 * 60 * 1000;
    await h.database.db.execute(sql`INSERT INTO rum_views (minute, remote, release, route, lang, views) VALUES
      (${new Date(Date.now() - 31 * day).toISOString()}, 'storefront', ${old}, '/', 'en', 5),
      (${new Date(Date.now() - 29 * day).toISOString()}, 'storefront', ${recent}, '/', 'en', 5)`);
    const { createRumRepository } = await import('../src/rum/repository.js');
    await createRumRepository(h.database.db).prune(new Date(Date.now() - 30 * day));
    const left = await h.database.db.execute(sql`SELECT release FROM rum_views WHERE release IN (${old}, ${recent})`);
    expect((left as unknown as { rows: { release: string }[] }).rows.map((row) => row.release)).toEqual([recent]);
  });
});

describe.runIf(databaseKind === 'postgres')('two API instances', () => {
  let second: { app: FastifyInstance; database: Database };
  beforeAll(async () => {
    const database = await openDatabase({ url: h.env.DATABASE_URL, poolSize: 3 });
    const app = await buildApp({ env: h.env, database, identity: createFirebaseIdentity(h.env), gateway: createStripeGateway(h.env) });
    await app.ready();
    second = { app, database };
  });
  afterAll(async () => {
    await second.app.close();
    await second.database.close();
  });

  it('add their counts to the same figures, which either answers alike', async () => {
    const release = newRelease();
    const beacon = (error: boolean) => ({ page: home(release), events: [{ type: 'view' }, ...(error ? [{ type: 'error', kind: 'uncaught' }] : [])] });
    await Promise.all([
      ...Array.from({ length: 10 }, (_, i) => send(beacon(i < 2))),
      ...Array.from({ length: 10 }, (_, i) => send(beacon(i < 3), { app: second.app })),
    ]);
    const [figures] = await figuresAfterFlush([release], 20);
    expect(figures).toMatchObject({ views: 20, errors: 5 });
    expect(json<ReleaseFiguresList>(await figuresOf([release], deployer, second.app)).releases[0]).toEqual(figures);
  });
});
