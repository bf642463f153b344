import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { EmptyState, ErrorState, type EmptyStateProps } from '@phonehaat/shared-ui';

export interface QueryViewProps<T> {
  /** A read's state (useApiQuery's, or one made from it: a list of pages as one list). */
  query: Pick<UseQueryResult<T>, 'data' | 'error' | 'status'> & { refetch(): unknown };
  /** What shows while the first answer is on its way: the page's own skeleton, announced as busy. */
  loading: ReactNode;
  /** Whether an answer has nothing to show (then `empty` shows instead of the children). */
  isEmpty?: (data: T) => boolean;
  empty?: EmptyStateProps;
  /** The page's own words for a failed read: a heading, and a message in place of what the API or the network said. */
  failed?: { title?: string; message?: string };
  children: (data: T) => ReactNode;
}

/**
 * The one loading / error / empty ladder of a screen's data (issue 67): the skeleton until the first answer, the
 * error with a retry (what the API said, or that it could not be reached), the empty state, else the data. An answer
 * already shown stays while it is read again in the background, and after a background read fails.
 */
export function QueryView<T>({ query, loading, isEmpty, empty, failed, children }: QueryViewProps<T>) {
  if (query.data !== undefined) return <>{isEmpty?.(query.data) && empty ? <EmptyState {...empty} /> : children(query.data)}</>;
  if (query.status === 'error') return <ErrorState title={failed?.title} message={failed?.message ?? query.error?.message} onRetry={() => void query.refetch()} />;
  return <>{loading}</>;
}
