import { useEffect, useEffectEvent, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { cx } from '../utils/cx';
import { tabbables } from './focusable';
import styles from './modal.module.css';
import { isTopModal, pushModal } from './modal-stack';
import { lockBodyScroll } from './scroll-lock';
import { useT } from '../i18n/ui-catalog';

export interface ModalProps {
  open: boolean;
  onClose(): void;
  title: string;
  children?: ReactNode;
  /** Actions along the bottom, e.g. Cancel and Save buttons. */
  footer?: ReactNode;
  /** 'sheet': rises from the bottom of a phone's screen, full width (filters, menus); a dialog on wider screens. */
  size?: 'sm' | 'md' | 'sheet';
  /** The element to focus on open; by default the first focusable element of the content, else the dialog. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Id of an element inside the dialog that describes it (read out with the title). */
  describedBy?: string;
  /** Accessible name of the × button. */
  closeLabel?: string;
}

/**
 * A dialog over the page, in a portal on document.body. While open: focus stays inside (Tab wraps), Escape and a
 * click on the backdrop close it, the page does not scroll. On close, focus goes back to what had it before.
 */
export function Modal({ open, ...props }: ModalProps) {
  return open ? createPortal(<Dialog {...props} />, document.body) : null;
}

function Dialog({
  onClose,
  title,
  children,
  footer,
  size = 'md',
  initialFocusRef,
  describedBy,
  closeLabel,
}: Omit<ModalProps, 'open'>) {
  const t = useT();
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const pressedOnBackdrop = useRef(false);
  // Read during the first render, before anything inside the dialog (autoFocus included) can take focus.
  const [opener] = useState(() => document.activeElement);

  const onKeyDown = useEffectEvent((event: KeyboardEvent, token: object) => {
    const dialog = dialogRef.current;
    if (!dialog || !isTopModal(token) || event.defaultPrevented) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    } else if (event.key === 'Tab') {
      trapTab(event, dialog);
    }
  });

  const focusInitial = useEffectEvent(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const first = initialFocusRef?.current ?? tabbables(dialog).find((el) => el !== closeRef.current) ?? dialog;
    // Something inside (an autoFocus field) may already hold focus; leave it there.
    if (!dialog.contains(document.activeElement)) first.focus();
  });

  useEffect(() => {
    const token = {};
    const popModal = pushModal(token);
    const unlockScroll = lockBodyScroll();
    const handleKeyDown = (event: KeyboardEvent) => onKeyDown(event, token);
    document.addEventListener('keydown', handleKeyDown);
    focusInitial();
    return () => {
      document.removeEventListener('keydown', handleKeyDown);
      unlockScroll();
      popModal();
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, [opener]);

  return (
    <div
      className={cx(styles.backdrop, size === 'sheet' && styles.sheetBackdrop)}
      // Close only when the press both starts and ends on the backdrop, not when a text selection drags out of the dialog.
      onMouseDown={(event) => {
        pressedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        if (pressedOnBackdrop.current && event.target === event.currentTarget) onClose();
        pressedOnBackdrop.current = false;
      }}
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={cx(styles.dialog, styles[size])}
      >
        <div className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button ref={closeRef} type="button" className={styles.close} aria-label={closeLabel ?? t('dialog.close')} onClick={onClose}>
            <svg className={styles.closeIcon} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
              <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <div className={styles.body}>{children}</div>
        {footer != null && <div className={styles.footer}>{footer}</div>}
      </div>
    </div>
  );
}

/** Keeps Tab and Shift+Tab cycling through the dialog's own controls. */
function trapTab(event: KeyboardEvent, dialog: HTMLElement) {
  const items = tabbables(dialog);
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) {
    event.preventDefault();
    dialog.focus();
    return;
  }
  const active = document.activeElement;
  const outside = !dialog.contains(active) || active === dialog;
  if (event.shiftKey && (active === first || outside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || outside)) {
    event.preventDefault();
    first.focus();
  }
}
