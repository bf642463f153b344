import { ApiRequestError, useAction } from '@phonehaat/shared-data';
import { Button, formatDate, formatNumber, formatTakaExact, notify, UserText } from '@phonehaat/shared-ui';
import { decidePaymentReview, REVIEW_CHANGES, usePaymentReviews } from '../api/payment-reviews';
import styles from '../../../styles/review-panel.module.css';
import { useT } from '../../../i18n';

const when = (iso: string) => formatDate(iso, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

/**
 * Payments held for review (issue 69), on the Money page: paid, not yet a sale. Accept records the sale as any other;
 * Refund gives it back in full through the provider that took it. Nothing shows while none waits.
 */
export function HeldPayments() {
  const t = useT();
  const reviews = usePaymentReviews();
  const decide = useAction(decidePaymentReview, { invalidates: REVIEW_CHANGES });
  if (!reviews.data || reviews.data.length === 0) return null;

  const decideOne = async (id: string, decision: 'accept' | 'refund', name: string) => {
    try {
      await decide.run(id, decision);
      notify.success(t(decision === 'accept' ? 'review.accepted' : 'review.refunded', { name }));
    } catch (error) {
      notify.error(error instanceof ApiRequestError ? error.message : t('review.failed'));
    }
  };

  return (
    <section className={styles.panel} aria-labelledby="held-payments">
      <h2 id="held-payments" className={styles.title}>
        {t('review.title', { count: formatNumber(reviews.data.length) })}
      </h2>
      <p className={styles.muted}>{t('review.explain')}</p>
      <ul className={styles.list}>
        {reviews.data.map((review) => (
          <li key={review._id} className={styles.item} data-testid="held-payment">
            <p className={styles.line}>
              <strong>
                <UserText>{review.productName}</UserText>
              </strong>{' '}
              · {formatTakaExact(review.amount)} · <UserText>{review.buyerName}</UserText>
            </p>
            <p className={styles.muted}>
              {t(`review.reason.${review.reason}`, { method: t(`disputes.method.${review.method}`) })} · <span translate="no">{review.transactionId}</span> · {when(review.createdAt)}
            </p>
            <div className={styles.actions}>
              <Button size="sm" loading={decide.pending?.[0] === review._id && decide.pending?.[1] === 'accept'} disabled={decide.busy} onClick={() => void decideOne(review._id, 'accept', review.productName)} aria-label={t('review.acceptLabel', { name: review.productName })}>
                {t('review.accept')}
              </Button>
              <Button size="sm" variant="secondary" loading={decide.pending?.[0] === review._id && decide.pending?.[1] === 'refund'} disabled={decide.busy} onClick={() => void decideOne(review._id, 'refund', review.productName)} aria-label={t('review.refundLabel', { name: review.productName })}>
                {t('review.refund')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
