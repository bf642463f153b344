import { useEffectEvent, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { DialogFrame, type DialogFrameProps } from './dialog-frame';
import { closeModal, showModal } from './show';

export interface ModalProps extends DialogFrameProps {
  open: boolean;
  onClose(): void;
  /** The element to focus on open; by default the browser's choice: the first field, else the first button. */
  initialFocusRef?: RefObject<HTMLElement | null>;
}

/**
 * The one dialog, opened by the app: while `open`, a modal <dialog> (in a portal on <body>) that the browser keeps
 * focus in, with the page behind inert and still. Escape, the × and a press on the backdrop ask `onClose`; on closing,
 * focus goes back to what had it before.
 */
export function Modal({ open, ...props }: ModalProps) {
  return open ? createPortal(<OpenModal {...props} />, document.body) : null;
}

function OpenModal({ onClose, initialFocusRef, ...frame }: Omit<ModalProps, 'open'>) {
  const ref = useRef<HTMLDialogElement>(null);
  // Read during the first render, before anything inside the dialog (autoFocus included) can take focus.
  const [opener] = useState(() => document.activeElement);
  const focusInitial = useEffectEvent((dialog: HTMLDialogElement) => {
    const wanted = initialFocusRef?.current;
    if (wanted) wanted.focus();
    // A DOM without showModal (jsdom) focuses nothing by itself: the first control, as the browser would.
    else if (!dialog.contains(document.activeElement)) (dialog.querySelector<HTMLElement>('input, select, textarea, button, [href]') ?? dialog).focus();
  });

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    showModal(dialog);
    focusInitial(dialog);
    return () => {
      closeModal(dialog);
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, [opener]);

  return (
    <DialogFrame
      {...frame}
      ref={ref}
      closeButton={{ onClick: onClose }}
      onBackdrop={onClose}
      // Escape: the app decides (a dialog busy saving stays open).
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // Closed by the browser regardless (a second Escape without a click between): tell the app, and if it keeps
      // the dialog, show it again.
      onClose={() => {
        const dialog = ref.current;
        if (!dialog?.isConnected) return;
        onClose();
        requestAnimationFrame(() => {
          if (dialog.isConnected && !dialog.open) showModal(dialog);
        });
      }}
    />
  );
}
