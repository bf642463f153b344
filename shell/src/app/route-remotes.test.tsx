import { isValidElement, type ReactNode } from 'react';
import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { RemoteSlot } from '../federation/remote-slot';
import { pageForPath } from './route-remotes';
import { routes } from './router';

/** The remote page a route element shows, looking through guards and wrappers. */
function pageIn(node: ReactNode): { remote: string; module: string } | undefined {
  if (!isValidElement(node)) return undefined;
  const props = node.props as { remote?: string; module?: string; children?: ReactNode };
  if (node.type === RemoteSlot) return { remote: props.remote!, module: props.module! };
  return [props.children].flat().map(pageIn).find(Boolean);
}

describe('pageForPath', () => {
  it.each(['/', '/blog', '/products/abc', '/search', '/product/abc', '/dashboard/myorders', '/dashboard/payment/abc', '/dashboard/addproduct', '/dashboard/myproduct', '/dashboard/allsellers', '/dashboard/allbuyers', '/dashboard/reports', '/dashboard/activity', '/login', '/dashboard', '/nowhere'])(
    'agrees with the route table for %s',
    (path) => {
      const matches = matchRoutes(routes, path) ?? [];
      const deepest = matches[matches.length - 1]?.route;
      expect(pageForPath(path)).toEqual(pageIn(deepest?.element));
    },
  );
});
