import { registerRemotes } from '@module-federation/runtime';

import { remoteNames, type RemoteName } from '@phonehaat/shared-api/remotes';

export { remoteNames, type RemoteName };
export type RemoteManifest = Partial<Record<RemoteName, string>>;

let manifest: RemoteManifest = {};

/**
 * Takes /remotes.json (remote name → remoteEntry.js URL), requested by early-start, and registers the
 * remotes with the federation runtime. URLs live in the deployed manifest, not in any build.
 */
export async function loadManifest(request: Promise<unknown>): Promise<RemoteManifest> {
  try {
    const body = (await request) as Record<string, unknown>;
    manifest = Object.fromEntries(
      Object.entries(body).filter(
        (entry): entry is [RemoteName, string] => remoteNames.includes(entry[0] as RemoteName) && typeof entry[1] === 'string' && entry[1] !== '',
      ),
    );
  } catch (error) {
    // The shell still starts: every remote slot then shows its own error with a Retry.
    console.error('PhoneHaat could not read the remotes manifest', error);
    manifest = {};
  }
  registerRemotes(Object.entries(manifest).map(([name, entry]) => ({ name, entry, type: 'module' as const })));
  return manifest;
}

export const remoteEntry = (name: RemoteName): string | undefined => manifest[name];

/** Registers the remote again under a fresh URL, so a retry really fetches it again. */
export function reRegister(name: RemoteName, attempt: number) {
  const entry = manifest[name];
  if (!entry) return;
  const fresh = `${entry}${entry.includes('?') ? '&' : '?'}attempt=${attempt}`;
  registerRemotes([{ name, entry: fresh, type: 'module' }], { force: true });
}
