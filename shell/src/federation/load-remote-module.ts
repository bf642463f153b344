import { loadRemote } from '@module-federation/runtime';
import { remoteEntry, reRegister, type RemoteName } from './manifest';

export class RemoteUnavailableError extends Error {
  constructor(readonly remote: RemoteName, cause?: unknown) {
    super(`The ${remote} part of PhoneHaat could not be loaded`, { cause });
    this.name = 'RemoteUnavailableError';
  }
}

// Modules already loaded from the current registration of their remote, so a slot can show them at once.
const loaded = new Map<string, unknown>();

/** Loads one exposed module of a remote; attempt > 0 re-fetches a remote that failed before. */
export async function loadRemoteModule<T>(remote: RemoteName, module: string, attempt = 0): Promise<T> {
  const key = `${remote}/${module}`;
  if (attempt > 0) {
    for (const name of loaded.keys()) if (name.startsWith(`${remote}/`)) loaded.delete(name);
    reRegister(remote, attempt);
  }
  try {
    const page = await loadRemote<T>(key);
    if (!page) throw new Error(`${key} is empty`);
    loaded.set(key, page);
    return page;
  } catch (error) {
    throw new RemoteUnavailableError(remote, error);
  }
}

/** The module if it has loaded already, for rendering without a Suspense fallback. */
export const loadedRemoteModule = <T>(remote: RemoteName, module: string): T | undefined => loaded.get(`${remote}/${module}`) as T | undefined;

/**
 * Starts loading a page before its route renders (from a route loader). A failure is not thrown here: the
 * page's slot shows it, with its Retry, and the rest of the shell keeps working.
 */
export async function preloadRemoteModule(remote: RemoteName, module: string): Promise<void> {
  if (!remoteEntry(remote)) return;
  await loadRemoteModule(remote, module).catch(() => undefined);
}
