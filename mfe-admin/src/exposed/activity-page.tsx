import { useState } from 'react';
import type { AuditAction } from '@phonehaat/shared-api';
import { QueryView } from '@phonehaat/shared-data';
import { formatDate, formatNumber, PageHeader, Pagination, Skeleton, UserText } from '@phonehaat/shared-ui';
import { DataTable } from '@phonehaat/shared-ui/data-table';
import { AUDIT_PAGE_SIZE, useAudit } from '../features/activity/api/get-audit';
import { useT } from '../i18n';

/** Each action's name in the catalog's select. */
const actions: Record<AuditAction, string> = {
  'verify-seller': 'verifySeller',
  'remove-seller': 'removeSeller',
  'remove-buyer': 'removeBuyer',
  'remove-listing': 'removeListing',
  'dismiss-reports': 'dismissReports',
  'grant-admin': 'grantAdmin',
  'remove-message': 'removeMessage',
  'refuse-listed-imei': 'refuseListedImei',
  'block-imei': 'blockImei',
  'unblock-imei': 'unblockImei',
  'remove-review': 'removeReview',
  'refund-dispute': 'refundDispute',
  'release-dispute': 'releaseDispute',
  'verify-phone': 'verifyPhone',
  'change-phone': 'changePhone',
  'reset-phone': 'resetPhone',
  'hold-sender': 'holdSender',
  'release-sender': 'releaseSender',
  'accept-payment': 'acceptPayment',
  'refund-payment': 'refundPayment',
};

/** `/dashboard/activity`: every admin action, newest first. Append-only: nothing here can be changed. */
export default function ActivityPage() {
  const t = useT();
  const [page, setPage] = useState(1);
  const audit = useAudit(page);
  return (
    <section>
      <PageHeader title={t('activity.title')} subtitle={t('activity.subtitle')} />
      <QueryView
        query={audit}
        loading={<Skeleton height={240} aria-label={t('activity.loading')} />}
        isEmpty={(found) => found.entries.length === 0}
        empty={{ title: t('activity.emptyTitle'), message: t('activity.empty') }}
      >
        {(found) => (
          <>
            <DataTable
              variant="cards"
              caption={t('activity.caption', { page: formatNumber(page) })}
              captionHidden
              rows={found.entries}
              rowKey={(entry) => entry._id}
              rowTestId="activity-row"
              columns={[
                {
                  key: 'when',
                  header: t('activity.when'),
                  label: t('activity.when'),
                  cell: (entry) => (
                    <time dateTime={entry.createdAt}>{formatDate(entry.createdAt, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' })}</time>
                  ),
                },
                { key: 'who', header: t('activity.who'), label: t('activity.who'), untranslated: true, cell: (entry) => entry.actorName },
                {
                  key: 'what',
                  header: t('activity.what'),
                  label: t('activity.what'),
                  cell: (entry) => (
                    <>
                      {t('activity.action', { action: actions[entry.action] })} <strong translate="no">{entry.targetLabel}</strong>
                    </>
                  ),
                },
                { key: 'reason', header: t('activity.reason'), label: t('activity.reason'), cell: (entry) => (entry.reason ? <UserText>{entry.reason}</UserText> : '—') },
              ]}
            />
            <Pagination page={page} pageCount={Math.max(1, Math.ceil(found.total / AUDIT_PAGE_SIZE))} onPageChange={setPage} label={t('activity.pages')} />
          </>
        )}
      </QueryView>
    </section>
  );
}
