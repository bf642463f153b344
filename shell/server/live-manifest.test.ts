// @vitest-environment node
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLiveManifest } from './live-manifest';

// A deployer as the shell's server sees it: GET /manifest, which the test changes, stops and starts.
let answer: unknown = {};
let deployer: Server;
let deployerUrl = '';
beforeAll(async () => {
  deployer = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => deployer.listen(0, '127.0.0.1', resolve));
  deployerUrl = `http://127.0.0.1:${(deployer.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => deployer.close(resolve)));

const live = (percent?: number) => ({
  remotes: {
    storefront: {
      version: 'aaaaaaaaaaaa',
      entry: 'https://cdn.test/storefront/aaaaaaaaaaaa/remoteEntry.js',
      ...(percent ? { canary: { version: 'bbbbbbbbbbbb', entry: 'https://cdn.test/storefront/bbbbbbbbbbbb/remoteEntry.js', percent } } : {}),
    },
  },
});
const visitors = Array.from({ length: 40 }, (_, index) => `visitor-${index}`);

describe("the shell's live manifest", () => {
  it('gives each visitor their side of a canary, the same every time, and keeps the live side in remotes.json', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'phonehaat-live-'));
    const manifestFor = createLiveManifest({ dist, deployerUrl });
    answer = live(50);
    const first = await Promise.all(visitors.map((visitor) => manifestFor(visitor)));
    expect(new Set(first.map((manifest) => manifest.storefront))).toEqual(
      new Set(['https://cdn.test/storefront/aaaaaaaaaaaa/remoteEntry.js', 'https://cdn.test/storefront/bbbbbbbbbbbb/remoteEntry.js']),
    );
    expect(await Promise.all(visitors.map((visitor) => manifestFor(visitor)))).toEqual(first);
    expect(JSON.parse(readFileSync(join(dist, 'remotes.json'), 'utf8'))).toEqual({ storefront: 'https://cdn.test/storefront/aaaaaaaaaaaa/remoteEntry.js' });
  });

  it('keeps serving the last live manifest while the deployer is down, and says so once', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'phonehaat-live-'));
    const warnings: string[] = [];
    const manifestFor = createLiveManifest({ dist, deployerUrl, warn: (message) => warnings.push(message) });
    answer = live();
    expect((await manifestFor('someone')).storefront).toContain('aaaaaaaaaaaa');
    answer = 'not a manifest'; // a deployer answering nonsense counts as down
    expect((await manifestFor('someone')).storefront).toContain('aaaaaaaaaaaa');
    expect((await manifestFor('someone')).storefront).toContain('aaaaaaaaaaaa');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/does not answer .*serving the last live manifest/);

    // A shell restarted while the deployer is still down serves what it kept in remotes.json.
    const restarted = createLiveManifest({ dist, deployerUrl: 'http://127.0.0.1:1', warn: () => undefined });
    expect(await restarted('someone')).toEqual({ storefront: 'https://cdn.test/storefront/aaaaaaaaaaaa/remoteEntry.js' });
  });

  it('without a deployer, serves the deployed remotes.json as it is', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'phonehaat-live-'));
    writeFileSync(join(dist, 'remotes.json'), JSON.stringify({ buyer: 'https://cdn.test/buyer/remoteEntry.js' }));
    expect(await createLiveManifest({ dist })('anyone')).toEqual({ buyer: 'https://cdn.test/buyer/remoteEntry.js' });
  });
});

describe("the shell's live manifest, watched", () => {
  it('is told of each change by the deployer at once, and asks per request again when the watch is lost', async () => {
    // A deployer that waits: answers ?wait=<tag> when the manifest is not that one.
    let manifest: unknown = live();
    let tag = '"one"';
    const waiting: (() => void)[] = [];
    let asked = 0;
    const server = createServer((request, response) => {
      asked++;
      const wait = new URL(request.url ?? '/', 'http://x').searchParams.get('wait');
      const answer = () => response.writeHead(200, { 'content-type': 'application/json', etag: tag }).end(JSON.stringify(manifest));
      if (wait === tag) waiting.push(answer);
      else answer();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const manifestFor = createLiveManifest({ dist: mkdtempSync(join(tmpdir(), 'phonehaat-live-')), deployerUrl: url, warn: () => undefined });
    let changes = 0;
    manifestFor.onChange(() => changes++);
    expect(manifestFor.watched()).toBe(false);
    const stop = manifestFor.watch();
    const until = async (check: () => boolean) => {
      for (let tries = 0; !check(); tries++) {
        if (tries > 300) throw new Error('timed out');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    await until(() => manifestFor.watched() && waiting.length === 1);
    expect(changes).toBe(1);
    expect(manifestFor.sameForEveryone()).toBe(true);
    const before = asked;
    expect((await manifestFor('someone')).storefront).toContain('aaaaaaaaaaaa');
    expect(asked).toBe(before); // answered from the watch, not asked again
    // A canary promoted: the waiting watch is answered, and every visitor's manifest follows.
    manifest = live(100);
    tag = '"two"';
    waiting.shift()!();
    await until(() => changes === 2);
    expect((await manifestFor('someone')).storefront).toContain('bbbbbbbbbbbb');
    expect(manifestFor.sameForEveryone()).toBe(false);
    // The deployer goes: the watch is lost (a change), and requests ask it again.
    server.close();
    server.closeAllConnections();
    await until(() => !manifestFor.watched());
    expect(changes).toBe(3);
    stop();
  });
});
