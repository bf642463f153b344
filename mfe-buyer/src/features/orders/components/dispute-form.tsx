import { useState } from 'react';
import type { Booking, DisputeReason, NewDisputeBody } from '@phonehaat/shared-api';
// The page's own constants without the contract's schemas (zod stays out of the page's code).
import { DISPUTE_REASONS, MAX_DISPUTE_PHOTOS, MAX_REPORT_NOTE } from '@phonehaat/shared-api/limits';
import { ApiRequestError, useAction } from '@phonehaat/shared-data';
import { Button, Modal, notify, TextAreaField } from '@phonehaat/shared-ui';
import { openDispute, uploadPhoto } from '../api/open-dispute';
import { useT } from '../../../i18n';
import styles from './held-money.module.css';

/**
 * "Report a problem" with a held sale: why (not as described, the seller did not come), a note and up to four photos.
 * The photos are uploaded as a listing's are, then sent with the dispute by id.
 */
export function DisputeForm({ booking, onClose, onOpened, reason: given }: { booking: Booking; onClose(): void; onOpened(): void; reason?: DisputeReason }) {
  const t = useT();
  const [reason, setReason] = useState<DisputeReason | undefined>(given);
  // "Not the phone that was tested" is offered once a check at the handover found another phone (issue 68).
  const mismatch = booking.handoverCheck?.comparison.match === false;
  const reasons = DISPUTE_REASONS.filter((value) => value !== 'not-tested-phone' || mismatch);
  const [note, setNote] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string>();
  /** The photos first, then the dispute naming them. */
  const opening = useAction(
    async (body: Omit<NewDisputeBody, 'photoIds'>) => {
      const photos = await Promise.all(files.map((file) => uploadPhoto(file)));
      return openDispute(booking._id, { ...body, photoIds: photos.map((photo) => photo._id) });
    },
    { invalidates: ['listMyBookings'] },
  );

  const send = async () => {
    if (!reason) return setProblem(t('dispute.chooseReason'));
    setProblem(undefined);
    try {
      await opening.run({ reason, note: note.trim() });
      notify.success(t('dispute.sent'));
      onOpened();
    } catch (error) {
      setProblem(error instanceof ApiRequestError ? error.message : t('dispute.failed'));
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      size="sm"
      title={t('dispute.title', { name: booking.name })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('dispute.cancel')}
          </Button>
          <Button variant="danger" loading={opening.busy} disabled={opening.busy} onClick={() => void send()}>
            {t('dispute.send')}
          </Button>
        </>
      }
    >
      <p>{t('dispute.explain')}</p>
      <fieldset className={styles.reasons}>
        <legend>{t('dispute.reason')}</legend>
        {reasons.map((value) => (
          <label key={value} className={styles.reason}>
            <input type="radio" name="dispute-reason" value={value} checked={reason === value} onChange={() => setReason(value)} />
            {t(`dispute.reason.${value}`)}
          </label>
        ))}
      </fieldset>
      <TextAreaField label={t('dispute.note')} hint={t('dispute.noteHint')} rows={3} maxLength={MAX_REPORT_NOTE} value={note} onChange={(event) => setNote(event.target.value)} />
      <label className={styles.photos}>
        {t('dispute.photos', { count: MAX_DISPUTE_PHOTOS })}
        <input type="file" accept="image/*" multiple onChange={(event) => setFiles([...(event.target.files ?? [])].slice(0, MAX_DISPUTE_PHOTOS))} />
      </label>
      {files.length > 0 && <p className={styles.note}>{t('dispute.photosChosen', { count: files.length })}</p>}
      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
    </Modal>
  );
}
