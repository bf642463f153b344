import { useCallback, useRef, useState } from 'react';

export interface Action<A extends unknown[], T> {
  /** Sends it: resolves with the API's answer or rejects with its ApiRequestError; `busy` follows either way. */
  run(...args: A): Promise<T>;
  /** Whether a send is on its way. */
  busy: boolean;
  /** The arguments of the send on its way (which of a list's rows is saving), or undefined. */
  pending: A | undefined;
}

/**
 * A change sent to the API (a mutation), with its pending state: what a form's button shows while it is on its way,
 * in place of a hand-kept `busy` flag. Reads are `useApi` (and the route loaders); after a change, the caller refreshes
 * what it changed (its `reload`, its `setData`, or the answer itself) with what `run` resolves.
 */
export function useAction<A extends unknown[], T>(send: (...args: A) => Promise<T>): Action<A, T> {
  const [pending, setPending] = useState<A>();
  const latest = useRef(send);
  latest.current = send;
  const inFlight = useRef(0);
  const run = useCallback(async (...args: A) => {
    const mine = ++inFlight.current;
    setPending(args);
    try {
      return await latest.current(...args);
    } finally {
      // A newer send (a second row's toggle) keeps the state its own.
      if (mine === inFlight.current) setPending(undefined);
    }
  }, []);
  return { run, busy: pending !== undefined, pending };
}
