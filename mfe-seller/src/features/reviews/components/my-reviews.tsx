import { useState } from 'react';
import { QueryView, updateRead, useApiQuery } from '@phonehaat/shared-data';
import { Pagination, ReviewList, Skeleton, UserText } from '@phonehaat/shared-ui';
import { MY_REVIEWS_PAGE_SIZE, myReviewsPage } from '../api/my-reviews';
import { ReplyForm } from './reply-form';
import styles from './my-reviews.module.css';
import { useT } from '../../../i18n';

/** My Product's reviews: what buyers said of the seller, newest first, each answered once. */
export function MyReviews() {
  const t = useT();
  const [page, setPage] = useState(1);
  const reviews = useApiQuery('listMyReviews', myReviewsPage(page));
  return (
    <section className={styles.section} aria-labelledby="my-reviews-heading">
      <h2 id="my-reviews-heading">{t('reviews.title')}</h2>
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
              testId="my-review"
              after={(review) =>
                review.reply ? (
                  <p className={styles.reply}>{t.rich('reviews.yourReply', { reply: <UserText>{review.reply}</UserText> })}</p>
                ) : (
                  <ReplyForm
                    review={review}
                    onReplied={(reply) =>
                      updateRead('listMyReviews', myReviewsPage(page), (current) => ({
                        ...current,
                        reviews: current.reviews.map((item) => (item._id === review._id ? { ...item, reply, repliedAt: new Date().toISOString() } : item)),
                      }))
                    }
                  />
                )
              }
            />
            <Pagination page={page} pageCount={Math.max(1, Math.ceil(found.total / MY_REVIEWS_PAGE_SIZE))} onPageChange={setPage} label={t('reviews.pages')} />
          </>
        )}
      </QueryView>
    </section>
  );
}
