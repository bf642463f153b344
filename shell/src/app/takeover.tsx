// The browser taking over a page the shell's server composed (decision 015). Until then the page is HTML only:
// index.html's first script records taps on its buttons (the menu, say), and what was typed or ticked stays in its
// fields. When React has rendered the same page in its place, all of it carries over, so an early tap, word or ticked
// filter is not lost.
import { useEffect, type ReactNode } from 'react';

declare global {
  interface Window {
    /** Taps on the composed page's buttons before the app started, as child-index paths from #root (index.html). */
    __phonehaatEarlyTaps?: number[][];
  }
}

type Path = number[];

/**
 * An element's children that both renders share: React puts the `<link>`, `<meta>`, `<style>` and `<title>` a page
 * renders inline on the server but in the head in the browser, so those are not counted (index.html's recorder skips
 * the same tags).
 */
const placed = (parent: Element): Element[] => Array.from(parent.children).filter((child) => !/^(LINK|META|STYLE|TITLE|SCRIPT)$/.test(child.tagName));

const pathOf = (root: Element, node: Element): Path => {
  const path: Path = [];
  for (let at: Element = node; at !== root && at.parentElement; at = at.parentElement) path.unshift(placed(at.parentElement).indexOf(at));
  return path;
};

const find = (root: Element, path: Path): Element | undefined => {
  let at: Element | undefined = root;
  for (const index of path) at = at && placed(at)[index];
  return at;
};

interface Carried {
  values: [Path, string][];
  /** Checkboxes and radio buttons ticked or unticked, with their state. */
  checked: [Path, boolean][];
  focus: Path | undefined;
}

const isChoice = (field: Element): field is HTMLInputElement => field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

/** What the visitor typed or ticked on the composed page, and where the focus is: read just before React replaces it. */
export function carryFrom(root: Element): Carried {
  const fields = Array.from(root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea'));
  const typed = fields.filter((field) => !isChoice(field) && field.value !== field.defaultValue);
  const ticked = fields.filter(isChoice).filter((field) => field.checked !== field.defaultChecked);
  const active = document.activeElement;
  return {
    values: typed.map((field): [Path, string] => [pathOf(root, field), field.value]),
    checked: ticked.map((field): [Path, boolean] => [pathOf(root, field), field.checked]),
    focus: active && active !== root && root.contains(active) ? pathOf(root, active) : undefined,
  };
}

/** Puts it back into React's page (as typing and ticking would, so React's state follows), then replays the early taps. */
export function restoreInto(root: Element, carried: Carried): void {
  for (const [path, value] of carried.values) {
    const field = find(root, path);
    if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) || isChoice(field)) continue;
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
    setter?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
  for (const [path, checked] of carried.checked) {
    const field = find(root, path);
    // A click, as the visitor's was: React's onChange runs (a filter ticked on a composed search page is applied).
    if (field && isChoice(field) && field.checked !== checked) field.click();
  }
  const focused = carried.focus && find(root, carried.focus);
  if (focused instanceof HTMLElement) focused.focus({ preventScroll: true });
  for (const path of window.__phonehaatEarlyTaps?.splice(0) ?? []) {
    const button = find(root, path);
    if (button instanceof HTMLButtonElement) button.click();
  }
}

/**
 * Calls back once React's first render is on the page and every component's own start-up effects have run (the
 * outermost component's effect runs last), so a replayed tap is not undone by them (the menu closing on start).
 */
export function AfterFirstRender({ onRendered, children }: { onRendered: () => void; children: ReactNode }) {
  // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the first render
  useEffect(onRendered, []);
  return children;
}
