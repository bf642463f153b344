import type { Review } from '@phonehaat/shared-api';
import { formatDate, ReviewStars, UserText } from '@phonehaat/shared-ui';
import styles from './review-list.module.css';
import { useT } from '../i18n';

/** A seller's reviews: stars, the buyer's words, what they bought and when, and the seller's reply. */
export function ReviewList({ reviews, sellerName }: { reviews: Review[]; sellerName: string }) {
  const t = useT();
  const date = (iso: string) => formatDate(iso, { day: 'numeric', month: 'short', year: 'numeric' });
  return (
    <ol className={styles.list}>
      {reviews.map((review) => (
        <li key={review._id} className={styles.review} data-testid="review">
          <p className={styles.head}>
            <ReviewStars stars={review.stars} />
            <span className={styles.meta}>
              {t.rich('seller.reviewBy', { name: <UserText>{review.buyerName}</UserText>, product: <UserText>{review.productName}</UserText> })} · <time dateTime={review.createdAt}>{date(review.createdAt)}</time>
              {review.editedAt && ` · ${t('seller.edited')}`}
            </span>
          </p>
          {review.comment && (
            <p className={styles.comment} translate="no">
              {review.comment}
            </p>
          )}
          {review.reply && (
            <blockquote className={styles.reply}>
              <p className={styles.replyBy}>{t.rich('seller.replyBy', { name: <UserText>{sellerName}</UserText> })}</p>
              <p translate="no">{review.reply}</p>
            </blockquote>
          )}
        </li>
      ))}
    </ol>
  );
}
