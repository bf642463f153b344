import { useCallback, useEffect, useRef, useState } from 'react';

export type ApiState<T> =
  | { status: 'loading'; data: undefined; error: undefined }
  | { status: 'error'; data: undefined; error: Error }
  | { status: 'success'; data: T; error: undefined };

/** A load's outcome as a state, never a rejection: what a route loader hands its page for one section of it. */
export const settle = <T,>(load: Promise<T>): Promise<ApiState<T>> =>
  load.then(
    (data): ApiState<T> => ({ status: 'success', data, error: undefined }),
    (error: unknown): ApiState<T> => ({ status: 'error', data: undefined, error: error instanceof Error ? error : new Error(String(error)) }),
  );

/**
 * Loads data for a page and exposes its state (loading, error, success) and a reload.
 * A newer load wins over an older one that finishes late. With `settled` (what a route loader already
 * fetched, see `settle`), the first render shows it and nothing loads until a reload or new deps.
 * A change made with `setData` while a load is in flight is made to that load's answer too when it lands: the answer
 * was read before the change (a seller verified while a search was on its way stays verified).
 */
export function useApi<T>(
  load: () => Promise<T>,
  deps: readonly unknown[],
  settled?: ApiState<T>,
): ApiState<T> & { reload(): void; setData(update: (current: T) => T): void } {
  const [state, setState] = useState<ApiState<T>>(settled ?? { status: 'loading', data: undefined, error: undefined });
  const generation = useRef(0);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const run = useCallback(load, deps);
  // The loader's answer stands for these deps (StrictMode's second mount included); new deps load afresh.
  const settledFor = useRef<typeof run | undefined>(settled ? run : undefined);
  // Each change with the generation of the loads it came after: a load started at or before it missed it.
  const changes = useRef<{ generation: number; update: (current: T) => T }[]>([]);

  const reload = useCallback(() => {
    const mine = ++generation.current;
    setState({ status: 'loading', data: undefined, error: undefined });
    run().then(
      (data) => {
        if (mine !== generation.current) return;
        const missed = changes.current.filter((change) => change.generation >= mine);
        changes.current = [];
        setState({ status: 'success', data: missed.reduce((current, change) => change.update(current), data), error: undefined });
      },
      (error: unknown) =>
        mine === generation.current && setState({ status: 'error', data: undefined, error: error instanceof Error ? error : new Error(String(error)) }),
    );
  }, [run]);

  // Leaving the page (or new deps) makes any load still in flight stale.
  const invalidate = useCallback(() => {
    generation.current++;
  }, []);
  useEffect(() => {
    if (settledFor.current !== run) reload();
    return invalidate;
  }, [run, reload, invalidate]);

  const setData = useCallback((update: (current: T) => T) => {
    changes.current.push({ generation: generation.current, update });
    setState((current) => (current.status === 'success' ? { ...current, data: update(current.data) } : current));
  }, []);

  return { ...state, reload, setData };
}
