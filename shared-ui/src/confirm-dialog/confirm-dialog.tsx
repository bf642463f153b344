import { useId, useRef, type ReactNode } from 'react';
import { Button } from '../button/button';
import { Modal } from '../modal/modal';
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
  onConfirm(): void;
  onCancel(): void;
}

/** Asks before an action. Cancel takes the initial focus, so a stray Enter never confirms something destructive. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  danger = false,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const t = useT();
  const messageId = useId();

  return (
    <Modal
      open={open}
      onClose={() => {
        if (!busy) onCancel();
      }}
      title={title}
      size="sm"
      initialFocusRef={cancelRef}
      describedBy={messageId}
      footer={
        <>
          <Button ref={cancelRef} variant="secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel ?? t('confirm.cancel')}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm} loading={busy}>
            {confirmLabel ?? t('confirm.confirm')}
          </Button>
        </>
      }
    >
      <div id={messageId} className={styles.message}>
        {message}
      </div>
    </Modal>
  );
}
