// What a person did on a composed page before the app's code had started (decision 019). React 19.3 hydrates form
// fields keeping what was typed, ticked or chosen, but does not tell the components (React's fix, #33129, is behind a
// flag in 19.3), so their own state would put the server's value back at their next render; and it never sees taps
// made before its root existed. Both are handed over here, to the same elements: hydration keeps the server's DOM.

declare global {
  interface Window {
    /** Buttons tapped on a composed page before the app started (index.html's first script), in order. */
    __phonehaatTaps?: HTMLElement[];
    /** Forms sent on a composed page before React hydrated them (index.html's second script), in order. */
    __phonehaatSubmits?: EarlySubmit[];
    /** Set once the app runs: index.html's recorder calls it with each form it keeps from then on. */
    __phonehaatReplay?: () => void;
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
 * The forms sent before React handled them (index.html kept them from the browser, which would have sent each as a
 * plain HTML form and reloaded the page), taken from the recorder, which goes on keeping any form React has not yet
 * hydrated (a part whose code still loads) and hands it to `window.__phonehaatReplay` once the app has set it.
 */
export function takeEarlySubmits(): EarlySubmit[] {
  const submits = window.__phonehaatSubmits ?? [];
  window.__phonehaatSubmits = undefined;
  return submits;
}

/** Whether React has hydrated the form (its own properties on the element): its onSubmit then runs for a submit. */
const handledByReact = (form: HTMLFormElement) => Object.keys(form).some((key) => key.startsWith('__reactProps$'));

/**
 * Sends each form again, as its button would, once React handles it: a form React has not hydrated yet is asked to be
 * (`hydrate`, React's selective hydration) and tried again each frame, for up to ten seconds. A form or a button that
 * has gone or been disabled meanwhile is not sent.
 */
export function replaySubmits(submits: EarlySubmit[], hydrate: (target: Element) => void = () => undefined, until = Date.now() + 10_000): void {
  const waiting: EarlySubmit[] = [];
  for (const submit of submits) {
    const { form, submitter } = submit;
    if (!form.isConnected) continue;
    const button = submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement ? submitter : null;
    if (button && (button.disabled || !button.isConnected || button.form !== form)) continue;
    if (handledByReact(form)) {
      // What was typed reaches the form's own state first (announced at start, it went nowhere while the form was not
      // hydrated), then it is sent, once React has rendered with it.
      announceEarlyInput(readEarlyInput(form));
      requestAnimationFrame(() => form.isConnected && form.requestSubmit(button && !button.disabled && button.isConnected ? button : null));
    } else {
      hydrate(form);
      waiting.push(submit);
    }
  }
  if (waiting.length && Date.now() < until) requestAnimationFrame(() => replaySubmits(waiting, hydrate, until));
}
