/**
 * What must stay usable above whichever modal dialog is open: the toasts. A modal <dialog> makes everything outside it
 * inert (not clickable, not read out), a popover raised over it included, so the toasts' own element is moved into the
 * top open dialog and back to <body> when the last one closes. It is moved, never re-rendered: React keeps its
 * content (a portal's events are heard on its own element), so no toast is lost across the move.
 */
const open: HTMLDialogElement[] = [];
const riders = new Set<HTMLElement>();
let listening = false;

const isModal = (dialog: HTMLDialogElement) => {
  try {
    return dialog.matches(':modal');
  } catch {
    return false; // a DOM without :modal (jsdom) has no modal dialogs either
  }
};

function place(): void {
  // One removed from the page while open (it fires no event) no longer counts.
  const gone = open.filter((dialog) => !dialog.isConnected || !dialog.open);
  for (const dialog of gone) open.splice(open.indexOf(dialog), 1);
  const host = open.at(-1) ?? document.body;
  for (const node of riders) if (node.parentNode !== host) host.append(node);
}

/** A modal dialog has opened (it goes on top). */
export function dialogOpened(dialog: HTMLDialogElement): void {
  if (!isModal(dialog)) return;
  const index = open.indexOf(dialog);
  if (index !== -1) open.splice(index, 1);
  open.push(dialog);
  place();
}

/** A dialog is about to close or leave the page: what rides on it moves down first, before it goes. */
export function dialogClosing(dialog: HTMLDialogElement): void {
  const index = open.indexOf(dialog);
  if (index === -1) return;
  open.splice(index, 1);
  place();
}

// Dialogs the browser opens and closes by itself (invoker commands, Escape) are heard here. `beforetoggle` fires
// before a dialog closes, while the toasts can still leave it; `toggle` after one has opened, when it is :modal.
function listen(): void {
  if (listening) return;
  listening = true;
  document.addEventListener(
    'toggle',
    (event) => {
      const { target, newState } = event as ToggleEvent;
      if (target instanceof HTMLDialogElement && newState === 'open') dialogOpened(target);
    },
    true,
  );
  document.addEventListener(
    'beforetoggle',
    (event) => {
      const { target, newState } = event as ToggleEvent;
      if (target instanceof HTMLDialogElement && newState === 'closed') dialogClosing(target);
    },
    true,
  );
  document.addEventListener('close', (event) => event.target instanceof HTMLDialogElement && dialogClosing(event.target), true);
}

/** Keeps `node` above the top modal dialog from now on; returns the release (which takes it off the page). */
export function rideTopLayer(node: HTMLElement): () => void {
  listen();
  riders.add(node);
  place();
  return () => {
    riders.delete(node);
    node.remove();
  };
}
