import type { ReportGroup } from '@phonehaat/shared-api';
import { Button, formatDate, formatTaka, Price, UserText, VerifiedBadge } from '@phonehaat/shared-ui';
import styles from './report-group-card.module.css';
import { reasonKeys } from '../reason-keys';
import { useT } from '../../../i18n';


export type ModerationAction = 'dismiss' | 'remove' | 'confirm-stolen' | 'remove-seller' | 'remove-message';

/** One reported listing: its photo, price and seller (with their record), every report, and the admin's actions. */
export function ReportGroupCard({ group, onAction, onHold }: { group: ReportGroup; onAction?(action: ModerationAction, messageId?: string): void; onHold?(userId: string, name: string): void }) {
  const t = useT();
  const { product, seller, reports } = group;
  const reportedStolen = reports.some((report) => report.reason === 'stolen' && !report.message);
  return (
    <article className={styles.card} aria-labelledby={`report-${product._id}`} data-testid="report-group">
      <img className={styles.image} src={product.img} alt="" width={120} height={90} loading="lazy" />
      <div className={styles.body}>
        <h2 id={`report-${product._id}`} className={styles.name} translate="no">
          {product.name}
        </h2>
        <p className={styles.line}>
          <Price amount={product.resalePrice} /> · {t('group.reports', { count: group.count })}
          {product.status === 'sold' && ` · ${t('group.sold')}`}
          {product.removedReason && <> · {t.rich('group.removed', { reason: <UserText>{product.removedReason}</UserText> })}</>}
          {' · '}
          {product.imeiLast4 ? t.rich('group.imei', { last4: <UserText>{product.imeiLast4}</UserText> }) : t('group.noImei')}
        </p>
        {product.priceWarning && (
          <p className={styles.line} data-testid="price-review">
            <strong>{t('group.priceWarning', { low: formatTaka(product.priceWarning.low), high: formatTaka(product.priceWarning.high) })}</strong>
          </p>
        )}
        <p className={styles.line}>
          {t('group.seller')} <UserText>{seller.name}</UserText> ({seller.email ? <UserText>{seller.email}</UserText> : t('people.noEmailInline')}) {seller.verified ? <VerifiedBadge /> : <span className={styles.muted}>{t('group.notVerified')}</span>}
          {seller.removed && <strong> · {t('group.sellerRemoved')}</strong>}
          {' · '}
          {t('group.removedBefore', { count: seller.removedListings })}
        </p>
        <ul className={styles.reports} aria-label={t('group.reportsOf', { name: product.name })}>
          {reports.map((report) => (
            <li key={report._id}>
              <strong>{t(reasonKeys[report.reason])}</strong>
              {report.note && (
                <>
                  : “<UserText>{report.note}</UserText>”
                </>
              )}{' '}
              <span className={styles.muted}>
                {t.rich('group.by', { name: <UserText>{report.reporterName}</UserText>, when: formatDate(report.createdAt, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }) })}
                {report.status !== 'open' && ` · ${t('group.status', { status: report.status })}`}
              </span>
              {report.flagged.length > 0 && (
                <p className={styles.muted} data-testid="flagged-by-rules">
                  {t('group.flagged', { kinds: report.flagged.map((kind) => t(`group.flagged.${kind}` as 'group.flagged.code')).join('; ') })}
                </p>
              )}
              {report.message && (
                <blockquote className={styles.quote}>
                  {report.message.before.length > 0 && (
                    <ol className={styles.context} aria-label={t('group.before')}>
                      {report.message.before.map((line) => (
                        <li key={line.createdAt + line.senderName}>
                          <UserText>{line.senderName}</UserText>: <UserText>{line.body || t('group.beforeRemoved')}</UserText>
                        </li>
                      ))}
                    </ol>
                  )}
                  <p>{t.rich('group.messageFrom', { name: <UserText>{report.message.senderName}</UserText> })}</p>
                  <p className={styles.quoted}>
                    {report.message.removed ? t.rich('group.messageRemoved', { body: <UserText>{report.message.body}</UserText> }) : <UserText>{report.message.body}</UserText>}
                  </p>
                  {report.message.senderHeld && (
                    <p className={styles.muted} data-testid="sender-held">
                      {t('group.senderHeld')}
                    </p>
                  )}
                  <div className={styles.actions}>
                    {onAction && !report.message.removed && (
                      <Button size="sm" variant="danger" onClick={() => onAction('remove-message', report.message!._id)}>
                        {t('group.removeMessage')}
                      </Button>
                    )}
                    {onHold && !report.message.senderHeld && (
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() => onHold(report.message!.senderId, report.message!.senderName)}
                        aria-label={t('group.holdSenderLabel', { name: report.message.senderName })}
                      >
                        {t('group.holdSender')}
                      </Button>
                    )}
                  </div>
                </blockquote>
              )}
            </li>
          ))}
        </ul>
        {onAction && (
          <div className={styles.actions}>
            <Button size="sm" variant="secondary" onClick={() => onAction('dismiss')} aria-label={t('group.dismissLabel', { name: product.name })}>
              {t('group.dismiss')}
            </Button>
            <Button size="sm" variant="danger" onClick={() => onAction('remove')} aria-label={t('group.removeLabel', { name: product.name })}>
              {t('group.remove')}
            </Button>
            {reportedStolen && (
              <Button size="sm" variant="danger" onClick={() => onAction('confirm-stolen')} aria-label={t('group.confirmStolenLabel', { name: product.name })}>
                {t('group.confirmStolen')}
              </Button>
            )}
            {!seller.removed && (
              <Button size="sm" variant="danger" onClick={() => onAction('remove-seller')} aria-label={t('group.removeSellerLabel', { name: product.name, seller: seller.name })}>
                {t('group.removeSeller')}
              </Button>
            )}
          </div>
        )}
      </div>
    </article>
  );
}
