import { dehydrate, hydrate, QueryClient, type DehydratedState, type InfiniteData } from '@tanstack/react-query';
import type { OperationId } from '@phonehaat/shared-api/operations';
import { api, type ApiInput, type ApiOutput } from '../api-client';
import { ApiRequestError } from '../api-error';
import { apiQuery, operationKey, pagesKey } from './keys';
import { onPersonChange } from '../credentials';
import { renderCacheSource } from './render-source';
import { datedAnswers } from './composed';

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

// Signed out, or in as someone else: nothing another person's calls answered is shown to this one (a page kept while
// it is read again would show it). Signing in after a visitor's pages keeps them (nothing of a person is in them).
onPersonChange((now, before) => {
  if (now === null || (before != null && before !== now)) browserClient?.clear();
});

/**
 * After a change: every cached read of the operation is asked again, or only the one asked with `input` (none if
 * nothing was ever read through the cache).
 */
export function invalidateReads<Id extends OperationId>(id: Id, input?: ApiInput<Id>): void {
  void browserClient?.invalidateQueries({ queryKey: operationKey(id, input), exact: input !== undefined });
}

/**
 * An answer already read, changed in place where the change is known without asking (a live message, a notification
 * marked read): every screen showing it follows. Nothing happens to an answer that was never read.
 */
export function updateRead<Id extends OperationId>(id: Id, input: ApiInput<Id> | undefined, update: (current: ApiOutput<Id>) => ApiOutput<Id>): void {
  currentCache().setQueryData<ApiOutput<Id>>(operationKey(id, input), (current) => (current === undefined ? current : update(current)));
}

/** The same for an operation read page by page (useApiPages): its pages, the newest first. */
export function updatePages<Id extends OperationId>(id: Id, input: ApiInput<Id> | undefined, update: (pages: ApiOutput<Id>[]) => ApiOutput<Id>[]): void {
  currentCache().setQueryData<InfiniteData<ApiOutput<Id>>>(pagesKey(id, input), (current) => (current === undefined ? current : { ...current, pages: update(current.pages) }));
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

/**
 * For a route's loader whose page cannot show without the answer (a phone's page without its phone): the answer,
 * from the cache or asked now (a stale one is shown and asked again), or the refusal itself, for the route to say.
 */
export async function ensureApi<Id extends OperationId>(id: Id, input?: ApiInput<Id>): Promise<ApiOutput<Id>> {
  const cache = currentCache();
  const query = apiQuery(id, input);
  try {
    return await cache.ensureQueryData({ ...query, revalidateIfStale: true });
  } catch (error) {
    // The route says what the refusal means (a phone gone, no such seller): it is not a failed read of the page's to
    // retry, nor one that keeps a server from composing the page that says so.
    cache.removeQueries({ queryKey: query.queryKey, exact: true });
    throw error;
  }
}

/** For a route's loader that knows its page's answer has just changed (back from a wallet's page): asked now, into the cache. */
export const fetchApi = <Id extends OperationId>(id: Id, input?: ApiInput<Id>): Promise<ApiOutput<Id>> => currentCache().fetchQuery({ ...apiQuery(id, input), staleTime: 0 });

/** For a route's loader: the first page of an operation read page by page, into the cache (useApiPages' key). */
export function prefetchApiPages<Id extends OperationId>(id: Id, input: ApiInput<Id> | undefined, first: ApiInput<Id>): Promise<void> {
  const call = api[id] as (input: ApiInput<Id>, options?: { signal?: AbortSignal }) => Promise<ApiOutput<Id>>;
  return currentCache().prefetchInfiniteQuery({ queryKey: pagesKey(id, input), queryFn: ({ signal }) => call(first, { signal }), initialPageParam: undefined });
}

/** Whether a render's cache holds a failed read (the server then leaves the page to the browser). */
export const hasFailedRead = (cache: QueryClient): boolean => cache.getQueryCache().getAll().some((query) => query.state.status === 'error');

/**
 * What a composed page carries of its render's cache, for the browser to start from (read again after 30 s). Without
 * the times it was read: the same answers make the same page, byte for byte, whenever it is composed, so its validator
 * (the ETag a CDN or a browser revalidates with, issue 66) changes only when what it shows does.
 */
export function dehydrateCache(cache: QueryClient): DehydratedState {
  const state = dehydrate(cache);
  return { ...state, queries: state.queries.map((query) => ({ ...query, dehydratedAt: 0, state: { ...query.state, dataUpdatedAt: 0, errorUpdatedAt: 0 } })) };
}

/**
 * The server's answers, into the browser's cache, so its page reads them without asking again. A composed page is
 * current when it is sent (the shell's server forgets it at every change it is told of, decision 047): its answers are
 * dated when the browser takes them in.
 */
export const hydrateCache = (state: DehydratedState): void => hydrate(browserQueryClient(), datedAnswers(state, Date.now()));
