import { isValidElement, type ReactNode } from 'react';
import { matchPath, matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { RequirePermission } from '@phonehaat/shared-auth';
import { RemoteSlot } from '../federation/remote-slot';
import { pageForPath } from './route-remotes';
import { declaredPages } from '../test/declared-pages';
import { routesFor } from './router';

const routes = routesFor(declaredPages);

/** The remote page a route element shows, looking through guards and wrappers. */
function pageIn(node: ReactNode): { remote: string; module: string } | undefined {
  if (!isValidElement(node)) return undefined;
  const props = node.props as { remote?: string; module?: string; children?: ReactNode };
  if (node.type === RemoteSlot) return { remote: props.remote!, module: props.module! };
  return [props.children].flat().map(pageIn).find(Boolean);
}

/** The permission a route element asks of its user, if it guards its page. */
function permissionIn(node: ReactNode): string | undefined {
  if (!isValidElement(node)) return undefined;
  const props = node.props as { permission?: string; children?: ReactNode };
  if (node.type === RequirePermission) return props.permission;
  return [props.children].flat().map(permissionIn).find(Boolean);
}

describe('pageForPath', () => {
  it.each(['/', '/blog', '/products/abc', '/search', '/product/abc', '/sellers/abc', '/dashboard/myorders', '/dashboard/payment/abc', '/dashboard/addproduct', '/dashboard/myproduct', '/dashboard/allsellers', '/dashboard/allbuyers', '/dashboard/reports', '/dashboard/activity', '/dashboard/blocked-phones', '/inbox', '/inbox/abc', '/notifications', '/notifications/settings', '/unsubscribe', '/dashboard/earnings', '/dashboard/disputes', '/dashboard/money', '/dashboard/releases', '/products/a/b', '/login', '/dashboard', '/nowhere'])(
    'agrees with the route table for %s',
    (path) => {
      const matches = matchRoutes(routes, path) ?? [];
      const deepest = matches[matches.length - 1]?.route;
      const page = pageForPath(path);
      expect(page && { remote: page.remote, module: page.module }).toEqual(pageIn(deepest?.element));
      // A route with parameters names them as the route table does, so a server render's loader gets them.
      const params = Object.keys(matches[matches.length - 1]?.params ?? {}).filter((name) => name !== '*');
      // The permission the route asks (the shell's server composes a page only for a user who has it).
      if (page) expect(page.permission ?? undefined).toBe(matches.map((match) => permissionIn(match.route.element)).find(Boolean));
      if (params.length) expect(matchPath(page?.path ?? '', path)?.params).toEqual(matches[matches.length - 1]?.params);
    },
  );
});
