import { useState, type FormEvent } from 'react';
import type { Review } from '@phonehaat/shared-api';
import { MAX_REVIEW_TEXT } from '@phonehaat/shared-api/limits';
import { ApiRequestError, useAction } from '@phonehaat/shared-data';
import { Button, notify, TextAreaField } from '@phonehaat/shared-ui';
import { replyToReview } from '../api/my-reviews';
import { useT } from '../../../i18n';

/** The seller's one reply to a review. */
export function ReplyForm({ review, onReplied }: { review: Review; onReplied(reply: string): void }) {
  const t = useT();
  const [reply, setReply] = useState('');
  const [problem, setProblem] = useState<string>();
  const replying = useAction(replyToReview);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reply.trim()) return setProblem(t('reviews.replyEmpty'));
    try {
      await replying.run(review._id, reply.trim());
      notify.success(t('reviews.replied'));
      onReplied(reply.trim());
    } catch (error) {
      setProblem(error instanceof ApiRequestError ? error.message : t('reviews.replyFailed'));
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('reviews.replyTo', { name: review.buyerName })}>
      <TextAreaField label={t('reviews.reply')} hint={t('reviews.replyHint')} rows={2} maxLength={MAX_REVIEW_TEXT} value={reply} error={problem} onChange={(event) => setReply(event.target.value)} />
      <Button type="submit" size="sm" loading={replying.busy}>
        {t('reviews.send')}
      </Button>
    </form>
  );
}
