import { useId, useRef, useState, type ReactNode } from 'react';
import { Button } from '../button/button';
import { Modal } from '../dialog/modal';
import { TextAreaField } from '../text-area-field/text-area-field';
import styles from './confirm-dialog.module.css';
import { useT } from '../i18n/ui-catalog';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** The confirm button in the danger colour, for deleting and other things that cannot be undone. */
  danger?: boolean;
  /** The confirmed action is running: the confirm button spins and the dialog cannot be dismissed. */
  busy?: boolean;
  /**
   * Asks why as well (the people it affects read it, the activity log keeps it): the confirm button refuses a reason
   * shorter than 3 characters with `tooShort`, and passes the trimmed reason on.
   */
  reason?: { label: string; hint?: string; initial?: string; maxLength: number; tooShort: string };
  /** What went wrong when the action was tried (the API's refusal), shown under the reason. */
  error?: string;
  onConfirm(reason: string): void;
  onCancel(): void;
}

/**
 * Asks before an action, and why when the action needs a reason: the one confirmation every slice uses (a refund or
 * a release, an unblock, a moderation). Cancel takes the initial focus when nothing is to be typed, so a stray Enter
 * never confirms something destructive.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  danger = false,
  busy = false,
  reason: asked,
  error,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const t = useT();
  const messageId = useId();
  const [reason, setReason] = useState(asked?.initial ?? '');
  const [tooShort, setTooShort] = useState(false);
  const confirm = () => {
    if (asked && reason.trim().length < 3) return setTooShort(true);
    onConfirm(asked ? reason.trim() : '');
  };

  return (
    <Modal
      open={open}
      onClose={() => {
        if (!busy) onCancel();
      }}
      title={title}
      size="sm"
      // With a reason to give, its field takes the focus (the first thing to fill in); otherwise Cancel does.
      initialFocusRef={asked ? undefined : cancelRef}
      describedBy={messageId}
      footer={
        <>
          <Button ref={cancelRef} variant="secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel ?? t('confirm.cancel')}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} onClick={confirm} loading={busy}>
            {confirmLabel ?? t('confirm.confirm')}
          </Button>
        </>
      }
    >
      <div id={messageId} className={styles.message}>
        {message}
      </div>
      {asked && (
        <TextAreaField
          label={asked.label}
          hint={asked.hint}
          rows={3}
          maxLength={asked.maxLength}
          value={reason}
          error={tooShort && reason.trim().length < 3 ? asked.tooShort : error}
          onChange={(event) => setReason(event.target.value)}
        />
      )}
      {!asked && error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </Modal>
  );
}
