import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { EmptyState, ErrorState, type EmptyStateProps } from '@phonehaat/shared-ui';

export interface QueryViewProps<T> {
  query: Pick<UseQueryResult<T>, 'data' | 'error' | 'status' | 'refetch'>;
  /** What shows while the first answer is on its way: the page's own skeleton, announced as busy. */
  loading: ReactNode;
  /** Whether an answer has nothing to show (then `empty` shows instead of the children). */
  isEmpty?: (data: T) => boolean;
  empty?: EmptyStateProps;
  children: (data: T) => ReactNode;
}

/**
 * The one loading / error / empty ladder of a screen's data (issue 67): the skeleton until the first answer, the
 * error with a retry (what the API said, or that it could not be reached), the empty state, else the data. An answer
 * already shown stays while it is read again in the background, and after a background read fails.
 */
export function QueryView<T>({ query, loading, isEmpty, empty, children }: QueryViewProps<T>) {
  if (query.data !== undefined) return <>{isEmpty?.(query.data) && empty ? <EmptyState {...empty} /> : children(query.data)}</>;
  if (query.status === 'error') return <ErrorState message={query.error?.message} onRetry={() => void query.refetch()} />;
  return <>{loading}</>;
}
