// jsdom has <dialog> but not its modal behaviour. What a browser does on Escape is copied here, so that tests can press
// Escape as a person does: a cancelable `cancel` event at the top open dialog, which closes unless it is cancelled.
// (Tests that run in Node have no document.)
globalThis.document?.addEventListener('keydown', (event) => {
  if (event.key !== 'Escape' || event.defaultPrevented) return;
  const top = Array.from(document.querySelectorAll('dialog')).findLast((dialog) => dialog.open);
  if (!top) return;
  const cancel = new Event('cancel', { cancelable: true });
  top.dispatchEvent(cancel);
  if (cancel.defaultPrevented) return;
  top.removeAttribute('open');
  top.dispatchEvent(new Event('close'));
});
