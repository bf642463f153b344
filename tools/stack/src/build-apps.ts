// Production builds of the shell and every remote, their PUBLIC_* addresses baked in from `env` (the end-to-end stack's
// in e2e/build.ts, the compose stack's in `pnpm images`). An app whose build left nothing is built once more:
// @module-federation/vite 1.23 once failed a remote's build on a clean clone (MISSING_EXPORT on a shared singleton's
// generated loadShare module) and never again in several runs of the same tree.
import { spawnSync, type StdioOptions } from 'node:child_process';
import { existsSync } from 'node:fs';
import { remotes, root } from './services.js';

export const appFolders = ['shell', ...remotes.map((name) => `mfe-${name}`)];

/**
 * The exit status of the last build run (0: every app built). `typecheck: false` for the test stacks' builds (the
 * end-to-end one, the images test's): README's test command has typechecked the same sources just before, and each
 * app's tsc is most of its build's time; `pnpm build`, `pnpm images` and a slice's release still check as they build.
 */
export function buildApps(env: NodeJS.ProcessEnv, { stdio = 'inherit', typecheck = true }: { stdio?: StdioOptions; typecheck?: boolean } = {}): number | null {
  const build = (apps: string[]) =>
    spawnSync('pnpm', [...apps.flatMap((app) => ['--filter', `./${app}`]), '--workspace-concurrency=2', '--no-bail', 'run', typecheck ? 'build' : 'bundle'], { cwd: root, stdio, env }).status;
  const status = build(appFolders);
  if (status === 0) return status;
  const failed = appFolders.filter((app) => !existsSync(`${root}${app}/dist/${app === 'shell' ? 'index.html' : 'remoteEntry.js'}`));
  console.error(`\nSome apps failed to build (${failed.join(', ') || 'see above'}). Building them once more…`);
  return build(failed.length ? failed : appFolders);
}
