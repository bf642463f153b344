import { useCallback, useRef, useState } from 'react';
import type { OperationId } from '@phonehaat/shared-api/operations';
import { queryEngineIfLoaded } from './query/library';

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
 * in place of a hand-kept `busy` flag. When it succeeds, the cached reads of the operations it `invalidates` are asked
 * again (every screen showing them, in any slice, follows: the shell's badge after an admin's moderation). `busy` is
 * set in the same event as the tap, so a second tap on a button that is now disabled cannot send twice (TanStack's
 * useMutation reports its pending state a tick later: why this is not it).
 */
export function useAction<A extends unknown[], T>(send: (...args: A) => Promise<T>, { invalidates = [] }: { invalidates?: readonly OperationId[] } = {}): Action<A, T> {
  const changes = useRef(invalidates);
  changes.current = invalidates;
  const [pending, setPending] = useState<A>();
  const latest = useRef(send);
  latest.current = send;
  const inFlight = useRef(0);
  const run = useCallback(async (...args: A) => {
    const mine = ++inFlight.current;
    setPending(args);
    try {
      const answer = await latest.current(...args);
      // Not waited for: the change is done; what shows it is read again in the background.
      for (const id of changes.current) queryEngineIfLoaded()?.invalidateReads(id);
      return answer;
    } finally {
      // A newer send (a second row's toggle) keeps the state its own.
      if (mine === inFlight.current) setPending(undefined);
    }
  }, []);
  return { run, busy: pending !== undefined, pending };
}
