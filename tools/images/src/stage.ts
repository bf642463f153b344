// What goes into an image, staged in a folder of its own: the app's production dependencies only (pnpm deploy), and the
// workspace packages it runs from source laid out beside it, so Node's own type stripping runs them (it refuses files
// under node_modules, which is where pnpm deploy would put them).
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import type { Tools } from './podman.ts';

/** What a deployed package does not need at run time. */
const DEV_ONLY = ['test', 'bench', 'vitest.config.ts', 'tsconfig.json', 'BENCHMARKS.md', '.data'];

/**
 * /app/api: the API and its production node_modules; /app/shared-api: the contract, from source, its imports resolved
 * through the API's node_modules.
 */
export function stageApi(tools: Tools, root: string, stageDir: string): string {
  const app = join(stageDir, 'app');
  rmSync(stageDir, { recursive: true, force: true });
  mkdirSync(app, { recursive: true });
  tools.run('pnpm', ['--filter', '@phonehaat/api', 'deploy', '--prod', '--legacy', join(app, 'api')], { cwd: root, quiet: true });
  for (const part of DEV_ONLY) rmSync(join(app, 'api', part), { recursive: true, force: true });
  const shared = join(app, 'shared-api');
  mkdirSync(shared);
  cpSync(join(root, 'shared-api', 'package.json'), join(shared, 'package.json'));
  cpSync(join(root, 'shared-api', 'src'), join(shared, 'src'), { recursive: true, filter: (path) => !path.endsWith('.test.ts') });
  symlinkSync('../api/node_modules', join(shared, 'node_modules'));
  const link = join(app, 'api', 'node_modules', '@phonehaat', 'shared-api');
  rmSync(link, { force: true });
  symlinkSync('../../../shared-api', link);
  if (!existsSync(join(app, 'api', 'src', 'server.ts'))) throw new Error('the staged API has no src/server.ts');
  return app;
}

/** The shell's server: its production dependencies (tsx runs it, as `pnpm --filter @phonehaat/shell start` does) and its build. */
export function stageShell(tools: Tools, root: string, stageDir: string): string {
  const app = join(stageDir, 'app');
  rmSync(stageDir, { recursive: true, force: true });
  mkdirSync(app, { recursive: true });
  tools.run('pnpm', ['--filter', '@phonehaat/shell', 'deploy', '--prod', '--legacy', join(app, 'shell')], { cwd: root, quiet: true });
  for (const part of ['vite.config.ts', 'vitest.config.ts', 'pwa.ts', 'public', 'tsconfig.json']) rmSync(join(app, 'shell', part), { recursive: true, force: true });
  const withoutTests = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) if (/\.test\.tsx?$/.test(entry.name)) rmSync(join(entry.parentPath, entry.name));
  };
  withoutTests(join(app, 'shell', 'server'));
  withoutTests(join(app, 'shell', 'src'));
  if (!existsSync(join(app, 'shell', 'dist', 'server', 'app.mjs'))) throw new Error('the staged shell has no server build (dist/server/app.mjs)');
  return app;
}

/**
 * The deployer: one file bundled by esbuild (its dependencies are the S3 client, a lock and zod: no node_modules
 * needed), laid out as in the repository so it finds the remotes' builds it adopts and the shell's facts.
 */
export async function stageDeployer(root: string, stageDir: string): Promise<string> {
  const { build } = await import('esbuild');
  const app = join(stageDir, 'app');
  rmSync(stageDir, { recursive: true, force: true });
  mkdirSync(join(app, 'shell', 'dist'), { recursive: true });
  await build({
    entryPoints: [join(root, 'tools', 'slice', 'src', 'deployer-main.ts')],
    outfile: join(app, 'tools', 'slice', 'src', 'deployer.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    logLevel: 'error',
    // The S3 client's CommonJS parts ask for `require`.
    banner: { js: "import { createRequire as phonehaatRequire } from 'node:module'; const require = phonehaatRequire(import.meta.url);" },
  });
  cpSync(join(root, 'shell', 'dist', 'federation.json'), join(app, 'shell', 'dist', 'federation.json'));
  for (const remote of readdirSync(root).filter((name) => name.startsWith('mfe-') && existsSync(join(root, name, 'dist', 'remoteEntry.js')))) {
    // Source maps too: a release's version is the hash of every file, the static image's the same.
    cpSync(join(root, remote, 'dist'), join(app, remote, 'dist'), { recursive: true });
  }
  return app;
}

/**
 * The CDN's origin: the shell's static files and every remote's current build as the release the deployer makes of
 * it (the same content-hashed version: releases/<remote>/<version>/…).
 */
export async function stageStatic(root: string, stageDir: string): Promise<string> {
  const { createFileStore } = await import('@phonehaat/slice/src/store.ts');
  const { storeRelease } = await import('@phonehaat/slice/src/release.ts');
  const www = join(stageDir, 'static', 'www');
  rmSync(stageDir, { recursive: true, force: true });
  mkdirSync(www, { recursive: true });
  cpSync(join(root, 'deploy', 'images', 'static', 'nginx.conf'), join(stageDir, 'static', 'nginx.conf'));
  cpSync(join(root, 'shell', 'dist'), www, { recursive: true, filter: (path) => !path.includes('/dist/server') && !path.endsWith('.map') });
  const store = createFileStore(join(www, 'releases'));
  for (const remote of readdirSync(root).filter((name) => name.startsWith('mfe-') && existsSync(join(root, name, 'dist', 'remoteEntry.js')))) {
    await storeRelease(store, remote.slice(4) as Parameters<typeof storeRelease>[1], join(root, remote, 'dist'), { commit: 'image', by: 'pnpm images' });
  }
  return stageDir;
}
