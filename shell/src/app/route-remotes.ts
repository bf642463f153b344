import pagePaths from 'virtual:phonehaat/page-paths';
import type { Permission } from '@phonehaat/shared-api/permissions';
import type { RemoteName } from '../federation/manifest';

export interface RemotePage {
  remote: RemoteName;
  /** The exposed module, as the route table loads it ("home-page"). */
  module: string;
  /** The route's path as the remote declared it, with its parameters ("/products/:id", "/inbox/:id?"). */
  path: string;
  /** What a user needs to see it (as the route table checks it); null: visitors too. The shell's server composes a
   * page only for whom the route would show it. */
  permission: Permission | null;
}

/** Whether a route path ("/inbox/:id?") matches an address's path, as the router would (one segment per parameter). */
function matches(pattern: string, path: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const got = path.split('/').filter(Boolean);
  if (got.length > want.length) return false;
  return want.every((segment, index) =>
    segment.startsWith(':') ? got[index] !== undefined || segment.endsWith('?') : got[index] === segment,
  );
}

/**
 * Which remote page shows a path, for preloading it before the router starts: from the remotes' own declarations
 * (their src/routes.ts, derived at build time). Kept tiny (the router itself is not loaded yet); route-remotes.test.tsx
 * checks it against the route table.
 */
export function pageForPath(path: string): RemotePage | undefined {
  return (pagePaths as readonly RemotePage[]).find((page) => matches(page.path, path));
}

