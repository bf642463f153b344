import { dehydrate, hydrate, QueryClient, type DehydratedState } from '@tanstack/react-query';
import type { OperationId } from '@phonehaat/shared-api/operations';
import type { ApiInput } from '../api-client';
import { ApiRequestError } from '../api-error';
import { apiQuery } from './keys';
import { renderCacheSource } from './render-source';

/** A refusal (4xx) is an answer: asking again gets the same. A network failure or a 5xx is tried once more. */
const retry = (failures: number, error: unknown) => failures < 1 && !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500);

/**
 * A cache for one page's life (the browser's) or one server render: what a screen read stays fresh for half a minute,
 * so moving between pages shows it at once and asks again in the background; a change invalidates what it changed.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
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

/** The cache a loader (or a hook outside a RenderCache) fills: the server render's own, or the browser's one. */
export function currentCache(): QueryClient {
  const rendering = renderCacheSource();
  if (rendering) return rendering;
  // A process-wide cache on a server would hand one user's answers to the next.
  if (typeof window === 'undefined') throw new Error('A server render reads API data through its own cache (setRenderCacheSource)');
  return browserQueryClient();
}

/** Asks for an operation unless the cache has it fresh; never rejects (a failed read stays in the cache as failed). */
export const prefetchApi = <Id extends OperationId>(id: Id, input?: ApiInput<Id>): Promise<void> => currentCache().prefetchQuery(apiQuery(id, input));

/** Whether a render's cache holds a failed read (the server then leaves the page to the browser). */
export const hasFailedRead = (cache: QueryClient): boolean => cache.getQueryCache().getAll().some((query) => query.state.status === 'error');

/** What a composed page carries of its render's cache, for the browser to start from (read again after 30 s). */
export const dehydrateCache = (cache: QueryClient): DehydratedState => dehydrate(cache);

/** The server's answers, into the browser's cache, so its page reads them without asking again. */
export const hydrateCache = (state: DehydratedState): void => hydrate(browserQueryClient(), state);
