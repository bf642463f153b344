import type { DehydratedState, QueryClient } from '@tanstack/react-query';
import type { OperationId } from '@phonehaat/shared-api/operations';
import type { ApiInput } from '../api-client';
import { apiQuery } from './api-query';
import { loadQueryLibrary, queryLibrary } from './library';
import { browserQueryClient } from './query-client';

// A route's loader fills the cache its page then reads (issue 67): in the browser the one cache; on the shell's server
// the cache of the render under way, which the server names through setRenderCacheSource (its AsyncLocalStorage:
// renders overlap while they wait on the API, and this package runs in browsers too, where there is none).

let renderCacheSource: () => QueryClient | undefined = () => undefined;
export function setRenderCacheSource(source: () => QueryClient | undefined) {
  renderCacheSource = source;
}

/** The cache a loader (or a hook outside a RenderCache) fills: the server render's own, or the browser's one. */
export function currentCache(): QueryClient {
  const rendering = renderCacheSource();
  if (rendering) return rendering;
  // A process-wide cache on a server would hand one user's answers to the next.
  if (typeof window === 'undefined') throw new Error('A server render reads API data through its own cache (setRenderCacheSource)');
  return browserQueryClient();
}

/**
 * For a route's loader: asks for an operation unless the cache has it fresh, and waits for it. Never rejects: a failed
 * read stays in the cache as failed, for its page to show with a Retry (and a server not to compose).
 */
export async function prefetchApi<Id extends OperationId>(id: Id, input?: ApiInput<Id>): Promise<void> {
  await loadQueryLibrary();
  await currentCache().prefetchQuery(apiQuery(id, input));
}

/** Whether a render's cache holds a failed read (the server then leaves the page to the browser). */
export const hasFailedRead = (cache: QueryClient): boolean => cache.getQueryCache().getAll().some((query) => query.state.status === 'error');

/** What a composed page carries of its render's cache, for the browser to start from (read again after 30 s). */
export const dehydrateCache = (cache: QueryClient): DehydratedState => queryLibrary().dehydrate(cache);

/** Before hydrating a composed page: the server's answers, so its page reads them without asking again. */
export async function hydrateCache(state: DehydratedState): Promise<void> {
  if (state.queries.length === 0) return; // nothing cached: the library need not load for it
  const { hydrate } = await loadQueryLibrary();
  hydrate(browserQueryClient(), state);
}

export type { DehydratedState };
