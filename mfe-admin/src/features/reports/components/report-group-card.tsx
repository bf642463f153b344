import type { ReportGroup } from '@phonehaat/shared-api';
import { REPORT_REASON_LABELS } from '@phonehaat/shared-api/limits';
import { Button, Price, VerifiedBadge } from '@phonehaat/shared-ui';
import styles from './report-group-card.module.css';

const when = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

export type ModerationAction = 'dismiss' | 'remove' | 'remove-seller';

/** One reported listing: its photo, price and seller (with their record), every report, and the admin's actions. */
export function ReportGroupCard({ group, onAction }: { group: ReportGroup; onAction?(action: ModerationAction): void }) {
  const { product, seller, reports } = group;
  return (
    <article className={styles.card} aria-labelledby={`report-${product._id}`} data-testid="report-group">
      <img className={styles.image} src={product.img} alt="" width={120} height={90} loading="lazy" />
      <div className={styles.body}>
        <h2 id={`report-${product._id}`} className={styles.name}>
          {product.name}
        </h2>
        <p className={styles.line}>
          <Price amount={product.resalePrice} /> · {group.count} {group.count === 1 ? 'report' : 'reports'}
          {product.status === 'sold' && ' · sold'}
          {product.removedReason && ` · removed: ${product.removedReason}`}
        </p>
        <p className={styles.line}>
          Seller: {seller.name} ({seller.email}) {seller.verified ? <VerifiedBadge /> : <span className={styles.muted}>not verified</span>}
          {seller.removed && <strong> · removed</strong>}
          {' · '}
          {seller.removedListings === 0 ? 'no listing removed before' : `${seller.removedListings} listing${seller.removedListings === 1 ? '' : 's'} removed before`}
        </p>
        <ul className={styles.reports} aria-label={`Reports of ${product.name}`}>
          {reports.map((report) => (
            <li key={report._id}>
              <strong>{REPORT_REASON_LABELS[report.reason]}</strong>
              {report.note && <>: “{report.note}”</>}{' '}
              <span className={styles.muted}>
                by {report.reporterName}, {when.format(new Date(report.createdAt))}
                {report.status !== 'open' && ` · ${report.status}`}
              </span>
            </li>
          ))}
        </ul>
        {onAction && (
          <div className={styles.actions}>
            <Button size="sm" variant="secondary" onClick={() => onAction('dismiss')} aria-label={`Dismiss reports of ${product.name}`}>
              Dismiss
            </Button>
            <Button size="sm" variant="danger" onClick={() => onAction('remove')} aria-label={`Remove listing ${product.name}`}>
              Remove listing
            </Button>
            {!seller.removed && (
              <Button size="sm" variant="danger" onClick={() => onAction('remove-seller')} aria-label={`Remove listing and seller: ${product.name}, ${seller.name}`}>
                Remove listing and seller
              </Button>
            )}
          </div>
        )}
      </div>
    </article>
  );
}
