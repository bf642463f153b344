// pnpm slice <new|release|promote|rollback|status|prune> … — every team's one command for shipping its slice (issue 16).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { publicEnvFor, root } from '@phonehaat/stack';
import { cliToken, deployerUrl, releaseStore, sliceEnv, type SliceEnv } from './config.js';
import { CanaryPercent, ErrorResponse, KeepCount, PruneResponse, RemoteFigures, RemoteName, StatusResponse, Version } from '@phonehaat/shared-api/releases';
import { actorName, gitCommit } from './git.js';
import { coverageLines } from './compat.js';
import { storeRelease } from './release.js';
import { PAGE_LINKS_FILE, renderPageLinks } from '@phonehaat/federation-config/page-links';
import { scaffoldSlice } from './scaffold.js';

const help: Record<string, string> = {
  new: `pnpm slice new <name> [--title <English name>] [--title-bn <Bangla name>]
  Scaffolds a new team's slice: mfe-<name>/ (one page at /<name> in both languages, its tests, its build) and its
  line in shared-api/src/remotes.ts, the one list of remotes. Then: pnpm install, and pnpm start serves it.`,
  release: `pnpm slice release <remote> [--from <build folder>]
  Builds that remote alone (or takes a finished build with --from) and stores it as an immutable release.
  Visitors see no change. Prints the version id (12 hex digits: the build's content hash).`,
  promote: `pnpm slice promote <remote> <version> [--canary <percent> [--auto] | --full]
  Makes the release live: the next page load of every visitor uses it. Checked first against the live shell
  (shared singletons' versions, the modules its routes load): a refused release stays stored, with the reason.
  --canary <1-99>  live for that share of visitors only; each visitor stays on the same side.
  --auto           with --canary: the deployer judges the canary against the live release on real-user
                   measurements (error rate, p75 LCP and INP) and rolls it back, or promotes it to everyone,
                   by itself, saying why in the history. A manual promote or rollback still wins.
  --full           completes a canary rollout of <version> (rollback cancels it).
  Needs the team's token in SLICE_TOKEN (locally: read from the deployer's tokens.json).`,
  rollback: `pnpm slice rollback <remote>
  Cancels the remote's canary if it has one; otherwise returns it to the release that was live before. No build.`,
  prune: `pnpm slice prune <remote> [--keep <n>] [--dry-run]
  Deletes the remote's releases nothing needs: it keeps the live release, its canary, every release a rollback can
  return to, any live or in a canary in the last 7 days (pages still open use their chunks) and the <n> newest
  (default 5). --dry-run lists what would go and deletes nothing.`,
  status: `pnpm slice status [<remote>] [--json]
  Per remote: the live release (and canary), when and by whom it was promoted, its releases and the recent history.
  With a remote: also the live release's and the canary's page views, error rate and p75 LCP and INP over the
  last hour, and the deployer's last judgment of an --auto canary.`,
};
const usage = `pnpm slice <command> …  (remotes: ${RemoteName.options.join(', ')})

${Object.values(help).join('\n\n')}

Settings (env): SLICE_DEPLOYER_URL (default http://127.0.0.1:4300), SLICE_TOKEN, SLICE_ACTOR, SLICE_DATA_DIR,
SLICE_S3_BUCKET and SLICE_S3_ENDPOINT for a bucket. See README, "Shipping a slice".`;

class UsageError extends Error {}

const remoteArg = (value: string | undefined) => {
  if (!value) throw new UsageError('name the remote');
  const parsed = RemoteName.safeParse(value);
  if (!parsed.success) throw new Error(parsed.error.issues[0]!.message);
  return parsed.data;
};

async function call(env: SliceEnv, method: string, path: string, options: { token?: string; body?: unknown } = {}): Promise<unknown> {
  const base = deployerUrl(env);
  let response: Response;
  try {
    response = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        'x-slice-actor': actorName(env.SLICE_ACTOR),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    const { cause } = error as { cause?: { code?: string; message?: string } };
    const reason = cause?.code ?? cause?.message ?? (error as Error).message;
    throw new Error(`the deployer at ${base} is not answering (${reason}); nothing was changed`);
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw new Error(ErrorResponse.safeParse(body).data?.error ?? `the deployer answered ${response.status}`);
  return body;
}

async function release(env: SliceEnv, args: string[]) {
  const { values, positionals } = parseArgs({ args, options: { from: { type: 'string' } }, allowPositionals: true });
  const remote = remoteArg(positionals[0]);
  let folder = values.from;
  let built: string | undefined;
  if (!folder) {
    built = folder = mkdtempSync(join(tmpdir(), `phonehaat-release-${remote}-`));
    console.error(`Building mfe-${remote} alone…`);
    const result = spawnSync('pnpm', ['exec', 'vite', 'build', '--configLoader', 'runner', '--outDir', folder, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: join(root, `mfe-${remote}`),
      env: { ...process.env, ...publicEnvFor(process.env) },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    if (result.status !== 0) throw new Error(`the build of mfe-${remote} failed (exit ${result.status}); nothing was stored`);
  }
  try {
    const store = releaseStore(env);
    const meta = await storeRelease(store, remote, folder, { commit: gitCommit(), by: actorName(env.SLICE_ACTOR) });
    console.error(`Stored ${remote} ${meta.version} (commit ${meta.commit}, ${Object.keys(meta.files).length} files) in ${store.describe}.`);
    for (const line of coverageLines(meta.federation.catalogs)) console.error(`  ${line}`);
    console.error(`Nothing is live yet:\n  pnpm slice promote ${remote} ${meta.version}`);
    console.log(meta.version);
  } finally {
    if (built) rmSync(built, { recursive: true, force: true });
  }
}

async function promote(env: SliceEnv, args: string[]) {
  const { values, positionals } = parseArgs({ args, options: { canary: { type: 'string' }, full: { type: 'boolean' }, auto: { type: 'boolean' } }, allowPositionals: true });
  const remote = remoteArg(positionals[0]);
  if (!positionals[1]) throw new UsageError('name the version to promote (pnpm slice status lists them)');
  const version = Version.safeParse(positionals[1]);
  if (!version.success) throw new Error(`"${positionals[1]}" is not a version id: ${version.error.issues[0]!.message}`);
  if (values.canary !== undefined && values.full) throw new UsageError('--canary and --full do not go together');
  if (values.auto && values.canary === undefined) throw new UsageError('--auto judges a canary: give --canary <percent> too');
  const canary = values.canary === undefined ? undefined : CanaryPercent.safeParse(values.canary);
  if (canary && !canary.success) throw new Error(`--canary ${values.canary}: ${canary.error.issues[0]!.message}`);
  const token = cliToken(env, remote);
  await call(env, 'POST', `/remotes/${remote}/${values.full ? 'full' : 'promote'}`, { token, body: { version: version.data, ...(canary ? { canary: canary.data } : {}), ...(values.auto ? { auto: true } : {}) } });
  console.log(
    values.full
      ? `${remote} ${version.data} is live for everyone (canary completed)`
      : canary
        ? values.auto
          ? `${remote} ${version.data} is live for ${canary.data}% of visitors (canary, judged by the deployer: pnpm slice status ${remote} shows how it does)`
          : `${remote} ${version.data} is live for ${canary.data}% of visitors (canary); complete with --full, cancel with rollback`
        : `${remote} ${version.data} is live`,
  );
}

async function rollback(env: SliceEnv, args: string[]) {
  const { positionals } = parseArgs({ args, allowPositionals: true });
  const remote = remoteArg(positionals[0]);
  const result = (await call(env, 'POST', `/remotes/${remote}/rollback`, { token: cliToken(env, remote) })) as { live?: { version: string }; history: { action: string; version: string }[] };
  const last = result.history.at(-1);
  console.log(last?.action === 'cancel-canary' ? `${remote}: canary ${last.version} cancelled; ${result.live?.version} is live for everyone` : `${remote} is back on ${result.live?.version}`);
}

async function prune(env: SliceEnv, args: string[]) {
  const { values, positionals } = parseArgs({ args, options: { keep: { type: 'string' }, 'dry-run': { type: 'boolean' } }, allowPositionals: true });
  const remote = remoteArg(positionals[0]);
  const keep = values.keep === undefined ? undefined : KeepCount.safeParse(values.keep);
  if (keep && !keep.success) throw new Error(`--keep ${values.keep}: ${keep.error.issues[0]!.message}`);
  const body = { ...(keep ? { keep: keep.data } : {}), dryRun: Boolean(values['dry-run']) };
  const result = PruneResponse.parse(await call(env, 'POST', `/remotes/${remote}/prune`, { token: cliToken(env, remote), body }));
  const what = result.deleted.length ? result.deleted.join(', ') : 'nothing';
  console.log(`${remote}: ${result.dryRun ? 'would delete' : 'deleted'} ${what}; ${result.kept.length} release(s) kept`);
}

async function status(env: SliceEnv, args: string[]) {
  const { values, positionals } = parseArgs({ args, options: { json: { type: 'boolean' } }, allowPositionals: true });
  const only = positionals[0] ? remoteArg(positionals[0]) : undefined;
  const state = StatusResponse.parse(await call(env, 'GET', '/status'));
  if (only) {
    state.remotes = { [only]: state.remotes[only] };
    state.history = state.history.filter((entry) => entry.remote === only);
  }
  if (values.json) return console.log(JSON.stringify(state, null, 2));
  for (const [remote, value] of Object.entries(state.remotes)) {
    if (!value) {
      console.log(`${remote}: no releases`);
      continue;
    }
    console.log(`${remote}: live ${value.live ? `${value.live.version}, promoted ${value.live.at} by ${value.live.by}` : 'none'}`);
    if (value.canary) console.log(`  canary ${value.canary.version} for ${value.canary.percent}% of visitors, since ${value.canary.at} by ${value.canary.by}${value.canary.auto ? ' (--auto)' : ''}`);
    if (only) await printFigures(env, only, value);
    for (const item of value.releases.slice(-8).reverse()) {
      console.log(`  ${item.version}  ${item.status.padEnd(8)}  commit ${item.commit}, ${item.builtAt}${item.reason ? `\n      refused: ${item.reason}` : ''}`);
    }
  }
  const recent = state.history.slice(-10);
  if (recent.length) console.log('\nRecent history:');
  for (const entry of recent) {
    console.log(`  ${entry.at}  ${entry.remote.padEnd(10)} ${entry.action.padEnd(13)} ${entry.version}${entry.percent ? ` ${entry.percent}%` : ''}${entry.from ? ` (was ${entry.from})` : ''}  by ${entry.by}${entry.reason && entry.action !== 'refused' ? `\n      why: ${entry.reason}` : ''}`);
  }
}

const count = new Intl.NumberFormat('en');
const ms = (value: number | null) => (value === null ? '–' : `${count.format(value)} ms`);

/** The live release's and the canary's real-user figures over the last hour, and the last judgment of an --auto one. */
async function printFigures(env: SliceEnv, remote: string, value: NonNullable<StatusResponse['remotes'][RemoteName]>) {
  const sides = new Map([[value.live?.version, 'live'], [value.canary?.version, 'canary']]);
  let figures: RemoteFigures;
  try {
    figures = RemoteFigures.parse(await call(env, 'GET', `/remotes/${remote}/figures`));
  } catch (error) {
    console.log(`  real-user figures: unknown (${(error as Error).message})`);
    return;
  }
  console.log('  last hour, as visitors measured it:');
  for (const release of figures.releases) {
    const rate = release.errorRate === null ? '–' : `${(release.errorRate * 100).toFixed(1)}%`;
    console.log(`    ${(sides.get(release.release) ?? '').padEnd(6)} ${release.release}  ${count.format(release.views).padStart(7)} views  errors ${rate.padStart(6)}  p75 LCP ${ms(release.lcpP75).padStart(9)}  p75 INP ${ms(release.inpP75).padStart(8)}`);
  }
  if (value.judgment) console.log(`  judged ${value.judgment.at}: ${value.judgment.decision === 'wait' ? 'waiting' : value.judgment.decision} (${value.judgment.reason})`);
}

async function newSlice(_env: SliceEnv, args: string[]) {
  const { values, positionals } = parseArgs({ args, options: { title: { type: 'string' }, 'title-bn': { type: 'string' } }, allowPositionals: true });
  if (!positionals[0]) throw new UsageError('name the new slice');
  const written = scaffoldSlice(root, { name: positionals[0], title: values.title, titleBn: values['title-bn'] });
  // Its page's link, with every other slice's (issue 67: generated from the declarations).
  writeFileSync(PAGE_LINKS_FILE, await renderPageLinks());
  written.push(relative(root, PAGE_LINKS_FILE));
  console.log(`${written.map((file) => `  ${file}`).join('\n')}\nmfe-${positionals[0]} is ready: pnpm install, then pnpm start serves /${positionals[0]}; pnpm slice release ${positionals[0]} ships it.`);
}

const commands: Record<string, (env: SliceEnv, args: string[]) => Promise<void>> = { new: newSlice, release, promote, rollback, status, prune };

const [command, ...args] = process.argv.slice(2);
try {
  if (!command || command === '--help' || command === 'help') {
    console.log(usage);
    process.exit(command ? 0 : 2);
  }
  const run = commands[command];
  if (!run) throw new UsageError(`unknown command "${command}"`);
  if (args.includes('--help')) {
    console.log(help[command]);
    process.exit(0);
  }
  await run(sliceEnv(), args);
} catch (error) {
  console.error(`slice: ${(error as Error).message}`);
  if (error instanceof UsageError) console.error(`\n${command && help[command] ? help[command] : usage}`);
  process.exit(error instanceof UsageError ? 2 : 1);
}
