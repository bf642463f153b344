import type { Permission } from '@phonehaat/shared-api/permissions';
import type { RemoteName } from '../federation/manifest';

export interface RemotePage {
  remote: RemoteName;
  /** The exposed module, as the route table loads it ("home-page"). */
  module: string;
  /** The route's path with its parameters, where it has some ("/products/:id"). */
  pattern?: string;
  /** What a user needs to see it (as the route table checks it); none: visitors too. The shell's server composes a
   * page only for whom the route would show it. */
  permission?: Permission;
}

const exact: Record<string, RemotePage> = {
  '/': { remote: 'storefront', module: 'home-page' },
  '/blog': { remote: 'storefront', module: 'blog-page' },
  '/search': { remote: 'storefront', module: 'search-page', permission: 'browse:products' },
  '/dashboard/myorders': { remote: 'buyer', module: 'my-orders-page', permission: 'read:booking:own' },
  '/dashboard/addproduct': { remote: 'seller', module: 'add-product-page', permission: 'create:product' },
  '/dashboard/myproduct': { remote: 'seller', module: 'my-products-page', permission: 'read:product:own' },
  '/dashboard/earnings': { remote: 'seller', module: 'earnings-page', permission: 'read:earnings:own' },
  '/dashboard/allsellers': { remote: 'admin', module: 'all-sellers-page', permission: 'read:user:any' },
  '/dashboard/allbuyers': { remote: 'admin', module: 'all-buyers-page', permission: 'read:user:any' },
  '/dashboard/reports': { remote: 'admin', module: 'reports-page', permission: 'moderate:listing:any' },
  '/dashboard/disputes': { remote: 'admin', module: 'disputes-page', permission: 'decide:dispute:any' },
  '/dashboard/money': { remote: 'admin', module: 'money-page', permission: 'read:money:any' },
  '/dashboard/activity': { remote: 'admin', module: 'activity-page', permission: 'read:audit:any' },
  '/dashboard/blocked-phones': { remote: 'admin', module: 'blocked-phones-page', permission: 'manage:imei-blocklist:any' },
  '/dashboard/releases': { remote: 'admin', module: 'releases-page', permission: 'read:rum:any' },
  '/inbox': { remote: 'inbox', module: 'inbox-page', pattern: '/inbox/:id?', permission: 'read:thread:own' },
  '/notifications': { remote: 'inbox', module: 'notifications-page', pattern: '/notifications/:section?', permission: 'read:notification:own' },
  '/unsubscribe': { remote: 'inbox', module: 'unsubscribe-page' },
};
const prefixes: [string, RemotePage][] = [
  ['/products/', { remote: 'storefront', module: 'category-page', pattern: '/products/:id', permission: 'browse:products' }],
  ['/product/', { remote: 'storefront', module: 'product-page', pattern: '/product/:id', permission: 'browse:products' }],
  ['/sellers/', { remote: 'storefront', module: 'seller-page', pattern: '/sellers/:id' }],
  ['/dashboard/payment/', { remote: 'buyer', module: 'payment-page', pattern: '/dashboard/payment/:id', permission: 'pay:booking:own' }],
  ['/inbox/', { remote: 'inbox', module: 'inbox-page', pattern: '/inbox/:id?', permission: 'read:thread:own' }],
  ['/notifications/', { remote: 'inbox', module: 'notifications-page', pattern: '/notifications/:section?', permission: 'read:notification:own' }],
];

/**
 * Which remote page shows a path, for preloading it before the router starts. Kept tiny (the router itself
 * is not loaded yet); route-remotes.test.tsx checks it against the route table.
 */
export function pageForPath(path: string): RemotePage | undefined {
  return exact[path] ?? prefixes.find(([prefix]) => path.startsWith(prefix))?.[1];
}

/** For each remote, the modules the route table loads from it (the shell's federation.json, issue 16). */
export function modulesLoaded(): Record<string, string[]> {
  const loads: Record<string, string[]> = {};
  for (const { remote, module } of [...Object.values(exact), ...prefixes.map(([, page]) => page)]) {
    if (!loads[remote]?.includes(module)) (loads[remote] ??= []).push(module);
  }
  return loads;
}

export const remoteForPath = (path: string): RemoteName | undefined => pageForPath(path)?.remote;
