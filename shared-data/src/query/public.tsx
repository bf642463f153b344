// What the package exports of the cache: small wrappers that load its implementation (engine.ts, with TanStack Query)
// on first use, so that a page which never reads through the cache never downloads it.
import { Suspense, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { DehydratedState, QueryClient, UseQueryResult } from '@tanstack/react-query';
import type { OperationId } from '@phonehaat/shared-api/operations';
import type { ApiInput, ApiOutput } from '../api-client';
import type { ApiPages, ApiPagesOptions, ApiQueryOptions } from './engine-query';
import { QueryView, type QueryViewProps } from './engine-view';
import { credentials } from '../credentials';
import { composedAnswer, hydratedForAVisitor, hydrating, keepComposedAnswers } from './composed';
import { operationKey } from './keys';
import { loadedQueryEngine, loadQueryLibrary, queryEngine, queryEngineIfLoaded } from './library';

/**
 * Reads an operation through the cache: `useApiQuery('listReports', { query: { status: 'open' } })`. The first screen
 * that reads waits for the cache's code (React's Suspense: its part's fallback meanwhile).
 */
export function useApiQuery<Id extends OperationId>(id: Id, input?: ApiInput<Id>, options?: ApiQueryOptions): UseQueryResult<ApiOutput<Id>> {
  // Mounted before the cache's code, on a visitor's composed page that brought this answer: shown as composed for as
  // long as this screen shows it (the same path at every render of it: React's hooks stay in order).
  const [composed] = useState(() => (queryEngineIfLoaded() ? undefined : asComposed<ApiOutput<Id>>(composedAnswer(operationKey(id, input)))));
  if (composed) return composed;
  return queryEngine().useApiQuery(id, input, options);
}

/** A composed answer as a read's state: there, and asked again (through the cache, once loaded) only if retried. */
function asComposed<T>(data: unknown): UseQueryResult<T> | undefined {
  if (data === undefined) return undefined;
  const refetch = async () => {
    await loadQueryLibrary();
    return asComposed<T>(data)!;
  };
  return { data, error: null, status: 'success', isPending: false, isSuccess: true, isError: false, isFetching: false, fetchStatus: 'idle', refetch } as unknown as UseQueryResult<T>;
}

/** Reads an operation that answers page by page, as one cached list of pages (engine-query.ts). */
export function useApiPages<Id extends OperationId, Cursor>(id: Id, key: ApiInput<Id> | undefined, options: ApiPagesOptions<Id, Cursor>): ApiPages<Id> {
  return queryEngine().useApiPages(id, key, options);
}

/**
 * Changes an answer already read, in place, where the change is known without asking (a live event, a change's own
 * answer): every screen showing it follows. Nothing to change if nothing was ever read through the cache.
 */
export function updateRead<Id extends OperationId>(id: Id, input: ApiInput<Id> | undefined, update: (current: ApiOutput<Id>) => ApiOutput<Id>): void {
  queryEngineIfLoaded()?.updateRead(id, input, update);
}

/** The same for an operation read page by page (useApiPages): its pages, the newest first. */
export function updatePages<Id extends OperationId>(id: Id, input: ApiInput<Id> | undefined, update: (pages: ApiOutput<Id>[]) => ApiOutput<Id>[]): void {
  queryEngineIfLoaded()?.updatePages(id, input, update);
}

/**
 * Every cached read of an operation asked again, or only the one asked with `input` (a live event says it changed,
 * with nothing to change it with).
 */
export function invalidateReads<Id extends OperationId>(id: Id, input?: ApiInput<Id>): void {
  queryEngineIfLoaded()?.invalidateReads(id, input);
}

/** The one loading / error / empty ladder of a screen's data (engine-view.tsx: it needs nothing of the library, so a
 * composed answer read before the library loads shows through it too). */
export { QueryView };

/**
 * Where a part that reads through the cache waits for the cache's code the first time it loads, showing `fallback`
 * meanwhile, so the rest of the page does not wait with it. Once the code has loaded it is no boundary at all (decided
 * as the part mounts, so what it holds is never mounted twice): a page hydrating with the cache loaded hydrates its
 * parts as one, as it was composed.
 */
export function CacheBoundary({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  // True only while a server renders and while the browser hydrates what it rendered: both then decide alike.
  const hydrating = useSyncExternalStore(never, () => false, () => true);
  const [loading] = useState(() => (hydrating ? composedForAVisitor() : !queryEngineIfLoaded()));
  return loading ? <Suspense fallback={fallback}>{children}</Suspense> : <>{children}</>;
}

const never = () => () => undefined;
/**
 * Whether the page being composed (on the server) or hydrated (in the browser) is a visitor's: its parts may wait for
 * the cache's code (a visitor's page is hydrated before it loads, a signed-in person's after: hydrateCache).
 */
const composedForAVisitor = (): boolean => (typeof window === 'undefined' ? credentials().serverToken() === undefined : hydratedForAVisitor());

/** A server render's own cache, around what it renders (engine-render.tsx). */
export function RenderCache(props: { client: QueryClient; children: ReactNode }) {
  const Provider = queryEngine().RenderCache;
  return <Provider {...props} />;
}

/** A cache of its own, for a server render (after loadQueryLibrary). */
export const createQueryClient = (): QueryClient => loadedQueryEngine().createQueryClient();

/** The browser's one cache (after loadQueryLibrary). */
export const browserQueryClient = (): QueryClient => loadedQueryEngine().browserQueryClient();

/**
 * For a route's loader: asks for an operation unless the cache has it fresh, and waits for it. Never rejects: a failed
 * read stays in the cache as failed, for its page to show with a Retry (and a server not to compose).
 */
export async function prefetchApi<Id extends OperationId>(id: Id, input?: ApiInput<Id>): Promise<void> {
  await (await loadQueryLibrary()).prefetchApi(id, input);
}

/**
 * For a route's loader whose page cannot show without the answer (a phone's page without its phone): the answer,
 * from the cache or asked now, or the refusal (ApiRequestError) for the route to say.
 */
export async function ensureApi<Id extends OperationId>(id: Id, input?: ApiInput<Id>): Promise<ApiOutput<Id>> {
  return (await loadQueryLibrary()).ensureApi(id, input);
}

/** For a route's loader that knows its page's answer has just changed (back from a wallet's page): asked now, into the cache. */
export async function fetchApi<Id extends OperationId>(id: Id, input?: ApiInput<Id>): Promise<ApiOutput<Id>> {
  return (await loadQueryLibrary()).fetchApi(id, input);
}

/** For a route's loader: the first page of an operation read page by page (useApiPages with the same key). */
export async function prefetchApiPages<Id extends OperationId>(id: Id, key: ApiInput<Id> | undefined, first: ApiInput<Id>): Promise<void> {
  await (await loadQueryLibrary()).prefetchApiPages(id, key, first);
}

/** Whether a render's cache holds a failed read (the server then leaves the page to the browser). */
export const hasFailedRead = (cache: QueryClient): boolean => loadedQueryEngine().hasFailedRead(cache);

/** What a composed page carries of its render's cache, for the browser to start from (read again after 30 s). */
export const dehydrateCache = (cache: QueryClient): DehydratedState => loadedQueryEngine().dehydrateCache(cache);

/**
 * Before hydrating a composed page: the server's answers, so its page reads them without asking again. A signed-in
 * person's page loads the cache first (what they do changes what it shows); a visitor's page reads them as they came
 * (composed.ts), and the cache takes them in when it loads.
 */
export async function hydrateCache(state: DehydratedState, { visitor = false }: { visitor?: boolean } = {}): Promise<void> {
  hydrating(visitor);
  if (state.queries.length === 0) return; // nothing cached: the cache's code need not load for it
  if (visitor && !queryEngineIfLoaded()) return keepComposedAnswers(state);
  (await loadQueryLibrary()).hydrateCache(state);
}

export type { ApiPages, ApiPagesOptions, ApiQueryOptions, DehydratedState, QueryViewProps };
