// The part of the real-user reporting (issue 29) that runs from the start: it hears errors before the reporter
// (reporter.ts, loaded after the first page) is there, and hands each router to it. A few hundred bytes.
import type { RumErrorKind } from '@phonehaat/shared-api';

type Router = { subscribe(listener: (state: RouterStateLike) => void): () => void; state: RouterStateLike };
export interface RouterStateLike {
  navigation: { state: string };
  location: { pathname: string };
  matches: { route: { path?: string } }[];
}

const waiting: RumErrorKind[] = [];
let report: ((kind: RumErrorKind) => void) | undefined;
let router: Router | undefined;
let follow: ((router: Router) => void) | undefined;

/** An error the person's page met: uncaught, a rejected promise nobody handled, or a slot's error fallback shown. */
export function recordError(kind: RumErrorKind): void {
  if (report) report(kind);
  else if (waiting.length < 5) waiting.push(kind);
}

/** The router the app shows its pages with (a language switch makes a new one). */
export function routerForRum(next: Router): void {
  router = next;
  follow?.(next);
}

/** For the reporter: the errors heard so far, what to call with later ones, and the router now and to come. */
export function connectReporter(onError: (kind: RumErrorKind) => void, onRouter: (router: Router) => void): void {
  report = onError;
  follow = onRouter;
  if (router) onRouter(router); // the page view first: the errors heard so far belong to it
  waiting.splice(0).forEach(onError);
}

// In the browser only: the shell's server renders the same modules.
if (typeof window !== 'undefined') {
  window.addEventListener('error', () => recordError('uncaught'));
  window.addEventListener('unhandledrejection', () => recordError('rejection'));
}
