import { useState } from 'react';
import type { AuditAction } from '@phonehaat/shared-api';
import { EmptyState, ErrorState, formatDate, formatNumber, PageHeader, Pagination, Skeleton, UserText, VisuallyHidden } from '@phonehaat/shared-ui';
import { AUDIT_PAGE_SIZE, useAudit } from '../features/activity/api/get-audit';
import styles from '../styles/table.module.css';
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
};

/** `/dashboard/activity`: every admin action, newest first. Append-only: nothing here can be changed. */
export default function ActivityPage() {
  const t = useT();
  const [page, setPage] = useState(1);
  const audit = useAudit(page);
  return (
    <section>
      <PageHeader title={t('activity.title')} subtitle={t('activity.subtitle')} />
      {audit.status === 'loading' && <Skeleton height={240} aria-label={t('activity.loading')} />}
      {audit.status === 'error' && <ErrorState message={audit.error.message} onRetry={audit.reload} />}
      {audit.status === 'success' && audit.data.entries.length === 0 && <EmptyState title={t('activity.emptyTitle')} message={t('activity.empty')} />}
      {audit.status === 'success' && audit.data.entries.length > 0 && (
        <>
          <div className={styles.scroller}>
            <table className={styles.table}>
              <VisuallyHidden as="caption">{t('activity.caption', { page: formatNumber(page) })}</VisuallyHidden>
              <thead>
                <tr>
                  <th scope="col">{t('activity.when')}</th>
                  <th scope="col">{t('activity.who')}</th>
                  <th scope="col">{t('activity.what')}</th>
                  <th scope="col">{t('activity.reason')}</th>
                </tr>
              </thead>
              <tbody>
                {audit.data.entries.map((entry) => (
                  <tr key={entry._id} data-testid="activity-row">
                    <td data-label={t('activity.when')}>
                      <time dateTime={entry.createdAt}>{formatDate(entry.createdAt, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' })}</time>
                    </td>
                    <td data-label={t('activity.who')} translate="no">
                      {entry.actorName}
                    </td>
                    <td data-label={t('activity.what')}>
                      {t('activity.action', { action: actions[entry.action] })} <strong translate="no">{entry.targetLabel}</strong>
                    </td>
                    <td data-label={t('activity.reason')}>{entry.reason ? <UserText>{entry.reason}</UserText> : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={page} pageCount={Math.max(1, Math.ceil(audit.data.total / AUDIT_PAGE_SIZE))} onPageChange={setPage} label={t('activity.pages')} />
        </>
      )}
    </section>
  );
}
