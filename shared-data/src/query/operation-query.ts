import { queryOptions, useQuery, QueryClientContext, type QueryClient } from '@tanstack/react-query';
import { useContext } from 'react';
import type { OperationId } from '@phonehaat/shared-api/operations';
import { api, type ApiInput, type ApiOutput } from '../api-client';
import { browserQueryClient } from './query-client';

/** A query's key: the contract's operation, then what it was asked with. Invalidating `[operation]` covers every ask. */
export const operationKey = <Id extends OperationId>(id: Id, input?: ApiInput<Id>) => (input === undefined ? ([id] as const) : ([id, input] as const));

/** One operation of the contract as a query: its key and how to ask (cancelled when nobody waits for it any more). */
export function apiQuery<Id extends OperationId>(id: Id, input?: ApiInput<Id>) {
  const call = api[id] as (input?: ApiInput<Id>, options?: { signal?: AbortSignal }) => Promise<ApiOutput<Id>>;
  return queryOptions({ queryKey: operationKey(id, input), queryFn: ({ signal }) => call(input, { signal }) });
}

/** The cache this component reads: a server render's own (RenderCache), else the browser's one. */
export function useQueryClientOrBrowser(): QueryClient {
  const rendering = useContext(QueryClientContext);
  if (rendering) return rendering;
  // A process-wide cache on a server would hand one user's answers to the next.
  if (typeof window === 'undefined') throw new Error('A server render reads API data through its own RenderCache');
  return browserQueryClient();
}

export interface ApiQueryOptions {
  /** False while the query cannot be asked yet (no session, nothing chosen): it then stays pending without asking. */
  enabled?: boolean;
}

/** Reads an operation through the cache: `useApiQuery('listReports', { query: { status: 'open' } })`. */
export function useApiQuery<Id extends OperationId>(id: Id, input?: ApiInput<Id>, { enabled = true }: ApiQueryOptions = {}) {
  return useQuery({ ...apiQuery(id, input), enabled }, useQueryClientOrBrowser());
}
