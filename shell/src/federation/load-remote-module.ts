import { loadRemote } from '@module-federation/runtime';
import { remoteEntry, reRegister, type RemoteName } from './manifest';

export class RemoteUnavailableError extends Error {
  constructor(readonly remote: RemoteName, cause?: unknown) {
    super(`The ${remote} part of PhoneHaat could not be loaded`, { cause });
    this.name = 'RemoteUnavailableError';
  }
}

/**
 * Where the route table and the slots get remotes' pages from: in the browser the federation runtime with this
 * visitor's /remotes.json; on the shell's server, the federation instance of the request being rendered (decision 019),
 * whose manifest may differ from the next request's (a canary).
 */
export interface RemoteSource {
  /** The remote's entry in the manifest; undefined when the manifest does not list it. */
  entry(remote: RemoteName): string | undefined;
  /** Loads one exposed module; attempt > 0 fetches a remote that failed before again. */
  load<T>(remote: RemoteName, module: string, attempt: number): Promise<T>;
  /** The module if it has loaded already. */
  loaded<T>(remote: RemoteName, module: string): T | undefined;
}

// Modules already loaded from the current registration of their remote, so a slot can show them at once.
const loaded = new Map<string, unknown>();

const browserSource: RemoteSource = {
  entry: remoteEntry,
  async load<T>(remote: RemoteName, module: string, attempt: number): Promise<T> {
    const key = `${remote}/${module}`;
    if (attempt > 0) {
      for (const name of loaded.keys()) if (name.startsWith(`${remote}/`)) loaded.delete(name);
      reRegister(remote, attempt);
    }
    const page = await loadRemote<T>(key);
    if (!page) throw new Error(`${key} is empty`);
    loaded.set(key, page);
    return page;
  },
  loaded: <T>(remote: RemoteName, module: string) => loaded.get(`${remote}/${module}`) as T | undefined,
};

let source: () => RemoteSource = () => browserSource;

/** The shell's server render only: where each request's remotes come from. */
export function setRemoteSource(current: () => RemoteSource): void {
  source = current;
}

/** Loads one exposed module of a remote; attempt > 0 re-fetches a remote that failed before. */
export async function loadRemoteModule<T>(remote: RemoteName, module: string, attempt = 0): Promise<T> {
  try {
    return await source().load<T>(remote, module, attempt);
  } catch (error) {
    throw new RemoteUnavailableError(remote, error);
  }
}

/** The module if it has loaded already, for rendering without a Suspense fallback. */
export const loadedRemoteModule = <T>(remote: RemoteName, module: string): T | undefined => source().loaded<T>(remote, module);

/** Whether the manifest lists the remote at all (one it does not is "coming soon"). */
export const remoteListed = (remote: RemoteName): boolean => source().entry(remote) !== undefined;

/**
 * Starts loading a page before its route renders (from a route loader). A failure is not thrown here: the
 * page's slot shows it, with its Retry, and the rest of the shell keeps working.
 */
export async function preloadRemoteModule(remote: RemoteName, module: string): Promise<void> {
  if (!remoteListed(remote)) return;
  await loadRemoteModule(remote, module).catch(() => undefined);
}
