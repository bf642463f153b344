// What a person did on a composed page before the app's code had started (decision 019). React 19.3 hydrates form
// fields keeping what was typed, ticked or chosen, but does not tell the components (React's fix, #33129, is behind a
// flag in 19.3), so their own state would put the server's value back at their next render; and it never sees taps
// made before its root existed. Both are handed over here, to the same elements: hydration keeps the server's DOM.

declare global {
  interface Window {
    /** Buttons tapped on a composed page before the app started (index.html's first script), in order. */
    __phonehaatTaps?: HTMLElement[];
    /** Forms sent on a composed page before the app started (index.html's second script), in order. */
    __phonehaatSubmits?: EarlySubmit[];
  }
}

/** A form sent before the app ran, and the button that sent it (none for Enter in a field). */
export interface EarlySubmit {
  form: HTMLFormElement;
  submitter: HTMLElement | null;
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** A field the person changed, and to what, read just before hydrating. */
export interface EarlyInput {
  field: Field;
  value: string;
}

const isChoice = (field: Field): field is HTMLInputElement => field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');
const isFile = (field: Field): field is HTMLInputElement => field instanceof HTMLInputElement && field.type === 'file';

/** Whether the field differs from what the server rendered. */
function changed(field: Field): boolean {
  if (field instanceof HTMLSelectElement) return [...field.options].some((option) => option.selected !== option.defaultSelected);
  // Files can only have been chosen here: the server never renders any.
  if (isFile(field)) return Boolean(field.files?.length);
  if (isChoice(field)) return field.checked !== field.defaultChecked && (field.type === 'checkbox' || field.checked);
  return field.value !== field.defaultValue;
}

/** The fields the person has changed so far (before hydrateRoot: a render during hydration may put one back). */
export function readEarlyInput(root: Element): EarlyInput[] {
  return [...root.querySelectorAll<Field>('input, textarea, select')].filter(changed).map((field) => ({ field, value: field.value }));
}

const valueSetter = (field: HTMLInputElement | HTMLTextAreaElement) => Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;

/**
 * Tells React about each field, as the person's own input would (React compares a field with the value it last knew,
 * so that is first set back to the server's). What was typed since it was read wins over what was read.
 */
export function announceEarlyInput(inputs: EarlyInput[]): void {
  for (const { field, value } of inputs) {
    if (!field.isConnected) continue;
    if (field instanceof HTMLSelectElement || isFile(field)) {
      if (field instanceof HTMLSelectElement && !changed(field)) field.value = value; // put back by a render
      field.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (isChoice(field)) {
      if (field.checked === field.defaultChecked) field.checked = !field.defaultChecked; // put back by a render
      const ticked = field.checked;
      field.checked = !ticked;
      field.click(); // back to what the person chose, with the click React listens to
    } else {
      const typed = field.value !== field.defaultValue ? field.value : value;
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

/**
 * The forms sent before the app started (index.html kept them from the browser, which would have sent each as a plain
 * HTML form and reloaded the page). Taken in the same task as the page is marked started, after which the recorder
 * lets every submit through to React.
 */
export function takeEarlySubmits(): EarlySubmit[] {
  const submits = window.__phonehaatSubmits ?? [];
  window.__phonehaatSubmits = undefined;
  return submits;
}

/** Sends each form again, now that React handles it, as its button would (unless the form or the button has gone or been disabled). */
export function replaySubmits(submits: EarlySubmit[]): void {
  for (const { form, submitter } of submits) {
    if (!form.isConnected) continue;
    const button = submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement ? submitter : null;
    if (button && (button.disabled || !button.isConnected || button.form !== form)) continue;
    form.requestSubmit(button);
  }
}
