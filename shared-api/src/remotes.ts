// Every remote of PhoneHaat, declared once, one line each (issues 26 and 44: a new team's slice is its folder plus its
// line here, which `pnpm slice new` writes): its name (built in mfe-<name>), its port in the local deployment (moved by
// <NAME>_PORT) and its name for people, in each language. The shell (its manifest), its server, the RUM contract, the
// admin's Releases page, the local stack, the deployer and the federation build all read this list. Types only from
// elsewhere: browsers load it too.
import type { Words } from './pages.ts';

export const remotes = {
  storefront: { port: 4201, title: { en: 'Storefront', bn: 'স্টোরফ্রন্ট' } },
  buyer: { port: 4202, title: { en: 'Buyer', bn: 'ক্রেতা' } },
  seller: { port: 4203, title: { en: 'Seller', bn: 'বিক্রেতা' } },
  admin: { port: 4204, title: { en: 'Admin', bn: 'অ্যাডমিন' } },
  inbox: { port: 4205, title: { en: 'Inbox', bn: 'ইনবক্স' } },
} as const satisfies Record<string, { port: number; title: Words }>;

export type RemoteName = keyof typeof remotes;
/** The remotes' names, in the list's order. */
export const remoteNames = Object.keys(remotes) as [RemoteName, ...RemoteName[]];

export const defaultRemotePorts = Object.fromEntries(remoteNames.map((name) => [name, remotes[name].port])) as Record<RemoteName, number>;

/** The variable that moves a remote's local port ("INBOX_PORT"). */
export const portVariable = (name: RemoteName | 'shell') => `${name.toUpperCase()}_PORT`;

/** Each remote's port, as an environment sets them. */
export const remotePorts = (env: Record<string, string | undefined>): Record<RemoteName, number> =>
  Object.fromEntries(remoteNames.map((name) => [name, Number(env[portVariable(name)] || defaultRemotePorts[name])])) as Record<RemoteName, number>;
