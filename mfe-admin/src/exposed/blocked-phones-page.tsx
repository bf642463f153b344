import { useState } from 'react';
import type { BlockedImei } from '@phonehaat/shared-api';
import { Button, EmptyState, ErrorState, formatDate, formatNumber, PageHeader, Pagination, Skeleton, UserText, VisuallyHidden } from '@phonehaat/shared-ui';
import { BLOCKED_PAGE_SIZE, useBlockedImeis } from '../features/imeis/api/blocked-imeis';
import { BlockForm } from '../features/imeis/components/block-form';
import { UnblockDialog } from '../features/imeis/components/unblock-dialog';
import styles from '../styles/table.module.css';
import { useT } from '../i18n';

/** `/dashboard/blocked-phones`: phones that cannot be listed, each by its IMEI's last 4 digits; block or unblock one by hand. */
export default function BlockedPhonesPage() {
  const t = useT();
  const [page, setPage] = useState(1);
  const [unblocking, setUnblocking] = useState<BlockedImei>();
  const blocked = useBlockedImeis(page);
  return (
    <section>
      <PageHeader title={t('blocked.title')} subtitle={t('blocked.subtitle')} />
      <BlockForm onBlocked={() => (page === 1 ? blocked.reload() : setPage(1))} />
      {blocked.status === 'loading' && <Skeleton height={200} aria-label={t('blocked.loading')} />}
      {blocked.status === 'error' && <ErrorState message={blocked.error.message} onRetry={blocked.reload} />}
      {blocked.status === 'success' && blocked.data.entries.length === 0 && <EmptyState title={t('blocked.emptyTitle')} message={t('blocked.empty')} />}
      {blocked.status === 'success' && blocked.data.entries.length > 0 && (
        <>
          <div className={styles.scroller}>
            <table className={styles.table}>
              <VisuallyHidden as="caption">{t('blocked.caption', { page: formatNumber(page) })}</VisuallyHidden>
              <thead>
                <tr>
                  <th scope="col">{t('blocked.imei')}</th>
                  <th scope="col">{t('blocked.reason')}</th>
                  <th scope="col">{t('blocked.by')}</th>
                  <th scope="col">{t('blocked.when')}</th>
                  <th scope="col">
                    <VisuallyHidden>{t('blocked.actions')}</VisuallyHidden>
                  </th>
                </tr>
              </thead>
              <tbody>
                {blocked.data.entries.map((entry) => (
                  <tr key={entry._id} data-testid="blocked-row">
                    <td data-label={t('blocked.imei')} translate="no">
                      •••• {entry.imeiLast4}
                    </td>
                    <td data-label={t('blocked.reason')} translate="no">
                      {entry.reason}
                    </td>
                    <td data-label={t('blocked.by')}>{entry.blockedBy ? <UserText>{entry.blockedBy}</UserText> : '—'}</td>
                    <td data-label={t('blocked.when')}>
                      <time dateTime={entry.createdAt}>{formatDate(entry.createdAt, { day: 'numeric', month: 'short', year: 'numeric' })}</time>
                    </td>
                    <td>
                      <Button size="sm" variant="secondary" onClick={() => setUnblocking(entry)} aria-label={t('blocked.unblockLabel', { last4: entry.imeiLast4 })}>
                        {t('blocked.unblock')}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={page} pageCount={Math.max(1, Math.ceil(blocked.data.total / BLOCKED_PAGE_SIZE))} onPageChange={setPage} label={t('blocked.pages')} />
        </>
      )}
      {unblocking && (
        <UnblockDialog
          entry={unblocking}
          onClose={() => setUnblocking(undefined)}
          onDone={() => {
            setUnblocking(undefined);
            blocked.reload();
          }}
        />
      )}
    </section>
  );
}
