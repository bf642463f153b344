import { useEffect, useRef, type ReactNode } from 'react';

export interface OutcomeProps {
  children: ReactNode;
  className?: string;
  /**
   * It appeared because of what the person just did (a form sent, collapsing on success): brought to where they are
   * looking. False for an outcome a page shows as it loads (a page must not jump on arrival).
   */
  reveal?: boolean;
  /** `alert` for a refusal; a polite `status` otherwise. */
  role?: 'status' | 'alert';
  id?: string;
  'data-testid'?: string;
}

/** Whether the element is wholly within the window (nothing above the screen, nothing below it). */
const inView = (element: HTMLElement) => {
  const box = element.getBoundingClientRect();
  return box.top >= 0 && box.bottom <= (window.innerHeight || document.documentElement.clientHeight);
};

/** Scrolls `element` to the middle of the screen unless it is wholly on it already (smoothly, unless motion is reduced). */
export function revealElement(element: HTMLElement | null) {
  if (!element || inView(element)) return;
  const reduced = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  element.scrollIntoView?.({ block: 'center', behavior: reduced ? 'auto' : 'smooth' });
}

/**
 * What just happened, said where the person is looking (issue 65): a form that collapses on success, or a refusal
 * that replaces it, leaves its words where the form was — often above the screen on a phone (an offer's confirmation
 * was 116 px above it). Shown, it is scrolled into view, once, and read out as a status.
 */
export function Outcome({ children, className, reveal = true, role = 'status', id, 'data-testid': testId }: OutcomeProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (reveal) revealElement(ref.current);
  }, [reveal]);
  return (
    <div ref={ref} className={className} role={role} id={id} data-testid={testId}>
      {children}
    </div>
  );
}
