import { useEffect, useRef, type ReactNode } from 'react';

/**
 * Calls back once the app's first render is on the page and every component's own start-up effects have run (the
 * outermost component's effect runs last), so what is handed over then is not undone by them (the menu closing on
 * start, say).
 */
export function Started({ onStarted, children }: { onStarted: () => void; children: ReactNode }) {
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    onStarted();
  }, [onStarted]);
  return children;
}
