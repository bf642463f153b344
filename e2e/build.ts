// Builds the shell and the remotes for the end-to-end stack (its ports are baked into PUBLIC_API_URL etc.); the
// stack's deployer then releases and promotes each built remote (issue 16). On CI any failed build fails the run;
// locally the apps that did build are still tested (a remote that did not build shows "coming soon" and its tests fail).
import { buildApps, builtRemotes } from '@phonehaat/stack';
import { e2eEnv, publicEnv } from './stack';

// Not typechecked again: README's test command (and `pnpm typecheck`) checks these sources before the journeys run.
const status = buildApps({ ...process.env, ...e2eEnv, ...publicEnv }, { typecheck: false });
const built = builtRemotes();
if (status !== 0) {
  console.error(`\nSome apps failed to build (exit ${status}). Built remotes: ${built.join(', ') || 'none'}.`);
  if (process.env.CI) process.exit(status ?? 1);
}
