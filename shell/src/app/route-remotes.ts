import type { RemotePage as DeclaredRemotePage } from '@phonehaat/shared-api/pages';
import type { RemoteName } from '../federation/manifest';

/** A remote's page as its release publishes it (path, module, permission, words), and the remote it is in. */
export type RemotePage = DeclaredRemotePage<RemoteName>;

/** Whether a route path ("/inbox/:id?") matches an address's path, as the router would (one segment per parameter). */
function matches(pattern: string, path: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const got = path.split('/').filter(Boolean);
  if (got.length > want.length) return false;
  return want.every((segment, index) =>
    segment.startsWith(':') ? got[index] !== undefined || segment.endsWith('?') : got[index] === segment,
  );
}

let current: readonly RemotePage[] = [];

/** The pages the live releases publish (issue 67), once read: what this page's app routes to. */
export const setRemotePages = (pages: readonly RemotePage[]): void => {
  current = pages;
};
export const remotePages = (): readonly RemotePage[] => current;

/**
 * Which remote page shows a path, for preloading it before the router starts and for the server's composition: from
 * the pages the releases publish (the given list, or the one this page's app was started with). Kept tiny (the router
 * itself is not loaded yet); route-remotes.test.tsx checks it against the route table.
 */
export function pageForPath(path: string, pages: readonly RemotePage[] = current): RemotePage | undefined {
  return pages.find((page) => matches(page.path, path));
}

