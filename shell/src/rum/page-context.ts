// Which page view a measurement belongs to, with nothing that identifies the person: the remote that owns the page
// and its release (from the manifest the shell loaded), the route's pattern (never its address) and the language.
import type { RumPage } from '@phonehaat/shared-api';
import { remoteEntry } from '../federation/manifest';
import { pageForPath } from '../app/route-remotes';
import type { RouterStateLike } from './early';

/** The route table's pattern for the matched routes: "/products/:id", "/dashboard/myorders", "*". */
export function routePattern(matches: RouterStateLike['matches']): string {
  let pattern = '/';
  for (const { route } of matches) {
    if (!route.path) continue;
    if (route.path === '*') return '*';
    pattern = route.path.startsWith('/') ? route.path : `${pattern.replace(/\/$/, '')}/${route.path}`;
  }
  return pattern.toLowerCase();
}

/** A release id from a remote's entry URL (…/releases/storefront/<12 hex>/remoteEntry.js), or "local". */
export const releaseOf = (entry: string | undefined): string => /\/([0-9a-f]{12})\/remoteEntry\.js/.exec(entry ?? '')?.[1] ?? 'local';

export function pageContext(state: RouterStateLike, lang: string): RumPage {
  const page = pageForPath(state.location.pathname);
  return {
    remote: page?.remote ?? 'shell',
    release: page ? releaseOf(remoteEntry(page.remote)) : 'local',
    route: routePattern(state.matches),
    lang: lang === 'bn' ? 'bn' : 'en',
  };
}
