import type { OperationId } from '@phonehaat/shared-api/operations';
import { api, type ApiInput, type ApiOutput } from '../api-client';

/** A query's key: the contract's operation, then what it was asked with. Invalidating `[operation]` covers every ask. */
export const operationKey = <Id extends OperationId>(id: Id, input?: ApiInput<Id>) => (input === undefined ? ([id] as const) : ([id, input] as const));

/** The key of an operation read page by page (useApiPages): under the operation's own, so invalidating it covers both. */
export const pagesKey = <Id extends OperationId>(id: Id, input?: ApiInput<Id>) => [id, input ?? null, 'pages'] as const;

/** One operation of the contract as a query: its key and how to ask (cancelled when nobody waits for it any more). */
export function apiQuery<Id extends OperationId>(id: Id, input?: ApiInput<Id>) {
  const call = api[id] as (input?: ApiInput<Id>, options?: { signal?: AbortSignal }) => Promise<ApiOutput<Id>>;
  return { queryKey: operationKey(id, input), queryFn: ({ signal }: { signal: AbortSignal }) => call(input, { signal }) };
}
