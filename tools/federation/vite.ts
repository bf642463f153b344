// One Vite configuration for every federated app: the shell (host) and the four remotes.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type UserConfig } from 'vite';
import { catalogCoverage, catalogsPlugin } from './catalogs.js';
import type { RemoteName } from '@phonehaat/shared-api/remotes';
import type { PagePreload, PagePreloads } from '@phonehaat/shared-api/page-preloads';
import { derivedShellPages, remoteFacts } from './pages.js';
import { publishedPage, type PageDeclaration } from '@phonehaat/shared-api/pages';
import { publicEnv, publicEnvDefine } from './public-env.js';
import { routerClientCheck } from './router-client.js';
import { ports, sharedSingletons } from './shared.js';
import { remoteNames } from '@phonehaat/shared-api/remotes';
import { REMEMBERED_TOKEN_MARGIN_MS } from '@phonehaat/shared-api/limits';

/** The chunks of a build's catalogs (`…/locales/<language>.json?catalog`), per language (issue 25). */
function catalogChunks(chunks: { fileName: string; facadeModuleId: string | null }[], under?: string): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const chunk of chunks) {
    const match = /\/locales\/([a-z]{2,3})\.json\?catalog$/.exec(chunk.facadeModuleId ?? '');
    if (!match || (under && !chunk.facadeModuleId!.startsWith(`${under}/`))) continue;
    (found[match[1]!] ??= []).push(chunk.fileName);
  }
  return found;
}

/** The chunks the shell's first load runs, whatever the page: its entry, bootstrap, the shared modules and their imports. */
function initialChunks(chunks: { fileName: string; isEntry: boolean; facadeModuleId: string | null; imports: string[]; dynamicImports: string[] }[]): Set<string> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const roots = chunks.filter((chunk) => chunk.isEntry || chunk.facadeModuleId?.endsWith('/src/bootstrap.tsx') || chunk.fileName.includes('localSharedImportMap'));
  const initial = new Set<string>();
  const visit = (file: string) => {
    if (initial.has(file)) return;
    const chunk = byFile.get(file);
    if (!chunk) return;
    initial.add(file);
    chunk.imports.forEach(visit);
  };
  for (const root of roots) {
    visit(root.fileName);
    // The shared modules' payloads are imported dynamically, but all of them at start.
    if (root.fileName.includes('localSharedImportMap')) root.dynamicImports.forEach(visit);
  }
  return initial;
}

/**
 * The shell's first load is a chain of module imports (entry → runtime → shared modules → bootstrap), each
 * discovered only when the previous one runs. Listing them as modulepreload links lets the browser fetch
 * them all at once. Only what every page needs at start is listed: lazy pages and SDKs stay lazy.
 * early-start (which asks for /remotes.json) also runs as its own script, at once.
 */
const preloadInitialChunks = (apiUrl: string): Plugin => ({
  name: 'phonehaat:preload-initial-chunks',
  apply: 'build',
  /**
   * The CSS of the shell's own lazy parts that its server frame renders (decision 018: the dashboard's menu around a
   * user's page), by the path they appear under, for the shell's server to inline in a composed page
   * (`server/frame-css.json`): a lazy route's stylesheet arrives only with its code, after the first paint.
   */
  generateBundle(_options, bundle) {
    const framed: Record<string, string> = { '/dashboard': '/src/app/routes/dashboard-layout.tsx' };
    const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
    const css = Object.fromEntries(
      Object.entries(framed).map(([path, module]) => [
        path,
        chunks.filter((chunk) => chunk.moduleIds.some((id) => id.endsWith(module))).flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]),
      ]),
    );
    this.emitFile({ type: 'asset', fileName: 'server/frame-css.json', source: `${JSON.stringify(css, null, 2)}\n` });
    // The catalogs the shell's start-up code registers (its own main one, shared-ui's, shared-auth's) per language: the
    // shell's server asks for the page's language's with the page's code (issue 25), rather than once the app has
    // started. Those of the shell's own lazy pages (app/routes/locales) come with those pages.
    const initial = initialChunks(chunks);
    const registered = new Set(chunks.filter((chunk) => initial.has(chunk.fileName)).flatMap((chunk) => chunk.dynamicImports));
    const startCatalogs = Object.fromEntries(Object.entries(catalogChunks(chunks)).map(([language, files]) => [language, files.filter((file) => registered.has(file))]));
    this.emitFile({ type: 'asset', fileName: 'server/catalog-chunks.json', source: `${JSON.stringify(startCatalogs, null, 2)}\n` });
  },
  transformIndexHtml: {
    order: 'post',
    handler(_html, { bundle }) {
      if (!bundle) return [];
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const initial = initialChunks(chunks);
      // The manifest request must not wait for the federation runtime's start-up chain: run early-start on its own.
      const earlyStart = chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith('/src/federation/early-start.ts')));
      // Its chunk must hold nothing else that runs at start, and import nothing (federation is not ready yet): only it,
      // the page matcher it reads, and the ids of the scripts it reads the releases' pages and the composed page's data from.
      const earlyModules = ['/src/federation/early-start.ts', '/src/app/route-remotes.ts', '/src/federation/pages-script.ts', '/src/server/hydration.ts'];
      if (!earlyStart || earlyStart.isEntry || earlyStart.imports.length > 0 || !earlyStart.moduleIds.every((id) => earlyModules.some((file) => id.endsWith(file)))) {
        throw new Error(`phonehaat:preload-initial-chunks: src/federation/early-start.ts must build to a chunk of its own (${JSON.stringify({ entry: earlyStart?.isEntry, imports: earlyStart?.imports, modules: earlyStart?.moduleIds })})`);
      }
      // A returning user's first calls carry a token (the HTTP client, which shared-data imports on demand), and
      // Firebase's SDK confirms or restores their session: for them (the session marker of shared-auth's token.ts is
      // set), fetch these from the start, not after the shell has run. While their access token is still good (the
      // test of token.ts's rememberedClaims), the page shows before Firebase is needed: its SDK is left to load after.
      const apiChunks = new Set<string>();
      const firebaseChunks = new Set<string>();
      const isFirebase = (file: string) => byFile.get(file)?.moduleIds.some((id) => /\/node_modules\/(\.pnpm\/)?@?firebase/.test(id)) ?? false;
      const visitSession = (into: Set<string>) => (file: string) => {
        const chunk = byFile.get(file);
        if (!chunk || initial.has(file) || apiChunks.has(file) || firebaseChunks.has(file)) return;
        into.add(file);
        chunk.imports.forEach(visitSession(into));
      };
      chunks
        .filter((chunk) => chunk.moduleIds.some((id) => id.endsWith('/shared-auth/src/firebase.ts')))
        .forEach((chunk) => chunk.dynamicImports.forEach((file) => visitSession(isFirebase(file) ? firebaseChunks : apiChunks)(file)));
      // The HTTP client itself, which shared-data imports on demand: that chunk alone (shared-data's chunk holds other
      // parts loaded on demand too, which a returning user's first page does not need).
      chunks.filter((chunk) => chunk.moduleIds.some((id) => id.endsWith('/shared-data/src/axios-client.ts'))).forEach((chunk) => visitSession(apiChunks)(chunk.fileName));
      const list = (files: Set<string>) => JSON.stringify([...files].map((file) => `/${file}`));
      const preloadForSession = apiChunks.size + firebaseChunks.size
        ? `try{if(localStorage.getItem("phonehaat.session")){let f=${list(apiChunks)};try{const t=localStorage.getItem("accessToken").split(".")[1].replace(/-/g,"+").replace(/_/g,"/");if(!(JSON.parse(atob(t)).exp*1e3-Date.now()>=${REMEMBERED_TOKEN_MARGIN_MS}))throw 0}catch{f=f.concat(${list(firebaseChunks)})}for(const h of f){const l=document.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=h;document.head.append(l)}}}catch{}`
        : '';
      return [
        // A classic script: the federation plugin wraps every module script in its start-up chain.
        { tag: 'script', children: `import(${JSON.stringify(`/${earlyStart.fileName}`)});${preloadForSession}`, injectTo: 'head-prepend' },
        { tag: 'link', attrs: { rel: 'preconnect', href: new URL(apiUrl).origin, crossorigin: '' }, injectTo: 'head' },
        ...[...initial].map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: '', href: `/${file}` }, injectTo: 'head' as const })),
        // The start-up chunks' CSS (tokens, the layout): asked for with the page, not after the shell's code has run.
        // The shell's server inlines these in the pages it composes (shell/server/compose.ts).
        ...[...initial].flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]).map((file) => ({
          tag: 'link',
          attrs: { rel: 'stylesheet', crossorigin: '', href: `/${file}` },
          injectTo: 'head' as const,
        })),
      ];
    },
  },
});

/**
 * Stamps every exposed page module with the build it came from (`export const buildId`), so the shell can
 * show which deployment of a remote is running (data-build on its slot) and a redeploy is visible.
 */
const stampExposedModules = (exposes: Record<string, string>, buildId: string): Plugin => {
  let files = new Set<string>();
  return {
    name: 'phonehaat:stamp-exposed-modules',
    configResolved(config) {
      files = new Set(Object.values(exposes).map((file) => resolve(config.root, file)));
    },
    transform(code, id) {
      if (!files.has(id.split('?')[0]!)) return undefined;
      return { code: `${code}\nexport const buildId = ${JSON.stringify(buildId)};\n`, map: null };
    },
  };
};

/**
 * Writes `preload.json` beside remoteEntry.js: for each exposed page, the chunks and CSS it imports statically
 * and the chunks remoteEntry.js runs at start (paths relative to remoteEntry.js) and the API reads it starts with. The shell's early start reads it for the
 * first page, so the browser fetches them all at once instead of discovering them one import at a time, and the
 * page's public data in parallel with its code (issue 13).
 */
const pagePreloads = (exposes: Record<string, string>, data: Record<string, readonly string[]>): Plugin => {
  let root = '';
  return {
    name: 'phonehaat:page-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const pages: Record<string, PagePreload> = {};
      // The remote's own catalogs (those of the shared packages come with the shell), by chunk: each page preloads those
      // its code registers (the slice's main catalog, and its features' that the page imports), not every page's words.
      const ownCatalogs = catalogChunks(chunks, resolve(root, 'src'));
      const languageOf = new Map(Object.entries(ownCatalogs).flatMap(([language, files]) => files.map((file) => [file, language] as const)));
      // What remoteEntry.js itself runs at start (the federation runtime, its shared-module map): otherwise found
      // one import at a time once the shell starts the remote, after the page's own chunks have long arrived.
      const entry = byFile.get('remoteEntry.js');
      const entryStart = new Set<string>();
      const visitEntry = (name: string) => {
        const chunk = byFile.get(name);
        if (!chunk || entryStart.has(name)) return;
        entryStart.add(name);
        chunk.imports.forEach(visitEntry);
        if (name.includes('localSharedImportMap')) chunk.dynamicImports.forEach(visitEntry);
      };
      entry?.imports.forEach(visitEntry);
      entry?.dynamicImports.filter((name) => name.includes('localSharedImportMap')).forEach(visitEntry);
      for (const [exposed, file] of Object.entries(exposes)) {
        const page = chunks.find((chunk) => chunk.facadeModuleId === resolve(root, file));
        if (!page) continue;
        const js = new Set<string>();
        const css = new Set<string>();
        const catalogs: Record<string, string[]> = {};
        const visit = (name: string) => {
          const chunk = byFile.get(name);
          if (!chunk || js.has(name)) return;
          js.add(name);
          chunk.viteMetadata?.importedCss.forEach((sheet) => css.add(sheet));
          for (const imported of chunk.dynamicImports) {
            const language = languageOf.get(imported);
            if (language && !catalogs[language]?.includes(imported)) (catalogs[language] ??= []).push(imported);
          }
          chunk.imports.forEach(visit);
        };
        visit(page.fileName);
        entryStart.forEach((name) => js.add(name));
        pages[exposed.replace(/^\.\//, '')] = { js: [...js], css: [...css], data: data[exposed] ?? [], catalogs };
      }
      this.emitFile({ type: 'asset', fileName: 'preload.json', source: `${JSON.stringify(pages, null, 2)}\n` });
    },
  };
};

const repoRoot = resolve(import.meta.dirname, '../..');

/**
 * CSS module class names that depend only on the file (from the repository's root) and the class: the same in
 * every app's build and in the server renders (issue 13), so HTML rendered by one build is styled by another's CSS.
 * shared-ui is bundled by every app but runs as the shell's singleton, hence its own prefix.
 */
const scopedName = (app: string) => (local: string, filename: string) => {
  const file = relative(repoRoot, filename.split('?')[0]!).split('\\').join('/');
  const owner = file.startsWith('shared-ui/') ? 'ui' : app;
  return `${owner}_${local}_${createHash('sha256').update(`${file}:${local}`).digest('base64url').slice(0, 5)}`;
};

/** Packages the server renders import from node_modules rather than bundle: one copy of each in the shell's server. */
const SERVER_PROVIDED = ['react', 'react-dom', 'react-router', 'react-router-dom', 'zustand', '@module-federation/runtime', '@module-federation/runtime-core', '@module-federation/sdk', '@module-federation/vite'];
const serverProvided = (names: readonly string[]) => new RegExp(`^(?!(${names.map((name) => name.replace(/[/.]/g, '\\$&')).join('|')})(/|$))`);

/**
 * After the browser build, builds the app's server side (issue 24, decision 019) beside it, for Node:
 * - a remote: its Module Federation server entry (`server/remoteEntry.ssr.js`, @module-federation/vite's SSR build of
 *   the same exposes), named in preload.json (`ssr`) for each of its `serverPages`. Its shared singletons come from the
 *   host's share scope and its JSX runtime from the host's React, so its pages render inside the shell's tree;
 * - the shell (`serverEntry`): `server/app.mjs`, the whole app rendered on the server, which loads those entries
 *   with the federation runtime. React, the router, zustand and the federation runtime stay imports of node_modules
 *   (one copy in the process, which the remotes' code gets too); the shell's code and shared-* are bundled.
 */
const serverRenderer = (app: FederatedApp, buildId: string, shared: ReturnType<typeof sharedSingletons>): Plugin => {
  let root = '';
  let outDir = '';
  let mode = 'production';
  return {
    name: 'phonehaat:server-renderer',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
      outDir = resolve(root, config.build.outDir);
      mode = config.mode;
    },
    // Also called when the browser build failed: then there is nothing to build beside, and its own error is the one to see.
    async closeBundle(error?: Error) {
      if (error) return;
      const isHost = app.name === 'shell';
      const common = {
        configFile: false as const,
        root,
        mode,
        logLevel: 'warn' as const,
        define: { ...publicEnvDefine(), 'process.env.NODE_ENV': JSON.stringify('production') },
        css: { modules: { localsConvention: 'camelCaseOnly' as const, generateScopedName: scopedName(app.name) } },
      };
      const serverBuild = { ssr: true, outDir: join(outDir, 'server'), emptyOutDir: false, copyPublicDir: false, target: 'node24', minify: true };
      if (isHost) {
        const installed = (name: string) => (JSON.parse(readFileSync(resolve(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
        const provided = Object.fromEntries(
          Object.entries(sharedSingletons({ remoteBuild: false })).map(([name, { requiredVersion }]) => [name, { version: installed(name), requiredVersion }]),
        );
        await build({
          ...common,
          plugins: [react(), catalogsPlugin()],
          define: { ...common.define, __PHONEHAAT_SHARED__: JSON.stringify(provided) },
          ssr: { target: 'node', noExternal: serverProvided(SERVER_PROVIDED) },
          build: {
            ...serverBuild,
            rollupOptions: { input: app.serverEntry!, output: { format: 'es', entryFileNames: 'app.mjs', chunkFileNames: 'chunks/[name]-[hash].mjs' } },
          },
        });
        return;
      }
      await build({
        ...common,
        plugins: [react(), catalogsPlugin(), federation(federationOptions(app, shared, true)), stampExposedModules(app.exposes ?? {}, buildId)],
        // Only the host's copies of these: the federation runtime, and React's JSX runtime (React itself and the other
        // singletons come from the share scope).
        ssr: { target: 'node', noExternal: serverProvided(['react', 'react-dom', '@module-federation/runtime', '@module-federation/runtime-core', '@module-federation/sdk']) },
        // The federation plugin emits the entry itself.
        build: { ...serverBuild, rollupOptions: { input: {} } },
      });
      const preloadFile = join(outDir, 'preload.json');
      const pages = JSON.parse(readFileSync(preloadFile, 'utf8')) as PagePreloads;
      for (const page of app.serverPages ?? []) {
        const name = page.replace(/^\.\//, '');
        const preload = pages[name];
        if (!preload) throw new Error(`phonehaat:server-renderer: ${page} is not exposed`);
        preload.ssr = 'server/remoteEntry.ssr.js';
      }
      writeFileSync(preloadFile, `${JSON.stringify(pages, null, 2)}\n`);
    },
  };
};

/**
 * Writes `federation.json`, what this build is to the deployer's compatibility gate (issue 16): a remote's exposed
 * modules and the range it needs of each shared singleton; the shell's provided version of each singleton and the
 * modules its route table loads from each remote.
 */
const federationFacts = (app: FederatedApp, shared: Record<string, { requiredVersion: string }>): Plugin => ({
  name: 'phonehaat:federation-facts',
  apply: 'build',
  async generateBundle() {
    const installed = (name: string) => (JSON.parse(readFileSync(resolve(process.cwd(), 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
    // Its catalogs, per language: how many messages and which the language lacks (issue 25; `pnpm slice release` prints
    // it, and the deployer's gate checks it against the languages the live shell offers).
    const catalogs = catalogCoverage(process.cwd());
    const facts =
      app.name === 'shell'
        ? {
            name: 'shell',
            provides: Object.fromEntries(Object.keys(shared).map((name) => [name, installed(name)])),
            languages: Object.keys(catalogs ?? { en: true }),
            catalogs,
          }
        : {
            name: app.name,
            exposes: Object.keys(app.exposes ?? {}).map((exposed) => exposed.replace(/^\.\//, '')),
            requires: Object.fromEntries(Object.entries(shared).map(([name, { requiredVersion }]) => [name, requiredVersion])),
            catalogs,
            pages: [...new Set((app.pages ?? []).map((page) => page.module))],
          };
    this.emitFile({ type: 'asset', fileName: 'federation.json', source: `${JSON.stringify(facts, null, 2)}\n` });
    // Its pages, published with the release (issue 67): the shell reads them from the releases its manifest names.
    if (app.pages) this.emitFile({ type: 'asset', fileName: 'pages.json', source: `${JSON.stringify(app.pages.map(publishedPage), null, 2)}\n` });
  },
});

export interface FederatedApp {
  name: 'shell' | RemoteName;
  port: number;
  /** A remote's pages (its src/routes.ts): its exposes, server-rendered pages and preloads are derived from them. */
  pages?: readonly PageDeclaration[];
  /** A remote's public face: page components only. */
  exposes?: Record<string, string>;
  /** API paths an exposed page reads as it starts, for anyone (preload.json): fetched alongside its code. */
  preloadData?: Record<string, readonly string[]>;
  /** The shell's server renderer (its frame, a module for Node), built after the browser build. */
  serverEntry?: string;
  /** Exposed pages a remote renders to HTML on the server (issue 13); its server renderer is generated from them. */
  serverPages?: readonly string[];
}

/**
 * The shell's manifest where no deployer serves one (`pnpm dev`, a shell started without DEPLOYER_URL): every remote of
 * the one list at its local port, as the build's environment sets them. Written from the list, so a new slice is in it.
 */
const localRemotesManifest = (): Plugin => {
  const source = () => `${JSON.stringify(Object.fromEntries(remoteNames.map((name) => [name, `http://localhost:${ports[name]}/remoteEntry.js`])), null, 2)}\n`;
  return {
    name: 'phonehaat:local-remotes-manifest',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'remotes.json', source: source() });
    },
    configureServer: (server) => {
      server.middlewares.use('/remotes.json', (_req, res) => {
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        // Answered here, before noCacheForEntries' middleware runs: the manifest must never be cached.
        res.setHeader('Cache-Control', 'no-cache');
        res.end(source());
      });
      // The remotes' pages, as the shell's server answers for the releases it serves (issue 67): here, the checkout's.
      server.middlewares.use('/pages.json', (_req, res) => {
        void derivedShellPages().then(({ pages }) => {
          res.setHeader('Content-Type', 'application/json; charset=utf-8');
          res.setHeader('Cache-Control', 'no-cache');
          res.end(JSON.stringify(pages));
        });
      });
    },
  };
};

/** remoteEntry.js and the manifest must never be cached: a redeploy is picked up at the next load. */
const noCacheForEntries = (): Plugin => {
  const noCache = (url = '') => /(remoteEntry\.js|remotes\.json|mf-manifest\.json|preload\.json)(\?|$)/.test(url);
  const middleware = (req: { url?: string }, res: { setHeader(name: string, value: string): void }, next: () => void) => {
    if (noCache(req.url)) res.setHeader('Cache-Control', 'no-cache');
    next();
  };
  return {
    name: 'phonehaat:no-cache-entries',
    configureServer: (server) => void server.middlewares.use(middleware),
    configurePreviewServer: (server) => void server.middlewares.use(middleware),
  };
};

/** The federation plugin's options for an app: the same for its browser build and a remote's server build. */
function federationOptions(app: FederatedApp, shared: ReturnType<typeof sharedSingletons>, isBuild: boolean): Parameters<typeof federation>[0] {
  const isHost = app.name === 'shell';
  return {
    name: app.name,
    ...(isHost ? { remotes: {} } : { filename: 'remoteEntry.js', exposes: app.exposes }),
    shared,
    shareStrategy: 'loaded-first',
    dts: false,
    // Remotes are registered from a plain remoteEntry.js URL: no manifest snapshots needed; remotes consume none.
    ...(isBuild ? { disableSnapshot: true } : {}),
    ...(isHost ? {} : { disableRemote: true }),
    // One copy of the federation runtime per page: the shell provides it, deployed remotes use it.
    experiments: isHost ? { provideExternalRuntime: true } : isBuild ? { externalRuntime: true } : {},
  };
}

export function federatedApp(declared: FederatedApp, { command }: { command: 'build' | 'serve' }): UserConfig {
  const app = declared.pages ? { ...declared, ...remoteFacts(declared.pages) } : declared;
  const { name, port, exposes, preloadData = {}, serverEntry } = app;
  const isHost = name === 'shell';
  const remoteBuild = !isHost && command === 'build';
  const buildId = process.env.PHONEHAAT_BUILD_ID ?? new Date().toISOString();
  const shared = sharedSingletons({ remoteBuild });
  return {
    plugins: [
      routerClientCheck(),
      react(),
      catalogsPlugin(),
      ...(isHost ? [localRemotesManifest()] : []),
      federation(federationOptions(app, shared, command === 'build')),
      noCacheForEntries(),
      federationFacts(app, shared),
      ...(isHost
        ? [preloadInitialChunks(publicEnv().PUBLIC_API_URL)]
        : [stampExposedModules(exposes ?? {}, buildId), pagePreloads(exposes ?? {}, preloadData)]),
      ...(serverEntry || app.serverPages?.length ? [serverRenderer(app, buildId, shared)] : []),
    ],
    define: publicEnvDefine(),
    // `pnpm dev`: the shared workspace packages are served as their source, never pre-bundled: the dependency
    // optimizer does not run the catalogs plugin, so their `?catalog` imports stop every dev server at start.
    optimizeDeps: { exclude: ['@phonehaat/shared-ui', '@phonehaat/shared-auth', '@phonehaat/shared-data', '@phonehaat/shared-api'] },
    // A remote's chunks resolve against its remoteEntry.js, wherever the manifest says it lives.
    base: isHost ? '/' : './',
    server: { port, strictPort: true, origin: `http://localhost:${port}`, cors: true },
    preview: { port, strictPort: true, cors: true },
    // A remote's release is its federated entry and what it loads: its standalone app (index.html, for its team's `pnpm
    // dev`) is not built into it, so the way it loads its own pages cannot change how the federated pages are split.
    build: { target: 'es2022', sourcemap: true, modulePreload: false, ...(remoteBuild ? { rollupOptions: { input: {} } } : {}) },
    css: { modules: { localsConvention: 'camelCaseOnly', generateScopedName: scopedName(name) } },
  };
}
