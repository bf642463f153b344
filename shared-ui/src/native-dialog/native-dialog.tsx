import { useId, type ReactNode, type Ref } from 'react';
import { cx } from '../utils/cx';
import frame from '../modal/modal.module.css';
import styles from './native-dialog.module.css';
import { useT } from '../i18n/ui-catalog';

/**
 * The browser's own modal dialog (`<dialog>`), rendered closed with the page (on the server too) and opened by the
 * browser itself from a button with `dialogCommand` (invoker commands): a tap opens it in the next frame, before the
 * app's code has even started (issue 24). The browser keeps focus inside, closes it on Escape, makes the page behind
 * inert and gives focus back to the button that opened it. A click on the backdrop closes it too.
 */
export interface NativeDialogProps {
  /** The id its buttons name (dialogCommand). */
  id: string;
  title: string;
  children?: ReactNode;
  /** When it closes, whatever closed it (Escape, the × button, the backdrop, closeDialog). */
  onClose?(): void;
  /** Accessible name of the × button. */
  closeLabel?: string;
  size?: 'sm' | 'md';
  ref?: Ref<HTMLDialogElement>;
}

export function NativeDialog({ id, title, children, onClose, closeLabel, size = 'md', ref }: NativeDialogProps) {
  const titleId = useId();
  const t = useT();
  return (
    <dialog
      id={id}
      ref={ref}
      aria-labelledby={titleId}
      className={cx(frame.dialog, frame[size], styles.dialog)}
      onClose={onClose}
      // The backdrop is the dialog element itself, outside its box: a click there closes it.
      onClick={(event) => {
        const box = event.currentTarget.getBoundingClientRect();
        const outside = event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom;
        if (event.target === event.currentTarget && outside && event.detail > 0) closeDialog(id);
      }}
    >
      <div className={frame.header}>
        <h2 id={titleId} className={frame.title}>
          {title}
        </h2>
      </div>
      <div className={frame.body}>{children}</div>
      {/* Last, so the browser focuses the first field on opening; shown in the corner. */}
      <button type="button" className={cx(frame.close, styles.corner)} aria-label={closeLabel ?? t('dialog.close')} {...dialogCommand(id, 'close')}>
        <svg className={frame.closeIcon} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
          <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </dialog>
  );
}

type DialogElement = HTMLDialogElement & Partial<Pick<HTMLDialogElement, 'showModal' | 'close'>>;

/** Whether this browser opens and closes dialogs from buttons itself (invoker commands). */
const browserCommands = () => typeof HTMLButtonElement !== 'undefined' && 'commandForElement' in HTMLButtonElement.prototype;

/** Opens the dialog as a modal (or, where a browser lacks `showModal`, as a plain open dialog). */
export function openDialog(id: string): void {
  const dialog = document.getElementById(id) as DialogElement | null;
  if (!dialog || dialog.open) return;
  if (dialog.showModal) dialog.showModal();
  else dialog.setAttribute('open', '');
}

/** Closes it, as its × button does. */
export function closeDialog(id: string): void {
  const dialog = document.getElementById(id) as DialogElement | null;
  if (!dialog?.open) return;
  if (dialog.close) {
    dialog.close();
  } else {
    dialog.removeAttribute('open');
    dialog.dispatchEvent(new Event('close'));
  }
}

/**
 * Props for a button that opens or closes a NativeDialog: the browser does it from the attributes alone (before the
 * app has started, too), or, in a browser without invoker commands, the click does it.
 */
export function dialogCommand(id: string, command: 'show-modal' | 'close', onClick?: () => void): { onClick(): void } {
  return {
    // Attributes React passes through as written (it has no props for them yet).
    ...({ command, commandfor: id } as object),
    onClick: () => {
      onClick?.();
      if (browserCommands()) return;
      if (command === 'close') closeDialog(id);
      else openDialog(id);
    },
  };
}
