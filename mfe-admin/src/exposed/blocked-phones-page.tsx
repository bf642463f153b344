import { useState } from 'react';
import type { BlockedImei } from '@phonehaat/shared-api';
import { QueryView } from '@phonehaat/shared-data';
import { Button, formatDate, formatNumber, PageHeader, Pagination, Skeleton, UserText, VisuallyHidden } from '@phonehaat/shared-ui';
import { DataTable } from '@phonehaat/shared-ui/data-table';
import { BLOCKED_PAGE_SIZE, useBlockedImeis } from '../features/imeis/api/blocked-imeis';
import { BlockForm } from '../features/imeis/components/block-form';
import { UnblockDialog } from '../features/imeis/components/unblock-dialog';
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
      <BlockForm onBlocked={() => (page === 1 ? void blocked.refetch() : setPage(1))} />
      <QueryView
        query={blocked}
        loading={<Skeleton height={200} aria-label={t('blocked.loading')} />}
        isEmpty={(found) => found.entries.length === 0}
        empty={{ title: t('blocked.emptyTitle'), message: t('blocked.empty') }}
      >
        {(found) => (
          <>
            <DataTable
              variant="cards"
              caption={t('blocked.caption', { page: formatNumber(page) })}
              captionHidden
              rows={found.entries}
              rowKey={(entry) => entry._id}
              rowTestId="blocked-row"
              columns={[
                { key: 'imei', header: t('blocked.imei'), label: t('blocked.imei'), untranslated: true, cell: (entry) => `•••• ${entry.imeiLast4}` },
                { key: 'reason', header: t('blocked.reason'), label: t('blocked.reason'), untranslated: true, cell: (entry) => entry.reason },
                { key: 'by', header: t('blocked.by'), label: t('blocked.by'), cell: (entry) => (entry.blockedBy ? <UserText>{entry.blockedBy}</UserText> : '—') },
                {
                  key: 'when',
                  header: t('blocked.when'),
                  label: t('blocked.when'),
                  cell: (entry) => <time dateTime={entry.createdAt}>{formatDate(entry.createdAt, { day: 'numeric', month: 'short', year: 'numeric' })}</time>,
                },
                {
                  key: 'actions',
                  header: <VisuallyHidden>{t('blocked.actions')}</VisuallyHidden>,
                  cell: (entry) => (
                    <Button size="sm" variant="secondary" onClick={() => setUnblocking(entry)} aria-label={t('blocked.unblockLabel', { last4: entry.imeiLast4 })}>
                      {t('blocked.unblock')}
                    </Button>
                  ),
                },
              ]}
            />
            <Pagination page={page} pageCount={Math.max(1, Math.ceil(found.total / BLOCKED_PAGE_SIZE))} onPageChange={setPage} label={t('blocked.pages')} />
          </>
        )}
      </QueryView>
      {unblocking && (
        <UnblockDialog
          entry={unblocking}
          onClose={() => setUnblocking(undefined)}
          onDone={() => {
            setUnblocking(undefined);
            void blocked.refetch();
          }}
        />
      )}
    </section>
  );
}
