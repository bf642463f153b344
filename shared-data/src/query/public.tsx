// What the package exports of the cache: small wrappers that load its implementation (engine.ts, with TanStack Query)
// on first use, so that a page which never reads through the cache never downloads it.
import type { ReactNode } from 'react';
import type { DehydratedState, QueryClient, UseQueryResult } from '@tanstack/react-query';
import type { OperationId } from '@phonehaat/shared-api/operations';
import type { ApiInput, ApiOutput } from '../api-client';
import type { ApiQueryOptions } from './engine-query';
import type { QueryViewProps } from './engine-view';
import { loadedQueryEngine, loadQueryLibrary, queryEngine } from './library';

/**
 * Reads an operation through the cache: `useApiQuery('listReports', { query: { status: 'open' } })`. The first screen
 * that reads waits for the cache's code (React's Suspense: its part's fallback meanwhile).
 */
export function useApiQuery<Id extends OperationId>(id: Id, input?: ApiInput<Id>, options?: ApiQueryOptions): UseQueryResult<ApiOutput<Id>> {
  return queryEngine().useApiQuery(id, input, options);
}

/** The one loading / error / empty ladder of a screen's data (engine-view.tsx). */
export function QueryView<T>(props: QueryViewProps<T>) {
  const View = queryEngine().QueryView<T>;
  return <View {...props} />;
}

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

/** Whether a render's cache holds a failed read (the server then leaves the page to the browser). */
export const hasFailedRead = (cache: QueryClient): boolean => loadedQueryEngine().hasFailedRead(cache);

/** What a composed page carries of its render's cache, for the browser to start from (read again after 30 s). */
export const dehydrateCache = (cache: QueryClient): DehydratedState => loadedQueryEngine().dehydrateCache(cache);

/** Before hydrating a composed page: the server's answers, so its page reads them without asking again. */
export async function hydrateCache(state: DehydratedState): Promise<void> {
  if (state.queries.length === 0) return; // nothing cached: the cache's code need not load for it
  (await loadQueryLibrary()).hydrateCache(state);
}

export type { ApiQueryOptions, DehydratedState, QueryViewProps };
