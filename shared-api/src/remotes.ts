// Every remote of PhoneHaat, declared once (issues 26 and 44: the cost of a new team's slice): its name, the folder it
// is built in (mfe-<name>) and its port in the local deployment, moved by <NAME>_PORT. The shell (its manifest), its
// server, the RUM contract, the admin's Releases page, the local stack, the deployer and the federation build all read
// this list. No imports: browsers load it too.
export const remoteNames = ['storefront', 'buyer', 'seller', 'admin', 'inbox'] as const;
export type RemoteName = (typeof remoteNames)[number];

export const defaultRemotePorts: Record<RemoteName, number> = { storefront: 4201, buyer: 4202, seller: 4203, admin: 4204, inbox: 4205 };

/** The variable that moves a remote's local port ("INBOX_PORT"). */
export const portVariable = (name: RemoteName | 'shell') => `${name.toUpperCase()}_PORT`;

/** Each remote's port, as an environment sets them. */
export const remotePorts = (env: Record<string, string | undefined>): Record<RemoteName, number> =>
  Object.fromEntries(remoteNames.map((name) => [name, Number(env[portVariable(name)] || defaultRemotePorts[name])])) as Record<RemoteName, number>;
