import { useId, useState, type FormEvent } from 'react';
import { MAX_REPORT_NOTE, REPORT_REASONS, type ReportReason } from '@phonehaat/shared-api/limits';
import { ApiRequestError, useAction } from '@phonehaat/shared-data';
import { Button, Modal, TextAreaField, notify } from '@phonehaat/shared-ui';
import { createReport } from '../api/create-report';
import form from '../../../components/dialog-form.module.css';
import styles from './report-dialog.module.css';
import { useT } from '../i18n';

/** Each reason's words in the catalog. */
const reasonKeys = {
  stolen: 'reason.stolen',
  scam: 'reason.scam',
  'wrong-details': 'reason.wrongDetails',
  price: 'reason.price',
  duplicate: 'reason.duplicate',
  offensive: 'reason.offensive',
  other: 'reason.other',
} as const satisfies Record<ReportReason, string>;

/** "Report this listing": a reason, an optional note, and a word that the team will look at it. */
export function ReportDialog({ product, onClose }: { product: { _id: string; name: string }; onClose(): void }) {
  const t = useT();
  const reasonError = useId();
  const [reason, setReason] = useState<ReportReason>();
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string>();
  const [missingReason, setMissingReason] = useState(false);
  const reporting = useAction(createReport);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) return setMissingReason(true);
    setProblem(undefined);
    try {
      await reporting.run({ productId: product._id, reason, note: note.trim() });
      notify.success(t('report.done'));
      onClose();
    } catch (error) {
      const apiError = error instanceof ApiRequestError ? error : undefined;
      setProblem(apiError?.status === 409 ? t('report.already') : (apiError?.message ?? t('report.failed')));
    }
  };

  return (
    <Modal open onClose={onClose} title={t('report.title', { name: product.name })}>
      <form className={form.form} onSubmit={(event) => void submit(event)} noValidate>
        <fieldset className={styles.reasons} aria-describedby={missingReason ? reasonError : undefined}>
          <legend className={styles.legend}>{t('report.question')}</legend>
          {REPORT_REASONS.map((value) => (
            <label key={value} className={styles.reason}>
              <input
                type="radio"
                name="reason"
                value={value}
                checked={reason === value}
                onChange={() => {
                  setReason(value);
                  setMissingReason(false);
                }}
              />
              {t(reasonKeys[value])}
            </label>
          ))}
          {missingReason && (
            <p id={reasonError} className={styles.error} role="alert">
              {t('report.chooseReason')}
            </p>
          )}
        </fieldset>
        <TextAreaField
          label={t('report.note')}
          rows={3}
          maxLength={MAX_REPORT_NOTE}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          hint={t('report.left', { count: MAX_REPORT_NOTE - note.length })}
        />
        {problem && (
          <p className={form.problem} role="alert">
            {problem}
          </p>
        )}
        <div className={form.actions}>
          <Button variant="secondary" onClick={onClose}>
            {t('report.cancel')}
          </Button>
          <Button type="submit" variant="danger" loading={reporting.busy}>
            {t('report.send')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
