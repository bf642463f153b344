// The one list of what every federated app shares, and how. Host and remotes must agree on it,
// or a remote gets its own React, router or session store and hooks break.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { remotePorts, type RemoteName } from '@phonehaat/shared-api/remotes';

const catalogVersion = (name: string): string => {
  const yaml = readFileSync(new URL('../../pnpm-workspace.yaml', import.meta.url), 'utf8');
  const match = yaml.match(new RegExp(`^\\s+"?${name.replace('/', '\\/')}"?:\\s*(\\S+)`, 'm'));
  if (!match?.[1]) throw new Error(`${name} is not in the pnpm catalog`);
  return `^${match[1]}`;
};

/**
 * PHONEHAAT_SHARED_REQUIRE="react=^20.0.0,…" builds a remote that asks for other versions of the singletons, as an
 * upgrade on one team's branch would: the way to rehearse the deployer's compatibility gate (issue 16).
 */
const requiredOverrides = new Map(
  (process.env.PHONEHAAT_SHARED_REQUIRE ?? '')
    .split(',')
    .filter(Boolean)
    .map((pair) => [pair.slice(0, pair.lastIndexOf('=')), pair.slice(pair.lastIndexOf('=') + 1)] as const),
);

const singleton = (name: string, version = catalogVersion(name)) => ({ singleton: true, requiredVersion: requiredOverrides.get(name) ?? version });

/**
 * Shared as singletons on every side. shared-api is deliberately not shared: it is a stateless contract,
 * mostly types, so each app bundles (tree-shaken) only the schemas it really uses.
 */
export function sharedSingletons({ remoteBuild }: { remoteBuild: boolean }) {
  // A deployed remote always runs inside the shell, which provides these; bundling a local copy would
  // only be downloaded for nothing. Running alone (vite dev) a remote keeps its own copy.
  const hostProvided = remoteBuild ? { import: false as const, suppressMissingImportWarning: true } : {};
  return {
    react: { ...singleton('react'), ...hostProvided },
    'react-dom': { ...singleton('react-dom'), ...hostProvided },
    // Provided from its client API only (./react-router-dom.client.ts), under the same name and version.
    'react-router-dom': {
      ...singleton('react-router-dom'),
      version: catalogVersion('react-router-dom').slice(1),
      ...(remoteBuild ? hostProvided : { import: fileURLToPath(new URL('./react-router-dom.client.ts', import.meta.url)) }),
    },
    zustand: { ...singleton('zustand'), ...hostProvided },
    '@phonehaat/shared-auth': { ...singleton('@phonehaat/shared-auth', '^0.1.0'), ...hostProvided },
    // The client and its cache: one per page, whoever calls (a change one slice makes is seen by the others).
    '@phonehaat/shared-data': { ...singleton('@phonehaat/shared-data', '^0.1.0'), ...hostProvided },
    '@phonehaat/shared-ui': { ...singleton('@phonehaat/shared-ui', '^0.1.0'), ...hostProvided },
  };
}

/** Ports of the local deployment; each can be moved by env (see README). */
export const ports: Record<'shell' | RemoteName, number> = { shell: Number(process.env.SHELL_PORT ?? 4200), ...remotePorts(process.env) };
