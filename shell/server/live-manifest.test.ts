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
