import type { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '../api-error';
import { loadedQueryLibrary } from './library';

/** A refusal (4xx) is an answer: asking again gets the same. A network failure or a 5xx is tried once more. */
const retry = (failures: number, error: unknown) => failures < 1 && !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500);

/**
 * A cache for one page's life (the browser's) or one server render: what a screen read stays fresh for half a minute,
 * so moving between pages shows it at once and asks again in the background; a change invalidates what it changed.
 * Once the library has loaded (loadQueryLibrary).
 */
export function createQueryClient(): QueryClient {
  const library = loadedQueryLibrary();
  if (!library) throw new Error('The query library has not loaded (loadQueryLibrary)');
  return new library.QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

let browserClient: QueryClient | undefined;
/** The browser's one cache, for the shell and every remote (shared-data is a federation singleton). */
export function browserQueryClient(): QueryClient {
  browserClient ??= createQueryClient();
  return browserClient;
}

/** After a change: every cached read of the operation is asked again (none if nothing was ever read through the cache). */
export function invalidateReads(id: string): void {
  void browserClient?.invalidateQueries({ queryKey: [id] });
}
