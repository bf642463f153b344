// The deployer over HTTP, in-process: what a team's `pnpm slice` meets, the bad paths included.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RemoteName } from '@phonehaat/shared-api/releases';
import { createDeployer } from '../src/deployer.js';
import { storeRelease } from '../src/release.js';
import { fakeBuild, shellFacts, startDeployer, tokens } from './support.js';

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((item) => item.close()));
});

async function deployer(options: Parameters<typeof startDeployer>[0] = {}) {
  const started = await startDeployer(options);
  opened.push(started);
  const release = async (remote: RemoteName, mark: string, facts?: Parameters<typeof fakeBuild>[2]) =>
    (await storeRelease(started.store, remote, fakeBuild(remote, mark, facts), { commit: 'abc1234', by: 'test' })).version;
  const promote = (remote: RemoteName, version: string, extra: Record<string, unknown> = {}, token = tokens[remote]) =>
    started.call('POST', `/remotes/${remote}/promote`, { token, body: { version, ...extra } });
  return { ...started, release, promote };
}

describe('the deployer', () => {
  it('promotes a stored release: the manifest names it, status says who and when, its files are served for good', async () => {
    const d = await deployer();
    const version = await d.release('storefront', 'one');
    const promoted = await d.promote('storefront', version);
    expect(promoted.status).toBe(200);
    const manifest = await d.call('GET', '/manifest');
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect(manifest.body).toEqual({ remotes: { storefront: { version, entry: `http://cdn.test/releases/storefront/${version}/remoteEntry.js` } } });
    const status = await d.call('GET', '/status');
    expect(status.body).toMatchObject({
      remotes: { storefront: { live: { version, by: 'storefront team' }, releases: [{ version, status: 'live', commit: 'abc1234' }] } },
      history: [{ remote: 'storefront', action: 'promote', version }],
    });
    const file = await fetch(`${d.url}/releases/storefront/${version}/remoteEntry.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(file.status).toBe(200);
    expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(file.headers.get('access-control-allow-origin')).toBe('*');
    expect(await file.text()).toBe('export const build = "one";\n');
    expect((await fetch(`${d.url}/releases/storefront/${version}/nothing.js`)).status).toBe(404);
  });

  it('keeps its state across a restart', async () => {
    const d = await deployer();
    const version = await d.release('buyer', 'kept');
    await d.promote('buyer', version);
    const again = await createDeployer({ store: d.store, stateFile: d.stateFile, tokens: new Map(), shellFacts: async () => shellFacts, publicUrl: 'http://cdn.test/releases' });
    expect(again.state().remotes.buyer?.live?.version).toBe(version);
  });

  it('runs a canary, completes it with full, and rolls back to the release before', async () => {
    const d = await deployer();
    const [one, two] = [await d.release('storefront', 'one'), await d.release('storefront', 'two')];
    await d.promote('storefront', one);
    expect((await d.promote('storefront', two, { canary: 10 })).status).toBe(200);
    expect((await d.call('GET', '/manifest')).body).toMatchObject({ remotes: { storefront: { version: one, canary: { version: two, percent: 10 } } } });
    expect((await d.call('POST', '/remotes/storefront/full', { token: tokens.storefront, body: { version: two } })).status).toBe(200);
    expect((await d.call('GET', '/manifest')).body).toEqual({ remotes: { storefront: { version: two, entry: expect.stringContaining(two) } } });
    const back = await d.call('POST', '/remotes/storefront/rollback', { token: tokens.storefront });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ live: { version: one }, history: [{ action: 'rollback', version: one, from: two }] });
  });

  it('serialises promotions that arrive together: of two remotes, and of one remote twice, none is lost', async () => {
    const d = await deployer();
    const buyer = await d.release('buyer', 'b1');
    const seller = await d.release('seller', 's1');
    const [first, second] = [await d.release('admin', 'a1'), await d.release('admin', 'a2')];
    const answers = await Promise.all([d.promote('buyer', buyer), d.promote('seller', seller), d.promote('admin', first), d.promote('admin', second)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    const state = JSON.parse(readFileSync(d.stateFile, 'utf8'));
    expect(state.remotes.buyer.live.version).toBe(buyer);
    expect(state.remotes.seller.live.version).toBe(seller);
    // In the order they arrived: the second admin release is live, the first is what a rollback returns to.
    expect(state.remotes.admin.live.version).toBe(second);
    expect(state.remotes.admin.previous.map((pointer: { version: string }) => pointer.version)).toEqual([first]);
    expect(state.history.map((entry: { remote: string; version: string }) => `${entry.remote} ${entry.version}`)).toEqual([
      `buyer ${buyer}`,
      `seller ${seller}`,
      `admin ${first}`,
      `admin ${second}`,
    ]);
  });

  it("refuses a missing or unknown token, and another team's token, and changes nothing", async () => {
    const d = await deployer();
    const version = await d.release('admin', 'a1');
    const none = await d.promote('admin', version, {}, '');
    expect(none).toMatchObject({ status: 401, body: { error: "no token: set SLICE_TOKEN to your team's deployer token" } });
    expect(await d.promote('admin', version, {}, 'made-up-token')).toMatchObject({ status: 401, body: { error: 'the token is not one the deployer knows' } });
    expect(await d.promote('admin', version, {}, tokens.seller)).toMatchObject({ status: 403, body: { error: "the seller team's token cannot change the admin remote" } });
    expect((await d.call('POST', '/remotes/admin/rollback', { token: tokens.seller })).status).toBe(403);
    expect((await d.call('GET', '/manifest')).body).toEqual({ remotes: {} });
  });

  it('answers bad input with one clear line and changes nothing', async () => {
    const d = await deployer();
    const version = await d.release('storefront', 'one');
    await d.promote('storefront', version);
    const cases: [Promise<{ status: number; body: { error?: string } }>, number, RegExp][] = [
      [d.call('POST', '/remotes/checkout/promote', { token: tokens.storefront, body: { version } }), 404, /^unknown remote "checkout" \(one of storefront, buyer, seller, admin, inbox\)$/],
      [d.promote('storefront', 'abcdefabcdef'), 404, /^storefront has no release abcdefabcdef/],
      [d.promote('storefront', 'v1.2'), 400, /^version: a version id is 12 hex digits/],
      [d.promote('storefront', version, { canary: 0 }), 400, /^canary: the canary percent is a whole number from 1 to 99$/],
      [d.promote('storefront', version, { canary: 100 }), 400, /^canary: the canary percent/],
      [d.promote('storefront', version, { canary: 'half' }), 400, /^canary: the canary percent/],
      [d.promote('storefront', version, { force: true }), 400, /force/],
      [d.call('POST', '/remotes/storefront/promote', { token: tokens.storefront, body: '{"version":' }), 400, /^the request body is not JSON$/],
      [d.promote('storefront', version), 409, /already live/],
      [d.call('POST', '/remotes/storefront/rollback', { token: tokens.storefront }), 409, /no earlier release/],
      [d.call('DELETE', '/manifest'), 404, /no such deployer route/],
      [d.call('GET', '/releases/%E0%A4%A'), 400, /^the address is not valid$/],
      [d.call('GET', `/releases/storefront/${version}/../../state.json`), 404, /no such release file/],
    ];
    for (const [answer, status, message] of cases) {
      const { status: got, body } = await answer;
      expect({ got, error: body.error }).toEqual({ got: status, error: expect.stringMatching(message) });
    }
    expect((await d.call('GET', '/status')).body.history).toHaveLength(1);
  });

  it('refuses a release whose files are incomplete', async () => {
    const d = await deployer();
    const live = await d.release('storefront', 'one');
    await d.promote('storefront', live);
    const folder = fakeBuild('storefront', 'two');
    const version = (await storeRelease(d.store, 'storefront', folder, { commit: 'abc', by: 'test' })).version;
    rmSync(`${d.folder}/releases/storefront/${version}/assets`, { recursive: true });
    const answer = await d.promote('storefront', version);
    expect(answer).toMatchObject({ status: 422, body: { error: `storefront ${version} is incomplete: 1 of its files are missing or cut short (assets/page-two.js)` } });
    expect((await d.call('GET', '/manifest')).body).toMatchObject({ remotes: { storefront: { version: live } } });
  });

  it('refuses a release the live shell cannot run, lists it as refused with the reason, and changes nothing live', async () => {
    const d = await deployer();
    const live = await d.release('seller', 'one');
    await d.promote('seller', live);
    const react20 = await d.release('seller', 'two', { requires: { react: '^20.0.0' } });
    const noAddProduct = await d.release('seller', 'three', { exposes: ['my-products-page'], pages: ['add-product-page', 'my-products-page'] });
    expect(await d.promote('seller', react20)).toMatchObject({
      status: 422,
      body: { error: `seller ${react20} is refused, and nothing live changed: react: the release needs ^20.0.0, the live shell provides 19.3.0` },
    });
    expect((await d.promote('seller', noAddProduct)).body.error).toMatch(/add-product-page: the release publishes a page of it, and does not expose it$/);
    const status = (await d.call('GET', '/status')).body as { remotes: { seller: { live: { version: string }; releases: { version: string; status: string; reason?: string }[] } } };
    expect(status.remotes.seller.live.version).toBe(live);
    expect(status.remotes.seller.releases.find((item) => item.version === react20)).toMatchObject({ status: 'refused', reason: expect.stringContaining('^20.0.0') });
  });

  it("refuses a release whose catalogs lack words in a language the live shell offers, naming the keys; English-only shells don't ask", async () => {
    const d = await deployer({ shell: async () => ({ ...shellFacts, languages: ['en', 'bn'] }) });
    const complete = { en: { messages: 3, missing: [] }, bn: { messages: 3, missing: [] } };
    const whole = await d.release('buyer', 'whole', { catalogs: complete });
    expect(await d.promote('buyer', whole)).toMatchObject({ status: 200 });
    const lacking = await d.release('buyer', 'lacking', { catalogs: { ...complete, bn: { messages: 3, missing: ['orders.empty', 'orders.paid'] } } });
    expect(await d.promote('buyer', lacking)).toMatchObject({
      status: 422,
      body: { error: `buyer ${lacking} is refused, and nothing live changed: bn: the release's catalog lacks 2 of its 3 messages (orders.empty, orders.paid)` },
    });
    const before = await d.release('buyer', 'before-languages');
    expect((await d.promote('buyer', before)).body.error).toMatch(/bn: the live shell offers it, and the release has no catalogs \(built before the languages\)$/);
    expect(((await d.call('GET', '/manifest')).body as { remotes: { buyer: { version: string } } }).remotes.buyer.version).toBe(whole);
    // A shell that offers English alone lets the same release through: the gate asks for the live shell's languages.
    const english = await deployer();
    const again = await english.release('buyer', 'lacking', { catalogs: { ...complete, bn: { messages: 3, missing: ['orders.empty', 'orders.paid'] } } });
    expect(await english.promote('buyer', again)).toMatchObject({ status: 200 });
  });

  it("promotes nothing when it cannot read the live shell's facts", async () => {
    const d = await deployer({ shell: async () => Promise.reject(new Error('http://shell.test/federation.json answered 502')) });
    const version = await d.release('buyer', 'b1');
    expect(await d.promote('buyer', version)).toMatchObject({
      status: 503,
      body: { error: 'cannot read what the live shell provides, so nothing was promoted: http://shell.test/federation.json answered 502' },
    });
    expect((await d.call('GET', '/manifest')).body).toEqual({ remotes: {} });
  });

  it('prunes what nothing needs: the live release and its rollback target stay served, the rest is gone from the store', async () => {
    const d = await deployer();
    // Built a minute apart, so which is newest never depends on the clock's resolution.
    const built = async (mark: string, minute: number) =>
      (await storeRelease(d.store, 'seller', fakeBuild('seller', mark), { commit: 'abc1234', by: 'test', builtAt: `2026-11-23T10:0${minute}:00.000Z` })).version;
    const [one, two, three, four] = [await built('p1', 1), await built('p2', 2), await built('p3', 3), await built('p4', 4)];
    await d.promote('seller', one);
    await d.promote('seller', three); // one is what a rollback returns to; two was never live; four is the newest
    const prune = (body: unknown, token = tokens.seller) => d.call('POST', '/remotes/seller/prune', { token, body });

    expect(await prune({ keep: 0 })).toMatchObject({ status: 400, body: { error: expect.stringMatching(/^keep: /) } });
    expect(await prune({ keep: 1, everything: true })).toMatchObject({ status: 400 });
    expect(await prune({ keep: 1 }, tokens.buyer)).toMatchObject({ status: 403, body: { error: "the buyer team's token cannot change the seller remote" } });
    expect((await prune({ keep: 1, dryRun: true })).body).toEqual({ remote: 'seller', deleted: [two], kept: [one, three, four], dryRun: true });
    expect(await d.store.size(`seller/${two}/remoteEntry.js`)).toBeGreaterThan(0);

    expect((await prune({ keep: 1 })).body).toEqual({ remote: 'seller', deleted: [two], kept: [one, three, four], dryRun: false });
    expect((await fetch(`${d.url}/releases/seller/${two}/remoteEntry.js`)).status).toBe(404);
    expect(existsSync(join(d.folder, 'releases', 'seller', two))).toBe(false);
    expect((await fetch(`${d.url}/releases/seller/${three}/assets/page-p3.js`)).status).toBe(200);
    expect((await d.promote('seller', two)).status).toBe(404);
    expect((await d.call('POST', '/remotes/seller/rollback', { token: tokens.seller })).body).toMatchObject({ live: { version: one } });
    // Nothing more to delete: one is live again, three was live a moment ago, four is the newest.
    expect((await prune({ keep: 1 })).body).toMatchObject({ deleted: [], kept: [one, three, four] });
  });

  it('answers a watch of the manifest when it changes: at once for its own promotion, soon for another process’s', async () => {
    const d = await deployer();
    const [one, two] = [await d.release('storefront', 'w1'), await d.release('storefront', 'w2')];
    await d.promote('storefront', one);
    const first = await fetch(`${d.url}/manifest`);
    const tag = first.headers.get('etag')!;
    expect(tag).toMatch(/^"[\w-]{22}"$/);
    // Waiting on the live tag: answered by the promotion, with the new manifest and its own tag.
    const started = Date.now();
    const watched = fetch(`${d.url}/manifest?wait=${encodeURIComponent(tag)}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await Promise.race([watched.then(() => 'answered'), new Promise((resolve) => setTimeout(() => resolve('waiting'), 50))])).toBe('waiting');
    await d.promote('storefront', two);
    const changed = await watched;
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(changed.headers.get('etag')).not.toBe(tag);
    expect(await changed.json()).toMatchObject({ remotes: { storefront: { version: two } } });
    // An old tag is answered at once.
    const stale = Date.now();
    expect((await (await fetch(`${d.url}/manifest?wait=${encodeURIComponent(tag)}`)).json())).toMatchObject({ remotes: { storefront: { version: two } } });
    expect(Date.now() - stale).toBeLessThan(1_000);
    // Another deployer process on the same state file rolls back: the watch here hears it within its polling.
    const other = await createDeployer({ store: d.store, stateFile: d.stateFile, tokens: new Map([[tokens.storefront, 'storefront']]), shellFacts: async () => shellFacts, publicUrl: 'http://cdn.test/releases' });
    const otherServer = await other.listen(0);
    opened.push(otherServer);
    const now = (await fetch(`${d.url}/manifest`)).headers.get('etag')!;
    const heard = fetch(`${d.url}/manifest?wait=${encodeURIComponent(now)}`).then((response) => response.json());
    await new Promise((resolve) => setTimeout(resolve, 100));
    await fetch(`${otherServer.url}/remotes/storefront/rollback`, { method: 'POST', headers: { authorization: `Bearer ${tokens.storefront}` } });
    expect(await heard).toMatchObject({ remotes: { storefront: { version: one } } });
  });
});
