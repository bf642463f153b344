// What a person did on a composed page before the app's code had started (decision 019). React 19.3 hydrates form
// fields keeping what was typed, ticked or chosen, but does not tell the components, whose own state would put the
// server's value back at their next render; and it never sees taps made before its root existed. Both are handed over
// here, to the same elements: hydration keeps the server's DOM, so nothing needs to be found again.

declare global {
  interface Window {
    /** Buttons tapped on a composed page before the app started (index.html's first script), in order. */
    __phonehaatTaps?: HTMLElement[];
  }
}

const valueSetter = (field: HTMLInputElement | HTMLTextAreaElement) => Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;

/**
 * Tells React about each field whose state differs from what the server rendered, as the person's own input would:
 * React compares a field with the value it last knew, so that value is first set back to the server's.
 */
export function announceEarlyInput(root: Element): void {
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>('input, textarea, select')) {
    if (field instanceof HTMLSelectElement) {
      if ([...field.options].some((option) => option.selected !== option.defaultSelected)) field.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (field instanceof HTMLInputElement && field.type === 'file') {
      // Files can only have been chosen here: the server never renders any.
      if (field.files?.length) field.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      if (field.checked === field.defaultChecked || (field.type === 'radio' && !field.checked)) continue;
      const ticked = field.checked;
      field.checked = !ticked;
      field.click(); // back to what the person chose, with the click React listens to
    } else if (field.value !== field.defaultValue) {
      const typed = field.value;
      field.value = field.defaultValue;
      valueSetter(field)?.call(field, typed);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }
}

/** Stops index.html's recorder (React sees every tap from now on) and returns the taps it kept. */
export function takeEarlyTaps(): HTMLElement[] {
  const taps = window.__phonehaatTaps ?? [];
  window.__phonehaatTaps = undefined;
  document.documentElement.dataset.hydrating = '';
  return taps;
}

/** Taps each button again, now that React handles it, unless it has gone or been disabled meanwhile. */
export function replayTaps(taps: HTMLElement[]): void {
  for (const button of taps) if (button.isConnected && !(button as HTMLButtonElement).disabled) button.click();
}
