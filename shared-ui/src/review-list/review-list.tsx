import type { ReactNode } from 'react';
import type { Review } from '@phonehaat/shared-api';
import { formatDate } from '../i18n/format';
import { useT } from '../i18n/ui-catalog';
import { ReviewStars } from '../seller-rating/seller-rating';
import { UserText } from '../user-text/user-text';
import styles from './review-list.module.css';

export interface ReviewListProps {
  reviews: readonly Review[];
  /** Each review's data-testid. */
  testId?: string;
  /** What follows a review's words, if anything: the seller's reply, a form to reply, an admin's Remove. */
  after?(review: Review): ReactNode;
}

/** Reviews of a seller, each with its stars, who bought what and when, and the buyer's words (the storefront's
 * profile, the seller's My Product, the admin's list alike). */
export function ReviewList({ reviews, testId, after }: ReviewListProps) {
  const t = useT();
  return (
    <ol className={styles.list}>
      {reviews.map((review) => (
        <li key={review._id} className={styles.review} data-testid={testId}>
          <p className={styles.head}>
            <ReviewStars stars={review.stars} />
            <span className={styles.meta}>
              {t.rich('review.by', { name: <UserText>{review.buyerName}</UserText>, product: <UserText>{review.productName}</UserText> })} ·{' '}
              <time dateTime={review.createdAt}>{formatDate(review.createdAt, { day: 'numeric', month: 'short', year: 'numeric' })}</time>
              {review.editedAt && ` · ${t('review.edited')}`}
            </span>
          </p>
          {review.comment && (
            <p className={styles.comment} translate="no">
              {review.comment}
            </p>
          )}
          {after?.(review)}
        </li>
      ))}
    </ol>
  );
}

/** A seller's reply under a review, as everyone reads it. */
export function ReviewReply({ sellerName, reply }: { sellerName: string; reply: string }) {
  const t = useT();
  return (
    <blockquote className={styles.reply}>
      <p className={styles.replyBy}>{t.rich('review.replyBy', { name: <UserText>{sellerName}</UserText> })}</p>
      <p translate="no">{reply}</p>
    </blockquote>
  );
}
