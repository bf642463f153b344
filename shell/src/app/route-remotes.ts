import type { RemoteName } from '../federation/manifest';

export interface RemotePage {
  remote: RemoteName;
  /** The exposed module, as the route table loads it ("home-page"). */
  module: string;
  /** The route's path with its parameters, where it has some ("/products/:id"). */
  pattern?: string;
  /** Shown to visitors too (the others need a signed-in user, so only a user's page is composed for them). */
  public?: true;
}

const exact: Record<string, RemotePage> = {
  '/': { remote: 'storefront', module: 'home-page', public: true },
  '/blog': { remote: 'storefront', module: 'blog-page', public: true },
  '/search': { remote: 'storefront', module: 'search-page' },
  '/dashboard/myorders': { remote: 'buyer', module: 'my-orders-page' },
  '/dashboard/addproduct': { remote: 'seller', module: 'add-product-page' },
  '/dashboard/myproduct': { remote: 'seller', module: 'my-products-page' },
  '/dashboard/allsellers': { remote: 'admin', module: 'all-sellers-page' },
  '/dashboard/allbuyers': { remote: 'admin', module: 'all-buyers-page' },
  '/dashboard/reports': { remote: 'admin', module: 'reports-page' },
  '/dashboard/activity': { remote: 'admin', module: 'activity-page' },
};
const prefixes: [string, RemotePage][] = [
  ['/products/', { remote: 'storefront', module: 'category-page', pattern: '/products/:id' }],
  ['/product/', { remote: 'storefront', module: 'product-page', pattern: '/product/:id' }],
  ['/dashboard/payment/', { remote: 'buyer', module: 'payment-page', pattern: '/dashboard/payment/:id' }],
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
