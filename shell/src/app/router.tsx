import { createBrowserRouter, redirect, type HydrationState, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { hasPermission, type Permission } from '@phonehaat/shared-api/permissions';
import { currentRole, currentUser, paths, RequirePermission, RequireSignedIn, sessionReady } from '@phonehaat/shared-auth';
import { languageOfPath, loadCatalogs, PageSpinner, pathWithoutLanguage } from '@phonehaat/shared-ui';
import { loadRemoteModule, preloadRemoteModule } from '../federation/load-remote-module';
import type { RemoteName } from '../federation/manifest';
import { RemoteSlot, SlotSpinner, type SlotLabel } from '../federation/remote-slot';
import { RootLayout } from '../layout/root-layout';
import { keptData } from './back-forward';
import type { RemotePage } from './route-remotes';
import { OfflinePage } from './routes/offline-page';

/** The language a loader's request is in (its address: /bn… is Bangla). */
const languageOfRequest = (request: Request) => languageOfPath(new URL(request.url).pathname);

/**
 * A module of the shell's own pages, and their words (app/routes/i18n.ts, registered as the module loads): the router
 * runs a static loader beside `lazy`, not after it, so the loader awaits the module itself before loading the words.
 */
const withWords = async (load: () => Promise<unknown>, request: Request) => {
  await load();
  await loadCatalogs(languageOfRequest(request));
};

/**
 * The shell's own pages load when first visited (a visitor's home page does not download them, nor their words),
 * through the router's `lazy`, so no Suspense fallback stands in front of them.
 */
const shellPage = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) => ({
  lazy: async () => ({ Component: (await load())[name] }),
  loader: async ({ request }: LoaderFunctionArgs) => {
    await withWords(load, request);
    return null;
  },
  hydrateFallbackElement: <PageSpinner />,
});

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
const remotePage = (remote: RemoteName, module: string, label: SlotLabel, permission?: Permission | null) => ({
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

/** A remote's declared page (its src/routes.ts) as a route: "/" is the index, a page under /dashboard/ its child. */
const remoteRoute = (page: RemotePage): RouteObject => {
  const route = page.loader
    ? remoteDataPage(page.remote, page.module, page.label, page.permission, { loadsItself: page.loadsItself ?? false })
    : remotePage(page.remote, page.module, page.label, page.permission);
  return page.path === paths.home ? { index: true, ...route } : { path: page.path, ...route };
};
const inDashboard = (page: RemotePage) => page.path.startsWith(`${paths.dashboard}/`);
const outsideDashboard = (page: RemotePage) => !inDashboard(page);

/**
 * The route table: the shell's own pages, and the pages the live releases publish (issue 67: read at run time, so a
 * slice's new page is routed to once its release is live, with no shell build).
 */
export const routesFor = (pages: readonly RemotePage[]): RouteObject[] => {
  const remoteRoutes = (where: (page: RemotePage) => boolean): RouteObject[] => pages.filter(where).map(remoteRoute);
  return [
    {
      path: paths.home,
      element: <RootLayout />,
      errorElement: <OfflinePage />,
      children: [
        {
          errorElement: <OfflinePage />,
          children: [
            { path: paths.login, ...shellPage(() => import('./routes/login-page'), 'LoginPage') },
            { path: paths.signup, ...shellPage(() => import('./routes/signup-page'), 'SignupPage') },
            { path: paths.forgotPassword, ...shellPage(() => import('./routes/forgot-password-page'), 'ForgotPasswordPage') },
            { path: paths.resetPassword, ...shellPage(() => import('./routes/reset-password-page'), 'ResetPasswordPage') },
            ...remoteRoutes(outsideDashboard),
            {
              path: paths.dashboard,
              loader: async (args: LoaderFunctionArgs) => {
                await requireSignedIn(args);
                await withWords(() => import('./routes/dashboard-layout'), args.request);
                return null;
              },
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
                ...remoteRoutes(inDashboard),
              ],
            },
            { path: '*', element: <OfflinePage /> },
          ],
        },
      ],
    },
  ];
};

/**
 * The browser's router: at a language's addresses (basename /bn for Bangla), with the server's data for a composed page
 * (or the data of the page the language switch is leaving), whose loaders then do not run again here.
 */
export const createRouter = (pages: readonly RemotePage[], hydrationData?: HydrationState, basename = '') =>
  createBrowserRouter(routesFor(pages), { basename, ...(hydrationData ? { hydrationData } : {}) });

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
