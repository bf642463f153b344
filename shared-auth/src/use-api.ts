import { useCallback, useEffect, useRef, useState } from 'react';

export type ApiState<T> =
  | { status: 'loading'; data: undefined; error: undefined }
  | { status: 'error'; data: undefined; error: Error }
  | { status: 'success'; data: T; error: undefined };

/**
 * Loads data for a page and exposes its state (loading, error, success) and a reload.
 * A newer load wins over an older one that finishes late.
 */
export function useApi<T>(load: () => Promise<T>, deps: readonly unknown[]): ApiState<T> & { reload(): void; setData(update: (current: T) => T): void } {
  const [state, setState] = useState<ApiState<T>>({ status: 'loading', data: undefined, error: undefined });
  const generation = useRef(0);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const run = useCallback(load, deps);

  const reload = useCallback(() => {
    const mine = ++generation.current;
    setState({ status: 'loading', data: undefined, error: undefined });
    run().then(
      (data) => mine === generation.current && setState({ status: 'success', data, error: undefined }),
      (error: unknown) =>
        mine === generation.current && setState({ status: 'error', data: undefined, error: error instanceof Error ? error : new Error(String(error)) }),
    );
  }, [run]);

  // Leaving the page (or new deps) makes any load still in flight stale.
  const invalidate = useCallback(() => {
    generation.current++;
  }, []);
  useEffect(() => {
    reload();
    return invalidate;
  }, [reload, invalidate]);

  const setData = useCallback((update: (current: T) => T) => {
    setState((current) => (current.status === 'success' ? { ...current, data: update(current.data) } : current));
  }, []);

  return { ...state, reload, setData };
}
