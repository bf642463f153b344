import { createBrowserRouter, redirect, type HydrationState, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { hasPermission, type Permission } from '@phonehaat/shared-api/permissions';
import { currentRole, currentUser, paths, patterns, RequirePermission, RequireSignedIn, sessionReady } from '@phonehaat/shared-auth';
import { languageOfPath, loadCatalogs, PageSpinner, pathWithoutLanguage } from '@phonehaat/shared-ui';
import { loadRemoteModule, preloadRemoteModule } from '../federation/load-remote-module';
import type { RemoteName } from '../federation/manifest';
import { RemoteSlot, SlotSpinner, type SlotLabel } from '../federation/remote-slot';
import { RootLayout } from '../layout/root-layout';
import { keptData } from './back-forward';
import { OfflinePage } from './routes/offline-page';

/**
 * The shell's own pages load when first visited (a visitor's home page does not download them), through
 * the router's `lazy`, so no Suspense fallback stands in front of them.
 */
const shellPage = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) => ({
  lazy: async () => ({ Component: (await load())[name] }),
  hydrateFallbackElement: <PageSpinner />,
});

/** The language a loader's request is in (its address: /bn… is Bangla). */
const languageOfRequest = (request: Request) => languageOfPath(new URL(request.url).pathname);

/** Where a signed-out visitor or a user without the right goes: /login, carrying where they were going. */
function toLogin(request: Request): never {
  const url = new URL(request.url);
  // Within the app's addresses: a Bangla page's /bn is the router's basename, added back by the navigation.
  throw redirect(`${paths.login}?from=${encodeURIComponent(pathWithoutLanguage(url.pathname) + url.search)}`);
}

/**
 * Lets the route render only once the session is known, and only for a signed-in user (on the shell's server, the
 * user the page is composed for).
 */
async function requireSignedIn({ request }: LoaderFunctionArgs): Promise<null> {
  await sessionReady();
  if (!currentUser()) toLogin(request);
  return null;
}

/** Lets the route render only for a signed-in user whose role grants the permission. */
async function requirePermission(args: LoaderFunctionArgs, permission: Permission): Promise<void> {
  await requireSignedIn(args);
  if (!hasPermission(await currentRole(), permission)) toLogin(args.request);
}

/**
 * A remote's page, loaded before its route renders: the slot then shows it at once, with no spinner in
 * between (React holds back a suspended page for 300 ms after its fallback shows). A failure to load is
 * left to the slot, which shows it with a Retry. With a permission, only users who have it get that far.
 */
const remotePage = (remote: RemoteName, module: string, label: SlotLabel, permission?: Permission) => ({
  loader: async (args: LoaderFunctionArgs) => {
    if (permission) await requirePermission(args, permission);
    await preloadRemoteModule(remote, module);
    await loadCatalogs(languageOfRequest(args.request));
    return null;
  },
  hydrateFallbackElement: <SlotSpinner label={label} />,
  // Only when the access check itself could not be made (the API is down): the page's own failures stay in its slot.
  errorElement: <OfflinePage retry />,
  element: permission ? (
    <RequirePermission permission={permission}>
      <RemoteSlot remote={remote} module={module} label={label} />
    </RequirePermission>
  ) : (
    <RemoteSlot remote={remote} module={module} label={label} />
  ),
});

/**
 * A remote page whose data loads before it shows: the remote exports `loader` beside its page, and
 * the shell runs it here, after checking the permission. Signed-out visitors and users without it go to
 * /login carrying where they were going (the search they typed, say). `null`: a public page (no check).
 * `loadsItself`: the page loads its data when no loader ran (public pages do), so a remote that cannot be loaded
 * shows its slot's fallback rather than the offline page. Its id (the remote's page) names its data in the composed
 * page's hydration and in what Back and Forward show at once (back-forward.ts).
 */
const remoteDataPage = (
  remote: RemoteName,
  module: string,
  label: SlotLabel,
  permission: Permission | null = 'browse:products',
  { loadsItself = permission === null } = {},
) => ({
  id: `${remote}/${module}`,
  loader: async (args: LoaderFunctionArgs) => {
    if (permission) await requirePermission(args, permission);
    const page = await loadRemoteModule<{ loader?: (args: LoaderFunctionArgs) => Promise<unknown> }>(remote, module).catch((error: unknown) => {
      // A page that can load its own data leaves the failure to its slot, with its Retry (the page then loads it).
      if (loadsItself) return undefined;
      throw error;
    });
    // Its words (a remote registers its catalogs as its code loads), in the request's language.
    await loadCatalogs(languageOfRequest(args.request));
    const kept = keptData(`${remote}/${module}`, args.request);
    if (kept !== undefined) return kept;
    return page?.loader ? page.loader(args) : null;
  },
  hydrateFallbackElement: <SlotSpinner label={label} />,
  errorElement: <OfflinePage retry />,
  element: permission ? (
    <RequirePermission permission={permission}>
      <RemoteSlot remote={remote} module={module} label={label} />
    </RequirePermission>
  ) : (
    <RemoteSlot remote={remote} module={module} label={label} />
  ),
});

export const routes: RouteObject[] = [
  {
    path: paths.home,
    element: <RootLayout />,
    errorElement: <OfflinePage />,
    children: [
      {
        errorElement: <OfflinePage />,
        children: [
          { index: true, ...remoteDataPage('storefront', 'home-page', 'page.home', null) },
          { path: paths.blog, ...remotePage('storefront', 'blog-page', 'page.blog') },
          { path: paths.login, ...shellPage(() => import('./routes/login-page'), 'LoginPage') },
          { path: paths.signup, ...shellPage(() => import('./routes/signup-page'), 'SignupPage') },
          { path: paths.forgotPassword, ...shellPage(() => import('./routes/forgot-password-page'), 'ForgotPasswordPage') },
          { path: paths.resetPassword, ...shellPage(() => import('./routes/reset-password-page'), 'ResetPasswordPage') },
          { path: patterns.products, ...remoteDataPage('storefront', 'category-page', 'page.brand') },
          { path: patterns.search, ...remoteDataPage('storefront', 'search-page', 'page.search') },
          { path: patterns.product, ...remoteDataPage('storefront', 'product-page', 'page.product') },
          // A seller's profile is public, like the home page (issue 28).
          { path: patterns.seller, ...remoteDataPage('storefront', 'seller-page', 'page.seller', null, { loadsItself: false }) },
          // The inbox slice (issue 26): every conversation address is its one page.
          { path: patterns.inbox, ...remoteDataPage('inbox', 'inbox-page', 'page.inbox', 'read:thread:own', { loadsItself: true }) },
          // Notifications and which e-mails to get (issue 27), in the inbox slice beside the conversations.
          { path: patterns.notifications, ...remoteDataPage('inbox', 'notifications-page', 'page.notifications', 'read:notification:own') },
          // One-click unsubscribe from an e-mail's link: no sign-in, a button that confirms it.
          { path: paths.unsubscribe, ...remoteDataPage('inbox', 'unsubscribe-page', 'page.unsubscribe', null) },
          {
            path: paths.dashboard,
            loader: requireSignedIn,
            hydrateFallbackElement: <SlotSpinner label="page.dashboard" />,
            lazy: async () => {
              const { DashboardLayout } = await import('./routes/dashboard-layout');
              return {
                element: (
                  <RequireSignedIn>
                    <DashboardLayout />
                  </RequireSignedIn>
                ),
              };
            },
            children: [
              { index: true, ...shellPage(() => import('./routes/dashboard-layout'), 'DashboardIndex') },
              { path: paths.myOrders, ...remoteDataPage('buyer', 'my-orders-page', 'page.myOrders', 'read:booking:own', { loadsItself: true }) },
              { path: patterns.payment, ...remoteDataPage('buyer', 'payment-page', 'page.payment', 'pay:booking:own') },
              { path: paths.addProduct, ...remoteDataPage('seller', 'add-product-page', 'page.addProduct', 'create:product', { loadsItself: true }) },
              { path: paths.myProducts, ...remotePage('seller', 'my-products-page', 'page.myProducts', 'read:product:own') },
              // A seller's money and payouts (issue 33).
              { path: paths.earnings, ...remoteDataPage('seller', 'earnings-page', 'page.earnings', 'read:earnings:own', { loadsItself: true }) },
              { path: paths.allSellers, ...remoteDataPage('admin', 'all-sellers-page', 'page.allSellers', 'read:user:any', { loadsItself: true }) },
              { path: paths.allBuyers, ...remotePage('admin', 'all-buyers-page', 'page.allBuyers', 'read:user:any') },
              { path: paths.reports, ...remotePage('admin', 'reports-page', 'page.reports', 'moderate:listing:any') },
              // Buyers' disputes beside the reports, and where every taka is (issue 33).
              { path: paths.disputes, ...remoteDataPage('admin', 'disputes-page', 'page.disputes', 'decide:dispute:any', { loadsItself: true }) },
              { path: paths.money, ...remoteDataPage('admin', 'money-page', 'page.money', 'read:money:any', { loadsItself: true }) },
              { path: paths.activity, ...remotePage('admin', 'activity-page', 'page.activity', 'read:audit:any') },
              { path: paths.blockedPhones, ...remotePage('admin', 'blocked-phones-page', 'page.blockedPhones', 'manage:imei-blocklist:any') },
              // Each slice's releases as visitors' browsers measured them (issue 29).
              { path: paths.releases, ...remotePage('admin', 'releases-page', 'page.releases', 'read:rum:any') },
            ],
          },
          { path: '*', element: <OfflinePage /> },
        ],
      },
    ],
  },
];

/**
 * The browser's router: at a language's addresses (basename /bn for Bangla), with the server's data for a composed page
 * (or the data of the page the language switch is leaving), whose loaders then do not run again here.
 */
export const createRouter = (hydrationData?: HydrationState, basename = '') => createBrowserRouter(routes, { basename, ...(hydrationData ? { hydrationData } : {}) });

/** Resolves once the router has run the first address's loaders (its page can render whole). */
export const routerReady = (router: ReturnType<typeof createRouter>): Promise<void> =>
  new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
