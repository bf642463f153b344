// `pnpm slice` as a team runs it: its output, its exit codes, its one-line errors.
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileStore } from '../src/store.js';
import { fakeBuild, startDeployer, tokens } from './support.js';

const cli = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
let deployer: Awaited<ReturnType<typeof startDeployer>>;
/** A port nothing listens on: a deployer that is down. */
let closedPort = 0;

beforeAll(async () => {
  const folder = mkdtempSync(join(tmpdir(), 'phonehaat-cli-'));
  // Figures as the API would give them: 1,240 views, 6 with an error, p75 LCP 1.9 s and INP 96 ms for every release.
  deployer = await startDeployer({
    store: createFileStore(join(folder, 'releases')),
    figures: async (_remote, releases) => releases.map((release) => ({ release, views: 1240, errors: 6, errorRate: 6 / 1240, lcpP75: 1900, lcpSamples: 1100, inpP75: 96, inpSamples: 700 })),
  });
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  closedPort = (probe.address() as AddressInfo).port;
  probe.close();
  process.env.TEST_SLICE_DATA_DIR = folder;
});
afterAll(() => deployer.close());

function slice(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      'pnpm',
      ['exec', 'tsx', cli, ...args],
      { env: { ...process.env, SLICE_DEPLOYER_URL: deployer.url, SLICE_DATA_DIR: process.env.TEST_SLICE_DATA_DIR!, SLICE_ACTOR: 'Rina', ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout: stdout.trim(), stderr: stderr.trim() }),
    );
  });
}

describe('pnpm slice', () => {
  let version = '';

  it('releases a finished build and prints its version id alone', async () => {
    const run = await slice(['release', 'buyer', '--from', fakeBuild('buyer', 'cli')]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^[0-9a-f]{12}$/);
    expect(run.stderr).toContain(`pnpm slice promote buyer ${run.stdout}`);
    // An English-only build (made before the languages): said so.
    expect(run.stderr).toContain('catalogs: none (English only)');
    version = run.stdout;
  });

  it("prints the release's catalog coverage, language by language, with the keys a language lacks", async () => {
    const catalogs = { en: { messages: 120, missing: [] }, bn: { messages: 120, missing: ['orders.empty', 'orders.paid'] } };
    const run = await slice(['release', 'admin', '--from', fakeBuild('admin', 'cli-catalogs', { catalogs })]);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('catalog en: 120/120 messages (100%)');
    expect(run.stderr).toContain('catalog bn: 118/120 messages (98.3%), missing orders.empty, orders.paid');
  });

  it('promotes it with the team token, and status shows who did', async () => {
    const run = await slice(['promote', 'buyer', version], { SLICE_TOKEN: tokens.buyer });
    expect(run).toMatchObject({ code: 0, stdout: `buyer ${version} is live` });
    const status = await slice(['status', 'buyer', '--json']);
    expect(JSON.parse(status.stdout)).toMatchObject({ remotes: { buyer: { live: { version, by: 'Rina (buyer team)' } } } });
    expect((await slice(['status'])).stdout).toContain(`buyer: live ${version}, promoted`);
    // With the remote named: how the live release does for its visitors over the last hour.
    expect((await slice(['status', 'buyer'])).stdout).toContain(`last hour, as visitors measured it:\n    live   ${version}    1,240 views  errors   0.5%  p75 LCP  1,900 ms  p75 INP    96 ms`);
  });

  it('says what was wrong in one line and exits non-zero, changing nothing', async () => {
    const cases: [string[], Record<string, string>, number, string][] = [
      [['promote', 'checkout', version], {}, 1, 'slice: unknown remote "checkout" (one of storefront, buyer, seller, admin, inbox)'],
      [['promote', 'buyer', 'v2'], {}, 1, 'slice: "v2" is not a version id: a version id is 12 hex digits, as `pnpm slice release` prints it'],
      [['promote', 'buyer', version, '--canary', '150'], {}, 1, 'slice: --canary 150: the canary percent is a whole number from 1 to 99'],
      [['promote', 'buyer', version], { SLICE_TOKEN: tokens.admin }, 1, "slice: the admin team's token cannot change the buyer remote"],
      [['promote', 'buyer', version], { SLICE_TOKEN: tokens.buyer, SLICE_DEPLOYER_URL: `http://127.0.0.1:${closedPort}` }, 1, `slice: the deployer at http://127.0.0.1:${closedPort} is not answering (ECONNREFUSED); nothing was changed`],
      [['release', 'buyer', '--from', '/nonexistent/build'], {}, 1, "slice: ENOENT: no such file or directory, scandir '/nonexistent/build'"],
      [['deploy', 'buyer'], {}, 2, 'slice: unknown command "deploy"'],
      [['promote', 'buyer', version, '--auto'], {}, 2, 'slice: --auto judges a canary: give --canary <percent> too'],
    ];
    for (const [args, env, code, line] of cases) {
      const run = await slice(args, env);
      expect({ args, code: run.code, line: run.stderr.split('\n')[0] }).toEqual({ args, code, line });
    }
    expect(JSON.parse((await slice(['status', '--json'])).stdout).history).toHaveLength(1);
  });

  it('prunes the releases nothing needs, after showing them with --dry-run', async () => {
    const older = (await slice(['release', 'buyer', '--from', fakeBuild('buyer', 'cli-2')])).stdout;
    const newest = (await slice(['release', 'buyer', '--from', fakeBuild('buyer', 'cli-3')])).stdout;
    const token = { SLICE_TOKEN: tokens.buyer };
    expect(await slice(['prune', 'buyer', '--keep', '1', '--dry-run'], token)).toMatchObject({ code: 0, stdout: `buyer: would delete ${older}; 2 release(s) kept` });
    expect(await slice(['prune', 'buyer', '--keep', '0'], token)).toMatchObject({ code: 1, stderr: 'slice: --keep 0: a whole number from 1 to 100' });
    expect(await slice(['prune', 'buyer', '--keep', '1'], token)).toMatchObject({ code: 0, stdout: `buyer: deleted ${older}; 2 release(s) kept` });
    const releases = JSON.parse((await slice(['status', 'buyer', '--json'])).stdout).remotes.buyer.releases.map((release: { version: string }) => release.version);
    expect(releases).toEqual([version, newest]);
  });
});
