// The real-user reporter (issue 29), loaded after the first page is on screen (bootstrap.tsx): each page view, its
// first error and the Web Vitals of the page load (web-vitals), sent with navigator.sendBeacon to the API's /rum in a
// few batched beacons per view. Decision 025.
import type { PathOf } from '@phonehaat/shared-api/operations';
import { onCLS, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import type { RumEvent, RumPage } from '@phonehaat/shared-api';
import { MAX_RUM_EVENTS } from '@phonehaat/shared-api/limits';
import { connectReporter, type RouterStateLike } from './early';

/** A view sends at most this many beacons: the first soon after it starts, the rest when the page is hidden. */
const MAX_BEACONS_PER_VIEW = 4;
const BATCH_MS = 1000;

interface View {
  page: RumPage;
  events: RumEvent[];
  beacons: number;
  errored: boolean;
}

/** Where the beacons go: the API's reportPageView operation (decision 036; the type holds it to the contract, and no
 * byte of the contract's table comes to a visitor for it). */
const RUM_PATH: PathOf<'reportPageView'> = '/rum';
export const rumEndpoint = (apiBase: string) => `${apiBase}${RUM_PATH}`;

/**
 * `pageOf` says which page view a router state is (page-context.ts): given by the shell's start-up code, which has the
 * route table's remotes already (this chunk importing them would split them out of the early-start chunk).
 */
export function startReporting(
  endpoint: string,
  pageOf: (state: RouterStateLike, lang: string) => RumPage,
  send: (url: string, body: string) => boolean = (url, body) => navigator.sendBeacon(url, body),
): void {
  const views: View[] = [];
  let current: View | undefined;
  /** The page load's view: Web Vitals measure the load (and INP the whole stay), so they are counted on it. */
  let landing: View | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    for (const view of views.splice(0)) {
      while (view.events.length && view.beacons < MAX_BEACONS_PER_VIEW) {
        // A string goes as text/plain: a request with no CORS preflight, which the API reads as JSON.
        send(endpoint, JSON.stringify({ page: view.page, events: view.events.splice(0, MAX_RUM_EVENTS) }));
        view.beacons++;
      }
      view.events.length = 0;
    }
  };
  const add = (view: View | undefined, event: RumEvent) => {
    if (!view || view.beacons >= MAX_BEACONS_PER_VIEW) return;
    view.events.push(event);
    if (!views.includes(view)) views.push(view);
    timer ??= setTimeout(flush, BATCH_MS);
  };

  const startView = (state: RouterStateLike) => {
    const page = pageOf(state, document.documentElement.lang);
    current = { page, events: [], beacons: 0, errored: false };
    landing ??= current;
    add(current, { type: 'view' });
  };
  let lastPath: string | undefined;
  const follow = (router: { subscribe(listener: (state: RouterStateLike) => void): () => void; state: RouterStateLike }) => {
    const seen = (state: RouterStateLike) => {
      if (state.navigation.state !== 'idle' || state.location.pathname === lastPath) return;
      lastPath = state.location.pathname;
      startView(state);
    };
    seen(router.state);
    router.subscribe(seen);
  };
  connectReporter((kind) => {
    if (!current || current.errored) return; // a view counts once in the error rate
    current.errored = true;
    add(current, { type: 'error', kind });
  }, follow);

  const vital = ({ name, value }: Metric) => {
    if (name === 'LCP' || name === 'INP' || name === 'CLS' || name === 'TTFB') add(landing, { type: 'vital', name, value: Math.min(Math.max(value, 0), 600_000) });
  };
  onLCP(vital);
  onINP(vital);
  onCLS(vital);
  onTTFB(vital);
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flush());
  addEventListener('pagehide', flush);
}
