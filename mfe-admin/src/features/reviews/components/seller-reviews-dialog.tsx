import { useState } from 'react';
import type { Review, SellerSummary } from '@phonehaat/shared-api';
import { ApiRequestError, useAction } from '@phonehaat/shared-data';
import { Button, EmptyState, ErrorState, Modal, notify, Pagination, ReviewList, Skeleton, TextAreaField } from '@phonehaat/shared-ui';
import { removeReview, useSellerReviews } from '../api/seller-reviews';
import styles from './seller-reviews-dialog.module.css';
import { useT } from '../../../i18n';

/** A seller's reviews for an admin, each removable (abusive ones) with a reason. */
export function SellerReviewsDialog({ seller, onClose }: { seller: SellerSummary; onClose(): void }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const reviews = useSellerReviews(seller._id, page);
  const [removing, setRemoving] = useState<Review>();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string>();
  const removal = useAction(removeReview);

  const remove = async () => {
    if (!removing) return;
    if (reason.trim().length < 3) return setProblem(t('reviews.reasonShort'));
    try {
      await removal.run(removing._id, reason.trim());
      notify.success(t('reviews.removed'));
      setRemoving(undefined);
      setReason('');
      setProblem(undefined);
      reviews.reload();
    } catch (error) {
      setProblem(error instanceof ApiRequestError ? error.message : t('reviews.failed'));
    }
  };

  return (
    <Modal open onClose={onClose} title={t('reviews.title', { name: seller.name })}>
      {reviews.status === 'loading' && <Skeleton height={120} aria-label={t('reviews.loading')} />}
      {reviews.status === 'error' && <ErrorState message={reviews.error.message} onRetry={reviews.reload} />}
      {reviews.status === 'success' && reviews.data.reviews.length === 0 && <EmptyState title={t('reviews.emptyTitle')} message={t('reviews.empty')} />}
      {reviews.status === 'success' && reviews.data.reviews.length > 0 && (
        <ReviewList
          reviews={reviews.data.reviews}
          testId="admin-review"
          after={(review) =>
            removing?._id === review._id ? (
              <div className={styles.remove}>
                <TextAreaField label={t('reviews.reason')} rows={2} maxLength={500} value={reason} error={problem} onChange={(event) => setReason(event.target.value)} />
                <Button size="sm" variant="secondary" onClick={() => setRemoving(undefined)}>
                  {t('reviews.cancel')}
                </Button>{' '}
                <Button size="sm" variant="danger" loading={removal.busy} onClick={() => void remove()}>
                  {t('reviews.confirm')}
                </Button>
              </div>
            ) : (
              <Button size="sm" variant="danger" onClick={() => (setRemoving(review), setProblem(undefined))} aria-label={t('reviews.removeLabel', { name: review.buyerName })}>
                {t('reviews.remove')}
              </Button>
            )
          }
        />
      )}
      {reviews.status === 'success' && reviews.data.total > 10 && (
        <Pagination page={page} pageCount={Math.ceil(reviews.data.total / 10)} onPageChange={setPage} label={t('reviews.pages')} />
      )}
    </Modal>
  );
}
