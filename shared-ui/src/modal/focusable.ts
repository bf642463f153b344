const selector = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'audio[controls]',
  'video[controls]',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]',
].join(',');

// Browsers skip elements under display:none in the tab order, so the trap must too. Where checkVisibility is missing
// (older browsers, jsdom) every element counts as visible.
const isVisible = (el: HTMLElement) =>
  typeof el.checkVisibility !== 'function' || el.checkVisibility({ visibilityProperty: true });

/** The elements inside `root` that Tab can reach, in document order. */
export function tabbables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(selector)).filter(
    (el) => el.tabIndex >= 0 && !el.closest('[hidden], [inert]') && isVisible(el),
  );
}
