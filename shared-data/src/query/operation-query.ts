import { useQuery, QueryClientContext, type QueryClient } from '@tanstack/react-query';
import { useContext } from 'react';
import type { OperationId } from '@phonehaat/shared-api/operations';
import type { ApiInput } from '../api-client';
import { apiQuery } from './api-query';
import { currentCache } from './render-scope';

/** The cache this component reads: a server render's own (RenderCache), else the browser's one. */
export function useQueryClientOrBrowser(): QueryClient {
  const rendering = useContext(QueryClientContext);
  return rendering ?? currentCache();
}

export interface ApiQueryOptions {
  /** False while the query cannot be asked yet (no session, nothing chosen): it then stays pending without asking. */
  enabled?: boolean;
}

/** Reads an operation through the cache: `useApiQuery('listReports', { query: { status: 'open' } })`. */
export function useApiQuery<Id extends OperationId>(id: Id, input?: ApiInput<Id>, { enabled = true }: ApiQueryOptions = {}) {
  return useQuery({ ...apiQuery(id, input), enabled }, useQueryClientOrBrowser());
}
