import js from '@eslint/js';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import ownLines from './tools/lint/own-lines.js';

// One-way imports (CONVENTIONS.md): shared-* → mfe-* → shell; frontends never import api/.
const forbid = (...groups) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: groups.map(({ pattern, message }) => ({ group: pattern, message })),
    },
  ],
});
const frontendMayNotImportApi = { pattern: ['@phonehaat/api', '@phonehaat/api/*', '**/api/src/**'], message: 'Frontends talk to the API over HTTP; import shapes from @phonehaat/shared-api.' };
const noRemotes = { pattern: ['@phonehaat/mfe-*', '**/mfe-*/**'], message: 'A remote is loaded at run time through Module Federation, never imported.' };
const noShell = { pattern: ['@phonehaat/shell', '@phonehaat/shell/*', '**/shell/src/**'], message: 'Nothing imports the shell; it composes the others.' };
// The toast store lives in the one shared copy of shared-ui; a direct import would get a second copy whose toasts never show.
const toastsThroughSharedUi = { pattern: ['react-toastify', 'react-toastify/*'], message: 'Use notify and ToastHost from @phonehaat/shared-ui.' };
// tools/ is dev-only (the stand-ins, the stack, the build and the deployer): nothing that ships may need it (issue 44).
const noTools = {
  pattern: ['@phonehaat/federation-config', '@phonehaat/federation-config/*', '@phonehaat/slice', '@phonehaat/slice/*', '@phonehaat/serve', '@phonehaat/serve/*', '@phonehaat/stack', '@phonehaat/stack/*', '@phonehaat/fake-*', '**/tools/**'],
  message: 'tools/ is dev-only and never ships: a shape the apps share belongs in @phonehaat/shared-api.',
};
// The tools serve built files with the shell's own file server (its one export), as production serves the shell.
const toolsMayServe = {
  'no-restricted-imports': ['error', { patterns: [...forbid(noRemotes)['no-restricted-imports'][1].patterns, { regex: '^@phonehaat/shell(?!/serve$)|/shell/(src|server)/', message: "Tools may use the shell's file server (@phonehaat/shell/serve), nothing else of it." }] }],
};
// The API is called through one typed client (decision 036): no second HTTP client, no hand-written request.
const oneClient = { pattern: ['axios', 'axios/*'], message: 'Call the API through api from @phonehaat/shared-data (decision 036).' };
// One cache for every slice (issue 67): the query library's copy inside shared-data, never a second one with its own.
const oneCache = { pattern: ['@tanstack/*'], message: 'Read and change API data through @phonehaat/shared-data (useApiQuery, useAction): one cache for every slice.' };
const noFetch = { 'no-restricted-globals': ['error', { name: 'fetch', message: 'Call the API through api from @phonehaat/shared-data (decision 036).' }] };
const tests = ['**/*.test.{ts,tsx}', '**/test/**'];
// Identity calls the API, so the data layer never imports identity (a cycle between two singletons): shared-auth tells
// it whose calls they are through setCredentials.
const noIdentity = { pattern: ['@phonehaat/shared-auth', '@phonehaat/shared-auth/*', '**/shared-auth/**'], message: 'shared-data never imports shared-auth: identity tells the client through setCredentials.' };
const noApps = { pattern: ['@phonehaat/mfe-*', '@phonehaat/shell', '@phonehaat/api', '**/mfe-*/**', '**/shell/src/**', '**/api/src/**'], message: 'shared-* packages never import an app.' };

/**
 * A slice's feature folders are private to each other (bulletproof-react's zones): one feature may use another only
 * through that feature's public index.ts, never a file inside it. Derived from the folders, so a new feature is covered.
 */
const featureZones = readdirSync('.')
  .filter((dir) => dir.startsWith('mfe-'))
  .flatMap((remote) => {
    const root = `./${remote}/src/features`;
    const features = (() => {
      try {
        return readdirSync(root, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
      } catch {
        return [];
      }
    })();
    return features.flatMap((feature) =>
      features
        .filter((other) => other !== feature)
        .map((other) => ({ target: `${root}/${feature}`, from: `${root}/${other}`, except: ['./index.ts'], message: `use ${other}'s public index.ts, not a file inside it` })),
    );
  });

/**
 * The API's domain modules (issue 67: api/src/modules/<domain>, each with its routes, services and repositories) are
 * private to each other as the slices' features are: another module uses one only through its index.ts; the API's
 * composition (app.ts, services.ts, the jobs, the CLI) also through its http.ts, its route plugins.
 */
const apiModules = readdirSync('./api/src/modules', { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
const apiPlatform = readdirSync('./api/src').filter((name) => name !== 'modules').map((name) => `./api/src/${name}`);
const apiModuleZones = apiModules.flatMap((module) => [
  ...apiModules
    .filter((other) => other !== module)
    .map((other) => ({ target: `./api/src/modules/${module}`, from: `./api/src/modules/${other}`, except: ['./index.ts'], message: `use the ${other} module's index.ts, not a file inside it` })),
  { target: apiPlatform, from: `./api/src/modules/${module}`, except: ['./index.ts', './http.ts'], message: `use the ${module} module's index.ts (or http.ts, its routes), not a file inside it` },
]);

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.data/**', '**/coverage/**', '**/test-results/**', '**/playwright-report/**', '**/.__mf__temp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['shared-ui/**/*.{ts,tsx}', 'shared-auth/**/*.{ts,tsx}', 'shared-data/**/*.{ts,tsx}', 'shell/**/*.{ts,tsx}', 'mfe-*/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  // The fake Stripe.js runs in browsers, as a classic script.
  { files: ['tools/fake-stripe/browser/**/*.js'], languageOptions: { globals: { ...globals.browser }, sourceType: 'script' } },
  // A later block's rule replaces an earlier one's for the files both name: what ships (src/ and the shell's server,
  // not their tests) adds noTools.
  { files: ['shared-*/**/*.{ts,tsx}'], rules: forbid(noApps) },
  { files: ['shared-*/src/**/*.{ts,tsx}'], ignores: tests, rules: forbid(noApps, noTools) },
  { files: ['shared-data/src/**/*.{ts,tsx}'], rules: forbid(noApps, noTools, noIdentity) },
  { files: ['shared-api/**/*.ts'], ignores: ['**/*.test.ts'], rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!zod$|[.]{1,2}/)', message: 'shared-api depends on zod only.' }] }] } },
  { files: ['mfe-*/**/*.{ts,tsx}'], rules: forbid(noRemotes, noShell, frontendMayNotImportApi, toastsThroughSharedUi) },
  { files: ['mfe-*/src/**/*.{ts,tsx}'], ignores: tests, rules: { ...forbid(noRemotes, noShell, frontendMayNotImportApi, toastsThroughSharedUi, noTools, oneClient, oneCache), ...noFetch } },
  { files: ['shell/**/*.{ts,tsx}'], rules: forbid(noRemotes, frontendMayNotImportApi, toastsThroughSharedUi) },
  { files: ['shell/src/**/*.{ts,tsx}', 'shell/server/**/*.ts'], ignores: tests, rules: forbid(noRemotes, frontendMayNotImportApi, toastsThroughSharedUi, noTools, oneClient, oneCache) },
  { files: ['tools/**/*.ts'], rules: toolsMayServe },
  { files: ['api/**/*.ts'], rules: forbid(noRemotes, noShell) },
  { files: ['api/src/**/*.ts'], ignores: tests, rules: forbid(noRemotes, noShell, noTools) },
  // A module's services and repositories raise the market's refusals (domain-error.ts) and know nothing of HTTP: its
  // routes (and the error handler) answer them.
  {
    files: ['api/src/modules/**/*.ts'],
    ignores: [...tests, 'api/src/modules/*/routes/**', 'api/src/modules/*/http.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...forbid(noRemotes, noShell, noTools)['no-restricted-imports'][1].patterns,
            {
              regex: '(^|/)errors\\.ts$',
              importNames: ['HttpError', 'badRequest', 'conflict', 'forbidden', 'gone', 'notFound', 'tooManyRequests', 'unauthorized'],
              message: "A service or a repository raises a DomainError (domain-error.ts); HTTP is the routes' and the error handler's.",
            },
          ],
        },
      ],
    },
  },
  // The API's rules read in one place each (issue 67): no function of more than 80 lines of its own.
  { files: ['api/src/**/*.ts'], ignores: tests, plugins: { phonehaat: ownLines }, rules: { 'phonehaat/max-own-lines': ['error', { max: 80 }] } },
  // Import cycles and feature zones, in what ships (tests and tools aside).
  {
    files: ['api/src/**/*.ts', 'shell/src/**/*.{ts,tsx}', 'shell/server/**/*.ts', 'shared-*/src/**/*.{ts,tsx}', 'mfe-*/src/**/*.{ts,tsx}'],
    ignores: tests,
    plugins: { 'import-x': importX },
    settings: {
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'], extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: [...featureZones, ...apiModuleZones] }],
    },
  },
);
