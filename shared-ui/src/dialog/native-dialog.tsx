import { useEffect, useRef, type Ref } from 'react';
import { DialogFrame, type DialogFrameProps } from './dialog-frame';
import { closeModal, showModal } from './show';

/**
 * The one dialog, opened by the browser: rendered closed with the page (on the server too) and opened from a button
 * with `dialogCommand` (invoker commands), so that a tap opens it in the next frame, before the app's code has even
 * started (issue 24). Everything else is Modal's: the browser keeps focus inside, closes it on Escape, makes the page
 * behind inert and gives focus back to the button that opened it; a press on the backdrop closes it too.
 */
export interface NativeDialogProps extends Omit<DialogFrameProps, 'footer' | 'size'> {
  /** The id its buttons name (dialogCommand). */
  id: string;
  /** When it closes, whatever closed it (Escape, the × button, the backdrop, closeDialog). */
  onClose?(): void;
  size?: 'sm' | 'md';
  ref?: Ref<HTMLDialogElement>;
}

export function NativeDialog({ id, onClose, ref, ...frame }: NativeDialogProps) {
  const own = useRef<HTMLDialogElement | null>(null);
  // Leaving the page while it is open (a link inside it): closed first, so nothing stays above the next page.
  useEffect(() => {
    const dialog = own.current;
    return () => {
      if (dialog) closeModal(dialog);
    };
  }, []);
  return (
    <DialogFrame
      {...frame}
      id={id}
      ref={(node) => {
        own.current = node;
        if (typeof ref === 'function') ref(node);
        else if (ref) ref.current = node;
      }}
      closeButton={dialogCommand(id, 'close')}
      onBackdrop={() => closeDialog(id)}
      onClose={onClose}
    />
  );
}

const byId = (id: string) => document.getElementById(id) as HTMLDialogElement | null;

/** Whether this browser opens and closes dialogs from buttons itself (invoker commands). */
const browserCommands = () => typeof HTMLButtonElement !== 'undefined' && 'commandForElement' in HTMLButtonElement.prototype;

/** Opens the dialog as a modal. */
export function openDialog(id: string): void {
  const dialog = byId(id);
  if (dialog) showModal(dialog);
}

/** Closes it, as its × button does. */
export function closeDialog(id: string): void {
  const dialog = byId(id);
  if (dialog) closeModal(dialog);
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
