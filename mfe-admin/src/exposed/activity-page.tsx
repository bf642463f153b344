import { useState } from 'react';
import type { AuditAction } from '@phonehaat/shared-api';
import { EmptyState, ErrorState, PageHeader, Pagination, Skeleton, VisuallyHidden } from '@phonehaat/shared-ui';
import { AUDIT_PAGE_SIZE, useAudit } from '../features/activity/api/get-audit';
import styles from '../styles/table.module.css';

const actions: Record<AuditAction, string> = {
  'verify-seller': 'Verified seller',
  'remove-seller': 'Removed seller',
  'remove-buyer': 'Removed buyer',
  'remove-listing': 'Removed listing',
  'dismiss-reports': 'Dismissed reports of',
  'grant-admin': 'Made admin',
};
const when = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** `/dashboard/activity`: every admin action, newest first. Append-only: nothing here can be changed. */
export default function ActivityPage() {
  const [page, setPage] = useState(1);
  const audit = useAudit(page);
  return (
    <section>
      <PageHeader title="Activity" subtitle="Every admin action, newest first. This log cannot be edited or deleted." />
      {audit.status === 'loading' && <Skeleton height={240} aria-label="Loading the activity log" />}
      {audit.status === 'error' && <ErrorState message={audit.error.message} onRetry={audit.reload} />}
      {audit.status === 'success' && audit.data.entries.length === 0 && <EmptyState title="No activity yet" message="What admins do (verify, remove, dismiss) appears here." />}
      {audit.status === 'success' && audit.data.entries.length > 0 && (
        <>
          <div className={styles.scroller}>
            <table className={styles.table}>
              <VisuallyHidden as="caption">{`Admin activity, page ${page}`}</VisuallyHidden>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">What</th>
                  <th scope="col">Reason</th>
                </tr>
              </thead>
              <tbody>
                {audit.data.entries.map((entry) => (
                  <tr key={entry._id} data-testid="activity-row">
                    <td data-label="When">
                      <time dateTime={entry.createdAt}>{when.format(new Date(entry.createdAt))}</time>
                    </td>
                    <td data-label="Who">{entry.actorName}</td>
                    <td data-label="What">
                      {actions[entry.action]} <strong>{entry.targetLabel}</strong>
                    </td>
                    <td data-label="Reason">{entry.reason ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={page} pageCount={Math.max(1, Math.ceil(audit.data.total / AUDIT_PAGE_SIZE))} onPageChange={setPage} label="Activity pages" />
        </>
      )}
    </section>
  );
}
