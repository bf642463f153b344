import { useId, useState, type FormEvent } from 'react';
import type { Booking, ReviewBody } from '@phonehaat/shared-api';
import { MAX_REVIEW_TEXT } from '@phonehaat/shared-api/limits';
import { ApiRequestError, useAction } from '@phonehaat/shared-data';
import { Button, Modal, notify, TextAreaField } from '@phonehaat/shared-ui';
import { changeReview, rateSeller } from '../api/rate-seller';
import styles from './rate-dialog.module.css';
import { useT } from '../../../i18n';

const STARS = [1, 2, 3, 4, 5] as const;

/** The buyer rates the seller of a paid purchase (1–5 stars, a comment if they like), or changes their review. */
export function RateDialog({ booking, onClose, onSaved }: { booking: Booking; onClose(): void; onSaved(): void }) {
  const t = useT();
  const existing = booking.review;
  const [stars, setStars] = useState<number>(existing?.stars ?? 0);
  const [comment, setComment] = useState(existing?.comment ?? '');
  const [problem, setProblem] = useState<string>();
  /** A first review, or a change of the one there is. */
  const saving = useAction(
    async (review: ReviewBody) => {
      if (existing) await changeReview(existing._id, review);
      else await rateSeller(booking._id, review);
    },
    { invalidates: ['listMyBookings'] },
  );
  const errorId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stars) return setProblem(t('rate.chooseStars'));
    try {
      await saving.run({ stars, comment: comment.trim() });
      notify.success(existing ? t('rate.changed') : t('rate.thanks'));
      onSaved();
    } catch (error) {
      setProblem(error instanceof ApiRequestError ? error.message : t('rate.failed'));
    }
  };

  return (
    <Modal open onClose={onClose} title={t('rate.title', { name: booking.name })}>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <fieldset className={styles.stars} aria-describedby={problem ? errorId : undefined}>
          <legend className={styles.legend}>{t('rate.question')}</legend>
          {STARS.map((value) => (
            <label key={value} className={styles.star}>
              <input type="radio" name="stars" value={value} checked={stars === value} onChange={() => (setStars(value), setProblem(undefined))} />
              <span aria-hidden="true">{'★'.repeat(value)}</span> {t('rate.stars', { stars: value })}
            </label>
          ))}
        </fieldset>
        <TextAreaField
          label={t('rate.comment')}
          hint={t('rate.commentHint', { max: MAX_REVIEW_TEXT })}
          rows={4}
          maxLength={MAX_REVIEW_TEXT}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
        />
        {problem && (
          <p id={errorId} className={styles.error} role="alert">
            {problem}
          </p>
        )}
        <p className={styles.actions}>
          <Button variant="secondary" onClick={onClose}>
            {t('rate.cancel')}
          </Button>
          <Button type="submit" loading={saving.busy}>
            {existing ? t('rate.saveChange') : t('rate.save')}
          </Button>
        </p>
      </form>
    </Modal>
  );
}
