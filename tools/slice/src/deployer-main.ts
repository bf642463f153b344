// tsx tools/slice/src/deployer-main.ts [--adopt-builds]
// Starts the deployer. With --adopt-builds, each remote's current build (mfe-*/dist) is stored as a release and
// promoted if it is not live already: `pnpm start` starts with them live, so `pnpm slice` works at once.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { builtRemotes, root } from '@phonehaat/stack';
import { deployerTokens, judgeSettingsOf, releaseStore, sliceEnv } from './config.js';
import { rumFigures } from './rum-figures.js';
import { ShellFacts } from '@phonehaat/shared-api/releases';
import { createDeployer } from './deployer.js';
import { gitCommit } from './git.js';
import { storeRelease } from './release.js';

const env = sliceEnv();
const store = releaseStore(env);
const source = env.SLICE_SHELL_FACTS;
const deployer = await createDeployer({
  store,
  stateFile: join(env.SLICE_DATA_DIR, 'state.json'),
  tokens: deployerTokens(env),
  publicUrl: env.SLICE_PUBLIC_URL ?? `http://localhost:${env.DEPLOYER_PORT}/releases`,
  figures: rumFigures(env.SLICE_RUM_URL, env.SLICE_RUM_TOKEN),
  judgeSettings: judgeSettingsOf(env),
  shellFacts: async () =>
    ShellFacts.parse(
      JSON.parse(
        /^https?:/.test(source)
          ? await fetch(source, { signal: AbortSignal.timeout(3000) }).then((response) => (response.ok ? response.text() : Promise.reject(new Error(`${source} answered ${response.status}`))))
          : await readFile(source, 'utf8'),
      ),
    ),
});

for (const remote of process.argv.includes('--adopt-builds') ? builtRemotes() : []) {
  const meta = await storeRelease(store, remote, join(root, `mfe-${remote}/dist`), { commit: gitCommit(), by: 'pnpm start' });
  const now = deployer.state().remotes[remote];
  if (now?.live?.version === meta.version && !now.canary) continue;
  try {
    await deployer.promote(remote, meta.version, { by: 'pnpm start', at: new Date().toISOString() });
    console.log(`deployer: ${remote} ${meta.version} (the current build) is live`);
  } catch (error) {
    // Refused by the gate, say: the market keeps what was live, and says why.
    console.error(`deployer: ${remote}'s current build was not promoted: ${(error as Error).message}`);
  }
}

// --auto canaries are judged every SLICE_AUTO_INTERVAL_MS; a round that fails (the API away) is tried at the next.
let judging = false;
const judgeTimer = setInterval(() => {
  if (judging) return;
  judging = true;
  deployer
    .judgeCanaries()
    .catch((error: Error) => console.error(`deployer: could not judge the canaries: ${error.message}`))
    .finally(() => (judging = false));
}, env.SLICE_AUTO_INTERVAL_MS);

const { url, close } = await deployer.listen(env.DEPLOYER_PORT, env.DEPLOYER_HOST);
console.log(`deployer on ${url}: releases in ${store.describe}`);
const stop = () => {
  clearInterval(judgeTimer);
  void close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
