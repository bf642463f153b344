import { useState } from 'react';
import type { Review, SellerSummary } from '@phonehaat/shared-api';
import { ApiRequestError, QueryView, useAction } from '@phonehaat/shared-data';
import { Button, Modal, notify, Pagination, ReviewList, Skeleton, TextAreaField } from '@phonehaat/shared-ui';
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
  // A removal changes the seller's reviews wherever they are read (this list, the seller's public profile).
  const removal = useAction(removeReview, { invalidates: ['listSellerReviews'] });

  const remove = async () => {
    if (!removing) return;
    if (reason.trim().length < 3) return setProblem(t('reviews.reasonShort'));
    try {
      await removal.run(removing._id, reason.trim());
      notify.success(t('reviews.removed'));
      setRemoving(undefined);
      setReason('');
      setProblem(undefined);
    } catch (error) {
      setProblem(error instanceof ApiRequestError ? error.message : t('reviews.failed'));
    }
  };

  return (
    <Modal open onClose={onClose} title={t('reviews.title', { name: seller.name })}>
      <QueryView
        query={reviews}
        loading={<Skeleton height={120} aria-label={t('reviews.loading')} />}
        isEmpty={(found) => found.reviews.length === 0}
        empty={{ title: t('reviews.emptyTitle'), message: t('reviews.empty') }}
      >
        {(found) => (
          <>
            <ReviewList
              reviews={found.reviews}
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
            {found.total > 10 && <Pagination page={page} pageCount={Math.ceil(found.total / 10)} onPageChange={setPage} label={t('reviews.pages')} />}
          </>
        )}
      </QueryView>
    </Modal>
  );
}
