// The one list of what every federated app shares, and how. Host and remotes must agree on it,
// or a remote gets its own React, router or session store and hooks break.
import { readFileSync } from 'node:fs';

const catalogVersion = (name: string): string => {
  const yaml = readFileSync(new URL('../../pnpm-workspace.yaml', import.meta.url), 'utf8');
  const match = yaml.match(new RegExp(`^\\s+"?${name.replace('/', '\\/')}"?:\\s*(\\S+)`, 'm'));
  if (!match?.[1]) throw new Error(`${name} is not in the pnpm catalog`);
  return `^${match[1]}`;
};

const singleton = (name: string, version = catalogVersion(name)) => ({ singleton: true, requiredVersion: version });

export const sharedSingletons = {
  react: singleton('react'),
  'react-dom': singleton('react-dom'),
  'react-router-dom': singleton('react-router-dom'),
  zustand: singleton('zustand'),
  '@phonehaat/shared-api': singleton('@phonehaat/shared-api', '^0.1.0'),
  '@phonehaat/shared-auth': singleton('@phonehaat/shared-auth', '^0.1.0'),
  '@phonehaat/shared-ui': singleton('@phonehaat/shared-ui', '^0.1.0'),
};

/** Ports of the local deployment; each can be moved by env (see README). */
export const ports = {
  shell: Number(process.env.SHELL_PORT ?? 4200),
  storefront: Number(process.env.STOREFRONT_PORT ?? 4201),
  buyer: Number(process.env.BUYER_PORT ?? 4202),
  seller: Number(process.env.SELLER_PORT ?? 4203),
  admin: Number(process.env.ADMIN_PORT ?? 4204),
};
