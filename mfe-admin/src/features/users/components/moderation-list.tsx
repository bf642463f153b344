import { useState, type ReactNode } from 'react';
import { ApiRequestError, useSession } from '@phonehaat/shared-auth';
import { Button, ConfirmDialog, EmptyState, ErrorState, Pagination, Skeleton, TextField, VisuallyHidden, notify } from '@phonehaat/shared-ui';
import type { ApiState } from '@phonehaat/shared-auth';
import { removeUser } from '../api/remove-user';
import { USER_PAGE_SIZE } from '../api/user-page';
import type { SearchPage } from '../hooks/use-search-page';
import table from '../../../styles/table.module.css';
import styles from './moderation-list.module.css';

export interface Person {
  _id: string;
  name: string;
  email: string;
  createdAt: string;
}

export interface Column<T> {
  header: string;
  cell(row: T): ReactNode;
}

interface ModerationListProps<T extends Person> {
  kind: 'seller' | 'buyer';
  /** One page from the server, and the search and page that asked for it. */
  list: ApiState<{ users: T[]; total: number }> & { reload(): void };
  search: SearchPage;
  columns: Column<T>[];
  /** More actions for a row, before Delete (e.g. Verify). */
  actions?: (row: T) => ReactNode;
  /** What removing someone of this kind does, for the confirmation. */
  consequence: string;
}

const joined = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** A table of people searched and paged on the server, with a confirmed Delete; shared by All Sellers and All Buyers. */
export function ModerationList<T extends Person>({ kind, list, search, columns, actions, consequence }: ModerationListProps<T>) {
  const me = useSession((s) => s.user?.email);
  const rows = list.status === 'success' ? list.data.users : [];
  const total = list.status === 'success' ? list.data.total : 0;
  const { q, page } = search.query;
  const pageCount = Math.max(1, Math.ceil(total / USER_PAGE_SIZE));
  const [confirming, setConfirming] = useState<T>();
  const [removing, setRemoving] = useState(false);
  const plural = `${kind}s`;

  const remove = async (person: T) => {
    setRemoving(true);
    try {
      await removeUser(kind, person._id);
      notify.success('Deleted Successfully');
      // The page is read again: the next person moves up into it.
      list.reload();
    } catch (error) {
      notify.error(error instanceof ApiRequestError ? error.message : `The ${kind} could not be deleted.`);
    } finally {
      setRemoving(false);
      setConfirming(undefined);
    }
  };

  const searchBox = (
    <div className={styles.toolbar}>
      <TextField label={`Search ${plural}`} type="search" placeholder="Name or email" value={search.text} onChange={(event) => search.setText(event.target.value)} />
      {list.status === 'success' && (
        <p className={styles.count} aria-live="polite">
          {q ? `${total} ${total === 1 ? kind : plural} match “${q}”` : `${total} ${plural}`}
        </p>
      )}
    </div>
  );

  if (list.status === 'error') return <ErrorState message={list.error.message} onRetry={list.reload} />;
  if (list.status === 'success' && total === 0 && !q) return <EmptyState title={`No ${plural} yet`} message={`People who register as ${plural} appear here.`} />;

  return (
    <>
      {searchBox}
      {list.status === 'loading' ? (
        <div className={styles.loading} role="status" aria-busy="true" aria-label={`Loading ${plural}`}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={48} />
          ))}
        </div>
      ) : total === 0 ? (
        <EmptyState title="No match" message={`No ${kind} has a name or email containing “${q}”.`} />
      ) : (
        <div className={table.scroller}>
          <table className={table.table}>
            <VisuallyHidden as="caption">{`All ${plural}, page ${page} of ${pageCount}`}</VisuallyHidden>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                {columns.map((column) => (
                  <th scope="col" key={column.header}>
                    {column.header}
                  </th>
                ))}
                <th scope="col">Joined</th>
                <th scope="col">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row._id} data-testid={`${kind}-row`}>
                  <th scope="row" data-label="Name">
                    {row.name}
                  </th>
                  <td data-label="Email">{row.email}</td>
                  {columns.map((column) => (
                    <td key={column.header} data-label={column.header}>
                      {column.cell(row)}
                    </td>
                  ))}
                  <td data-label="Joined">{joined.format(new Date(row.createdAt))}</td>
                  <td>
                    <div className={styles.actions}>
                      {actions?.(row)}
                      {/* An admin never removes themselves by accident (the API refuses it too). */}
                      {row.email !== me && (
                        <Button size="sm" variant="danger" onClick={() => setConfirming(row)} aria-label={`Delete ${row.name}`}>
                          Delete
                        </Button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.status === 'success' && <Pagination page={page} pageCount={pageCount} onPageChange={search.setPage} label={`${plural} pages`} />}
      <ConfirmDialog
        open={confirming !== undefined}
        title={`Delete ${confirming?.name ?? ''}?`}
        message={`${confirming?.name ?? 'This person'} (${confirming?.email ?? ''}) ${consequence}`}
        confirmLabel="Delete"
        danger
        busy={removing}
        onConfirm={() => confirming && void remove(confirming)}
        onCancel={() => setConfirming(undefined)}
      />
    </>
  );
}
