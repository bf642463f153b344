import { isValidElement, type ReactNode } from 'react';
import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { RemoteSlot } from '../federation/remote-slot';
import { remoteForPath } from './route-remotes';
import { routes } from './router';

/** The remote whose page a route element shows, looking through guards and wrappers. */
function remoteIn(node: ReactNode): string | undefined {
  if (!isValidElement(node)) return undefined;
  const props = node.props as { remote?: string; children?: ReactNode };
  if (node.type === RemoteSlot) return props.remote;
  return [props.children].flat().map(remoteIn).find(Boolean);
}

describe('remoteForPath', () => {
  it.each(['/', '/blog', '/products/abc', '/search', '/product/abc', '/dashboard/myorders', '/dashboard/payment/abc', '/dashboard/addproduct', '/dashboard/myproduct', '/dashboard/allsellers', '/dashboard/allbuyers', '/login', '/dashboard', '/nowhere'])(
    'agrees with the route table for %s',
    (path) => {
      const matches = matchRoutes(routes, path) ?? [];
      const deepest = matches[matches.length - 1]?.route;
      expect(remoteForPath(path)).toBe(remoteIn(deepest?.element));
    },
  );
});
