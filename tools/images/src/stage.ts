// What goes into an image, staged in a folder of its own: the app's production dependencies only (pnpm deploy), and the
// workspace packages it runs from source laid out beside it, so Node's own type stripping runs them (it refuses files
// under node_modules, which is where pnpm deploy would put them).
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import type { BuildOptions } from 'esbuild';
import type { Tools } from './podman.ts';

/** One ES module for Node 24, bundled by esbuild; the CommonJS parts inside (the S3 client's, …) get a `require`. */
async function bundleForNode(entry: string, outfile: string, more: BuildOptions = {}): Promise<void> {
  const { build } = await import('esbuild');
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    logLevel: 'error',
    banner: { js: "import { createRequire as phonehaatRequire } from 'node:module'; const require = phonehaatRequire(import.meta.url);" },
    ...more,
  });
}

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

/**
 * Packages the API's bundle leaves in node_modules: native code and WebAssembly, and those that find their own files
 * beside their code (__dirname: the API docs' page, pino's worker threads, ioredis).
 */
const UNBUNDLED = ['sharp', '@electric-sql/pglite', 'heic-decode', '@fastify/swagger-ui', '@fastify/swagger', 'pino', 'thread-stream', 'ioredis'];

/**
 * The API's server as one file, dist/server.mjs (esbuild): a replica starts on a third of the CPU time — Node resolves
 * and reads some 1,500 modules for the sources (3.5 s of CPU here), a few dozen for the bundle (1.1 s) — which a rolling
 * restart on a busy machine feels (decision 045). The sources stay beside it for the command-line tools (the seed, the
 * demo). A file that finds its neighbours from `import.meta.url` (migrations, fonts, images) is given its own
 * address in the bundle, so it finds them where they were.
 */
export async function bundleApi(apiDir: string): Promise<void> {
  const { readFile } = await import('node:fs/promises');
  const { dirname, relative } = await import('node:path');
  const outfile = join(apiDir, 'dist', 'server.mjs');
  await bundleForNode(join(apiDir, 'src', 'server.ts'), outfile, {
    // pg's optional native binding, never installed.
    external: ['pg-native'],
    plugins: [
      {
        // Left where it is, and asked for by its path from the bundle: a dependency of a dependency (pino, fastify's)
        // is not where the bundle's own `node_modules` lookup would find it.
        name: 'unbundled',
        setup(bundle) {
          const names = new RegExp(`^(${UNBUNDLED.map((name) => name.replace(/[/.]/g, '\\$&')).join('|')})(/.*)?$`);
          bundle.onResolve({ filter: names }, async (args) => {
            if (args.pluginData === 'unbundled') return undefined;
            const found = await bundle.resolve(args.path, { resolveDir: args.resolveDir, kind: args.kind, importer: args.importer, pluginData: 'unbundled' });
            if (found.errors.length > 0) return { errors: found.errors };
            return { path: `./${relative(dirname(outfile), found.path).split('\\').join('/')}`.replace(/^\.\/\.\.\//, '../'), external: true };
          });
        },
      },
      {
        name: 'own-address',
        setup(bundle) {
          bundle.onLoad({ filter: /[/\\]src[/\\].*\.ts$/ }, async (args) => {
            const text = await readFile(args.path, 'utf8');
            if (!text.includes('import.meta.url')) return undefined;
            const own = `new URL(${JSON.stringify(relative(dirname(outfile), args.path).split('\\').join('/'))}, import.meta.url).href`;
            return { contents: text.replaceAll('import.meta.url', own), loader: 'ts' };
          });
        },
      },
    ],
  });
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
  const app = join(stageDir, 'app');
  rmSync(stageDir, { recursive: true, force: true });
  mkdirSync(join(app, 'shell', 'dist'), { recursive: true });
  await bundleForNode(join(root, 'tools', 'slice', 'src', 'deployer-main.ts'), join(app, 'tools', 'slice', 'src', 'deployer.mjs'));
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

/**
 * The local stand-ins (a laptop's compose stack only): the Auth emulator and maildev with their production
 * dependencies (pnpm deploy of @phonehaat/standins), and PhoneHaat's own fakes each bundled into one file by esbuild,
 * laid out as in the repository (the local Stripe reads its browser script beside its source).
 */
export async function stageStandins(tools: Tools, root: string, stageDir: string): Promise<string> {
  const app = join(stageDir, 'app');
  rmSync(stageDir, { recursive: true, force: true });
  mkdirSync(app, { recursive: true });
  tools.run('pnpm', ['--filter', '@phonehaat/standins', 'deploy', '--prod', '--legacy', join(app, 'standins')], { cwd: root, quiet: true });
  for (const fake of ['fake-stripe', 'fake-bkash', 'fake-nagad', 'fake-sslcommerz', 'fake-pathao', 'fake-push']) {
    await bundleForNode(join(root, 'tools', fake, 'src', 'cli.ts'), join(app, fake, 'src', 'cli.mjs'));
  }
  cpSync(join(root, 'tools', 'fake-stripe', 'browser'), join(app, 'fake-stripe', 'browser'), { recursive: true });
  return app;
}
