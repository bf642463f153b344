import { useContext } from 'react';
import { QueryClientContext, useInfiniteQuery, useQuery, type InfiniteData, type QueryClient, type UseInfiniteQueryResult, type UseQueryResult } from '@tanstack/react-query';
import type { OperationId } from '@phonehaat/shared-api/operations';
import { api, type ApiInput, type ApiOutput } from '../api-client';
import { currentCache } from './cache';
import { apiQuery, pagesKey } from './keys';

/** The cache this component reads: a server render's own (RenderCache), else the browser's one. */
function useQueryClientOrBrowser(): QueryClient {
  const rendering = useContext(QueryClientContext);
  return rendering ?? currentCache();
}

export interface ApiQueryOptions {
  /** False while the query cannot be asked yet (no session, nothing chosen): it then stays pending without asking. */
  enabled?: boolean;
  /** Asked again this often while shown (a screen waiting for something another device does). */
  refetchInterval?: number | undefined;
}

/**
 * Reads an operation through the cache: `useApiQuery('listReports', { query: { status: 'open' } })`. The first screen
 * that reads waits for the query library (React's Suspense: its part's fallback meanwhile).
 */
export function useApiQuery<Id extends OperationId>(id: Id, input?: ApiInput<Id>, { enabled = true, refetchInterval }: ApiQueryOptions = {}): UseQueryResult<ApiOutput<Id>> {
  return useQuery({ ...apiQuery(id, input), enabled, refetchInterval }, useQueryClientOrBrowser());
}

export interface ApiPagesOptions<Id extends OperationId, Cursor> {
  /** Where the page after this one starts (the last item's id), or undefined when it was the last. */
  next: (page: ApiOutput<Id>) => Cursor | undefined;
  /** The operation's input for the page that starts at `cursor` (undefined: the first). */
  at: (cursor: Cursor | undefined) => ApiInput<Id>;
  /** False while there is nothing to read yet (no conversation open). */
  enabled?: boolean;
}

export type ApiPages<Id extends OperationId> = UseInfiniteQueryResult<InfiniteData<ApiOutput<Id>>>;

/**
 * Reads an operation that answers page by page (the newest first, "Show older" for the rest), as one cached list of
 * pages: asked again after a change, every page shown is asked again, in order.
 */
export function useApiPages<Id extends OperationId, Cursor>(id: Id, key: ApiInput<Id> | undefined, { next, at, enabled = true }: ApiPagesOptions<Id, Cursor>): ApiPages<Id> {
  const call = api[id] as (input: ApiInput<Id>, options?: { signal?: AbortSignal }) => Promise<ApiOutput<Id>>;
  return useInfiniteQuery(
    {
      queryKey: pagesKey(id, key),
      queryFn: ({ pageParam, signal }) => call(at(pageParam as Cursor | undefined), { signal }),
      initialPageParam: undefined as Cursor | undefined,
      getNextPageParam: (last: ApiOutput<Id>) => next(last),
      enabled,
    },
    useQueryClientOrBrowser(),
  ) as ApiPages<Id>;
}
