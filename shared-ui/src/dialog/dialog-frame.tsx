import { useId, useRef, type MouseEvent, type ReactNode, type Ref, type SyntheticEvent } from 'react';
import { cx } from '../utils/cx';
import { useT } from '../i18n/ui-catalog';
import styles from './dialog.module.css';

export interface DialogFrameProps {
  /** Words, or words with people's text marked inside them (t.rich). */
  title: ReactNode;
  children?: ReactNode;
  /** Actions along the bottom, e.g. Cancel and Save buttons. */
  footer?: ReactNode;
  /** 'sheet': rises from the bottom of a phone's screen, full width (filters, menus); a dialog on wider screens. */
  size?: 'sm' | 'md' | 'sheet';
  /** Id of an element inside the dialog that describes it (read out with the title). */
  describedBy?: string;
  /** Accessible name of the × button. */
  closeLabel?: string;
}

interface FrameProps extends DialogFrameProps {
  id?: string;
  ref?: Ref<HTMLDialogElement>;
  /** Props of the × button (a click handler, or the invoker command that closes it). */
  closeButton: object;
  /** A press that starts and ends on the backdrop, outside the dialog's box. */
  onBackdrop(): void;
  /** The browser closed it (Escape, a command, close()). */
  onClose?(): void;
  /** Escape was pressed (the browser's cancel). */
  onCancel?(event: SyntheticEvent<HTMLDialogElement>): void;
}

const outside = (event: MouseEvent<HTMLDialogElement>) => {
  const box = event.currentTarget.getBoundingClientRect();
  return event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom;
};

/**
 * The one dialog's markup: the browser's <dialog> with a title, a body, an optional footer and a × in the corner. The
 * × comes last, so that the browser, opening it, focuses the first field rather than the ×. The backdrop is the dialog
 * element itself outside its box: a press that starts and ends there closes it (a text selection dragged out does not).
 */
export function DialogFrame({ id, ref, title, children, footer, size = 'md', describedBy, closeLabel, closeButton, onBackdrop, onClose, onCancel }: FrameProps) {
  const t = useT();
  const titleId = useId();
  const pressedOutside = useRef(false);
  return (
    <dialog
      id={id}
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      tabIndex={-1}
      className={cx(styles.dialog, styles[size])}
      // React passes a nested dialog's close and cancel up to this one's handlers too: only its own count.
      onClose={(event) => event.target === event.currentTarget && onClose?.()}
      onCancel={(event) => event.target === event.currentTarget && onCancel?.(event)}
      onMouseDown={(event) => {
        pressedOutside.current = event.target === event.currentTarget && outside(event);
      }}
      onClick={(event) => {
        // event.detail is 0 for a click made by the keyboard (Enter on a button): never the backdrop.
        if (pressedOutside.current && event.target === event.currentTarget && outside(event) && event.detail > 0) onBackdrop();
        pressedOutside.current = false;
      }}
    >
      <div className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
      </div>
      <div className={styles.body}>{children}</div>
      {footer != null && <div className={styles.footer}>{footer}</div>}
      <button type="button" className={styles.close} aria-label={closeLabel ?? t('dialog.close')} {...closeButton}>
        <svg className={styles.closeIcon} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
          <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </dialog>
  );
}
