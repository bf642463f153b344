// Builds the shell and the remotes for the end-to-end stack (its ports are baked into PUBLIC_API_URL etc.)
// and writes the shell's manifest for those ports.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { builtRemotes, root } from '@phonehaat/stack';
import { e2eEnv, manifest, publicEnv } from './stack';

execFileSync('pnpm', ['--filter', './shell', '--filter', './mfe-*', '--workspace-concurrency=2', 'run', 'build'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, ...e2eEnv, ...publicEnv },
});
const built = builtRemotes();
writeFileSync(`${root}shell/dist/remotes.json`, `${JSON.stringify(Object.fromEntries(built.map((name) => [name, manifest[name]])), null, 2)}\n`);
