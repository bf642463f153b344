import { loadRemote } from '@module-federation/runtime';
import { reRegister, type RemoteName } from './manifest';

export class RemoteUnavailableError extends Error {
  constructor(readonly remote: RemoteName, cause?: unknown) {
    super(`The ${remote} part of PhoneHaat could not be loaded`, { cause });
    this.name = 'RemoteUnavailableError';
  }
}

/** Loads one exposed module of a remote; attempt > 0 re-fetches a remote that failed before. */
export async function loadRemoteModule<T>(remote: RemoteName, module: string, attempt = 0): Promise<T> {
  if (attempt > 0) reRegister(remote, attempt);
  try {
    const loaded = await loadRemote<T>(`${remote}/${module}`);
    if (!loaded) throw new Error(`${remote}/${module} is empty`);
    return loaded;
  } catch (error) {
    throw new RemoteUnavailableError(remote, error);
  }
}
