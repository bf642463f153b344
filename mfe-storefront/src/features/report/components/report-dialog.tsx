import { useId, useState, type FormEvent } from 'react';
import { MAX_REPORT_NOTE, REPORT_REASON_LABELS, REPORT_REASONS, type ReportReason } from '@phonehaat/shared-api/limits';
import { ApiRequestError } from '@phonehaat/shared-auth';
import { Button, Modal, TextAreaField, notify } from '@phonehaat/shared-ui';
import { createReport } from '../api/create-report';
import form from '../../forms/dialog-form.module.css';
import styles from './report-dialog.module.css';

/** "Report this listing": a reason, an optional note, and a word that the team will look at it. */
export function ReportDialog({ product, onClose }: { product: { _id: string; name: string }; onClose(): void }) {
  const reasonError = useId();
  const [reason, setReason] = useState<ReportReason>();
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string>();
  const [missingReason, setMissingReason] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) return setMissingReason(true);
    setBusy(true);
    setProblem(undefined);
    try {
      await createReport({ productId: product._id, reason, note: note.trim() });
      notify.success('Thank you. The PhoneHaat team will look at this listing.');
      onClose();
    } catch (error) {
      const apiError = error instanceof ApiRequestError ? error : undefined;
      setProblem(apiError?.status === 409 ? 'You already reported this listing. The team will look at it.' : (apiError?.message ?? 'The report could not be sent. Please try again.'));
      setBusy(false);
    }
  };

  return (
    <Modal open onClose={onClose} title={`Report ${product.name}`}>
      <form className={form.form} onSubmit={(event) => void submit(event)} noValidate>
        <fieldset className={styles.reasons} aria-describedby={missingReason ? reasonError : undefined}>
          <legend className={styles.legend}>What is wrong with it?</legend>
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
              {REPORT_REASON_LABELS[value]}
            </label>
          ))}
          {missingReason && (
            <p id={reasonError} className={styles.error} role="alert">
              Choose a reason
            </p>
          )}
        </fieldset>
        <TextAreaField
          label="Anything the team should know? (optional)"
          rows={3}
          maxLength={MAX_REPORT_NOTE}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          hint={`${MAX_REPORT_NOTE - note.length} characters left`}
        />
        {problem && (
          <p className={form.problem} role="alert">
            {problem}
          </p>
        )}
        <div className={form.actions}>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" loading={busy}>
            Send report
          </Button>
        </div>
      </form>
    </Modal>
  );
}
