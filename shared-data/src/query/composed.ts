// A visitor's composed page carries the server's answers (dehydrated, decision 047). They are read as they came,
// before the cache's code has loaded: nothing a visitor does changes what their page shows (they sign in first, which
// forgets every answer), so a visitor's first page need not download the cache to show what the server composed
// (bench:web's budget). The cache takes them in when it loads.
import type { DehydratedState } from '@tanstack/react-query';
import { onPersonChange } from '../credentials';

const answers = new Map<string, unknown>();
let waiting: DehydratedState | undefined;
/** Whose composed page this browser hydrates: a visitor's (its parts composed as ones that may wait for the cache), a person's. */
let composedFor: 'visitor' | 'person' | undefined;
export const hydrating = (visitor: boolean) => {
  composedFor = visitor ? 'visitor' : 'person';
};
/** A page rendered in the browser (none composed) hydrates nothing: as a visitor's, its parts may wait. */
export const hydratedForAVisitor = () => composedFor !== 'person';

/** A query key as TanStack hashes it (its hashKey: JSON, each plain object's keys sorted), so the two agree. */
export const hashOf = (key: readonly unknown[]): string =>
  JSON.stringify(key, (_, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype
      ? Object.fromEntries(Object.keys(value).sort().map((name) => [name, (value as Record<string, unknown>)[name]]))
      : value,
  );

/** Keeps a composed page's answers, to be read before the cache loads, and handed to it once it has. */
export function keepComposedAnswers(state: DehydratedState): void {
  waiting = datedAnswers(state, Date.now());
  for (const query of state.queries) if (query.state.status === 'success') answers.set(hashOf(query.queryKey), query.state.data);
}

/**
 * A composed page's answers carry no times (the same answers, the same page: its validator, cache.ts): dated when the
 * browser took the page in, as it is current then. Answers dated already keep theirs.
 */
export const datedAnswers = (state: DehydratedState, now: number): DehydratedState => ({
  ...state,
  queries: state.queries.map((query) => ({ ...query, dehydratedAt: query.dehydratedAt || now, state: { ...query.state, dataUpdatedAt: query.state.dataUpdatedAt || now } })),
});

/** The composed page's answer to this question, if it brought one. */
export const composedAnswer = (key: readonly unknown[]): unknown => answers.get(hashOf(key));

/** What is still to go into the cache as it loads (once). */
export function takeComposedAnswers(): DehydratedState | undefined {
  const state = waiting;
  waiting = undefined;
  return state;
}

// Someone signed in: what was composed for a visitor is not theirs to be shown (a phone's page says what is kept for them).
onPersonChange((now) => {
  if (now !== null) answers.clear();
});
