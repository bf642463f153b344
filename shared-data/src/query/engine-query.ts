import { useContext } from 'react';
import { QueryClientContext, useQuery, type QueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { OperationId } from '@phonehaat/shared-api/operations';
import type { ApiInput, ApiOutput } from '../api-client';
import { currentCache } from './cache';
import { apiQuery } from './keys';

/** The cache this component reads: a server render's own (RenderCache), else the browser's one. */
function useQueryClientOrBrowser(): QueryClient {
  const rendering = useContext(QueryClientContext);
  return rendering ?? currentCache();
}

export interface ApiQueryOptions {
  /** False while the query cannot be asked yet (no session, nothing chosen): it then stays pending without asking. */
  enabled?: boolean;
}

/**
 * Reads an operation through the cache: `useApiQuery('listReports', { query: { status: 'open' } })`. The first screen
 * that reads waits for the query library (React's Suspense: its part's fallback meanwhile).
 */
export function useApiQuery<Id extends OperationId>(id: Id, input?: ApiInput<Id>, { enabled = true }: ApiQueryOptions = {}): UseQueryResult<ApiOutput<Id>> {
  return useQuery({ ...apiQuery(id, input), enabled }, useQueryClientOrBrowser());
}
