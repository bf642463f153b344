// Back and Forward show the page they go to at once (issue 24), as the browser's own back-forward cache does for whole
// documents: the loader data each history entry was shown with is kept, and a Back or Forward to that entry renders
// from it instead of waiting on the API with the page being left still on screen (a phone's similar phones were taken
// for the search results). A page the person has not seen in this tab loads as any navigation does.
import type { createBrowserRouter } from 'react-router-dom';
import { useSession } from '@phonehaat/shared-auth';
import { pathWithoutLanguage } from '@phonehaat/shared-ui';

/** How many entries, and for how long, as a browser keeps pages for Back. */
const KEEP_ENTRIES = 20;
const KEEP_MS = 10 * 60_000;

interface Kept {
  /** The address it was shown at (path and query). */
  path: string;
  at: number;
  loaderData: Record<string, unknown>;
}

const kept = new Map<string, Kept>();
/** The history entry a Back or Forward in progress goes to (React Router's location key). */
let popping: string | undefined;

// Registered as this module loads, before the router exists: listeners run in the order they were added, and React
// Router's own starts the navigation (whose loaders then ask keptData) as soon as it runs.
if (typeof window !== 'undefined') {
  window.addEventListener('popstate', (event) => {
    popping = (event.state as { key?: string } | null)?.key ?? 'default';
  });
}

/** The address within the app (the router's locations are relative to its basename: /bn for Bangla). */
const pathOf = (url: string | URL) => {
  const { pathname, search } = new URL(url, 'http://localhost');
  return `${pathWithoutLanguage(pathname)}${search}`;
};

/** The data this route was shown with at this address, when a Back or Forward returns to it; else undefined. */
export function keptData(routeId: string, request: Request): unknown {
  const entry = popping === undefined ? undefined : kept.get(popping);
  if (!entry || entry.path !== pathOf(request.url) || Date.now() - entry.at > KEEP_MS || !(routeId in entry.loaderData)) return undefined;
  return entry.loaderData[routeId];
}

type AppRouter = Pick<ReturnType<typeof createBrowserRouter>, 'state' | 'subscribe'>;

/** Keeps each entry's data as the router shows it; called once with the browser's router, before it navigates. */
export function keepEntries(router: AppRouter): void {
  const keep = (state: AppRouter['state']) => {
    if (state.navigation.state !== 'idle' || !state.initialized) return;
    popping = undefined;
    if (state.errors) return;
    kept.delete(state.location.key);
    kept.set(state.location.key, { path: `${state.location.pathname}${state.location.search}`, at: Date.now(), loaderData: state.loaderData });
    for (const key of kept.keys()) if (kept.size > KEEP_ENTRIES) kept.delete(key);
  };
  keep(router.state);
  router.subscribe(keep);
}

// What one user saw is never shown to another, nor after signing out.
if (typeof window !== 'undefined') {
  useSession.subscribe((now, before) => {
    if (now.user?.email !== before.user?.email) kept.clear();
  });
}
