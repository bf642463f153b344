import type { RemoteName } from '../federation/manifest';

/**
 * Which remote shows a path, for preloading it before the router starts. Kept tiny (the router itself
 * is not loaded yet); route-remotes.test.ts checks it against the route table.
 */
export function remoteForPath(path: string): RemoteName | undefined {
  if (path === '/' || path === '/blog' || path === '/search' || path.startsWith('/products/') || path.startsWith('/product/')) return 'storefront';
  if (path === '/dashboard/myorders' || path.startsWith('/dashboard/payment/')) return 'buyer';
  if (path === '/dashboard/addproduct' || path === '/dashboard/myproduct') return 'seller';
  if (['/dashboard/allsellers', '/dashboard/allbuyers', '/dashboard/reports', '/dashboard/activity'].includes(path)) return 'admin';
  return undefined;
}
