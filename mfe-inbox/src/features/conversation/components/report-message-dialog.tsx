import { useState, type FormEvent } from 'react';
import type { Message } from '@phonehaat/shared-api';
import { ApiRequestError, useAction } from '@phonehaat/shared-data';
import { Button, Modal, TextAreaField, notify } from '@phonehaat/shared-ui';
import { useT } from '../../../i18n';
import { reportMessage } from '../../threads';
import styles from './conversation.module.css';

const reasons = ['scam', 'offensive', 'other'] as const;
const reasonKey = { scam: 'report.scam', offensive: 'report.offensive', other: 'report.other' } as const;

/** "Report" on the other person's message: why, an optional note; it reaches PhoneHaat's team with the message quoted. */
export function ReportMessageDialog({ message, onClose }: { message: Message; onClose(): void }) {
  const t = useT();
  const [reason, setReason] = useState<(typeof reasons)[number]>('scam');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string>();
  const reporting = useAction(reportMessage);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(undefined);
    try {
      await reporting.run(message._id, reason, note.trim());
      notify.success(t('report.done'));
      onClose();
    } catch (error) {
      setProblem(error instanceof ApiRequestError ? error.message : t('report.failed'));
    }
  };
  return (
    <Modal open onClose={onClose} title={t('report.title')} size="sm">
      <form className={styles.reportForm} onSubmit={(event) => void submit(event)} noValidate>
        <blockquote className={styles.quote}>{message.body}</blockquote>
        <fieldset className={styles.reasons}>
          <legend>{t('report.question')}</legend>
          {reasons.map((value) => (
            <label key={value} className={styles.reason}>
              <input type="radio" name="reason" value={value} checked={reason === value} onChange={() => setReason(value)} />
              {t(reasonKey[value])}
            </label>
          ))}
        </fieldset>
        <TextAreaField label={t('report.note')} value={note} maxLength={500} rows={3} onChange={(event) => setNote(event.target.value)} />
        {problem && (
          <p className={styles.error} role="alert">
            {problem}
          </p>
        )}
        <Button type="submit" disabled={reporting.busy}>
          {t('report.send')}
        </Button>
      </form>
    </Modal>
  );
}
