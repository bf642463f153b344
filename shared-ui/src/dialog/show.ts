import { dialogClosing, dialogOpened } from './top-layer';

type DialogElement = HTMLDialogElement & Partial<Pick<HTMLDialogElement, 'showModal' | 'close'>>;

/** Opens it as a modal (or, where a DOM lacks `showModal`, as jsdom does, as a plain open dialog). */
export function showModal(dialog: DialogElement): void {
  if (dialog.open) return;
  if (dialog.showModal) dialog.showModal();
  else dialog.setAttribute('open', '');
  dialogOpened(dialog);
}

/** Closes it, firing its close event as the browser does. */
export function closeModal(dialog: DialogElement): void {
  if (!dialog.open) return;
  dialogClosing(dialog);
  if (dialog.close) {
    dialog.close();
  } else {
    dialog.removeAttribute('open');
    dialog.dispatchEvent(new Event('close'));
  }
}
