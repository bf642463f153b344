import { useState, type ReactNode } from 'react';
import { useSession } from '@phonehaat/shared-auth';
import { ApiRequestError, useAction } from '@phonehaat/shared-data';
import { Button, ConfirmDialog, EmptyState, ErrorState, formatDate, formatNumber, notify, Pagination, Skeleton, TextField, VisuallyHidden } from '@phonehaat/shared-ui';
import { DataTable } from '@phonehaat/shared-ui/data-table';
import { removeUser } from '../api/remove-user';
import { PhoneCell } from './phone-cell';
import { PEOPLE_CHANGES, USER_PAGE_SIZE } from '../api/user-page';
import type { SearchPage } from '../hooks/use-search-page';
import styles from './moderation-list.module.css';
import { useT } from '../../../i18n';

export interface Person {
  _id: string;
  name: string;
  /** null: an account made by phone, without an e-mail address (issue 46). */
  email: string | null;
  /** The last 3 digits of their verified number (issue 46); null without one. */
  phoneEnding: string | null;
  createdAt: string;
}

export interface Column<T> {
  header: string;
  cell(row: T): ReactNode;
}

interface ModerationListProps<T extends Person> {
  kind: 'seller' | 'buyer';
  /** One page from the server, and the search and page that asked for it. */
  list: { status: 'pending' | 'error' | 'success'; data?: { users: T[]; total: number }; error: Error | null; refetch(): unknown };
  search: SearchPage;
  columns: Column<T>[];
  /** More actions for a row, before Delete (e.g. Verify). */
  actions?: (row: T) => ReactNode;
  /** What removing someone of this kind does, for the confirmation. */
  consequence: string;
}


/** A table of people searched and paged on the server, with a confirmed Delete; shared by All Sellers and All Buyers. */
export function ModerationList<T extends Person>({ kind, list, search, columns, actions, consequence }: ModerationListProps<T>) {
  const t = useT();
  const me = useSession((s) => s.user?.email);
  const rows = list.data?.users ?? [];
  const total = list.data?.total ?? 0;
  const { q, page } = search.query;
  const pageCount = Math.max(1, Math.ceil(total / USER_PAGE_SIZE));
  const [confirming, setConfirming] = useState<T>();
  const removal = useAction(removeUser, { invalidates: PEOPLE_CHANGES });

  const remove = async (person: T) => {
    try {
      await removal.run(kind, person._id);
      // The lists are read again (the next person moves up into the page).
      notify.success(t('people.deleted'));
    } catch (error) {
      notify.error(error instanceof ApiRequestError ? error.message : t('people.deleteFailed', { kind }));
    } finally {
      setConfirming(undefined);
    }
  };

  const searchBox = (
    <div className={styles.toolbar}>
      <TextField label={t('people.search', { kind })} type="search" placeholder={t('people.placeholder')} value={search.text} onChange={(event) => search.setText(event.target.value)} />
      {list.data && (
        <p className={styles.count} aria-live="polite">
          {q ? t('people.matchCount', { kind, count: total, q }) : t('people.count', { kind, count: total })}
        </p>
      )}
    </div>
  );

  if (!list.data && list.status === 'error') return <ErrorState message={list.error?.message} onRetry={() => void list.refetch()} />;
  if (list.data && total === 0 && !q) return <EmptyState title={t('people.emptyTitle', { kind })} message={t('people.empty', { kind })} />;

  return (
    <>
      {searchBox}
      {!list.data ? (
        <div className={styles.loading} role="status" aria-busy="true" aria-label={t('people.loading', { kind })}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={48} />
          ))}
        </div>
      ) : total === 0 ? (
        <EmptyState title={t('people.noMatchTitle')} message={t('people.noMatch', { kind, q })} />
      ) : (
        <DataTable
          variant="cards"
          caption={t('people.caption', { kind, page: formatNumber(page), count: formatNumber(pageCount) })}
          captionHidden
          rows={rows}
          rowKey={(row) => row._id}
          rowTestId={`${kind}-row`}
          columns={[
            { key: 'name', header: t('people.name'), rowHeader: true, cell: (row) => <span translate="no">{row.name}</span> },
            { key: 'email', header: t('people.email'), label: t('people.email'), untranslated: true, cell: (row) => row.email ?? <span className={styles.muted}>{t('people.noEmail')}</span> },
            { key: 'phone', header: t('people.phone'), label: t('people.phone'), cell: (row) => <PhoneCell person={row} /> },
            ...columns.map((column) => ({ key: column.header, header: column.header, label: column.header, cell: column.cell })),
            { key: 'joined', header: t('people.joined'), label: t('people.joined'), cell: (row) => formatDate(row.createdAt, { day: 'numeric', month: 'short', year: 'numeric' }) },
            {
              key: 'actions',
              header: <VisuallyHidden>{t('people.actions')}</VisuallyHidden>,
              cell: (row) => (
                <div className={styles.actions}>
                  {actions?.(row)}
                  {/* An admin never removes themselves by accident (the API refuses it too). */}
                  {row.email !== me && (
                    <Button size="sm" variant="danger" onClick={() => setConfirming(row)} aria-label={t('people.deleteLabel', { name: row.name })}>
                      {t('people.delete')}
                    </Button>
                  )}
                </div>
              ),
            },
          ]}
        />
      )}
      {list.data && <Pagination page={page} pageCount={pageCount} onPageChange={search.setPage} label={t('people.pages', { kind })} />}
      <ConfirmDialog
        open={confirming !== undefined}
        title={t('people.confirmTitle', { name: confirming?.name ?? '' })}
        message={t('people.confirm', { name: confirming?.name ?? t('people.thisPerson'), email: confirming?.email ?? t('people.noEmail'), consequence })}
        confirmLabel={t('people.delete')}
        danger
        busy={removal.busy}
        onConfirm={() => confirming && void remove(confirming)}
        onCancel={() => setConfirming(undefined)}
      />
    </>
  );
}
