import { lazy, Suspense } from 'react';
import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { hasPermission, type Permission } from '@phonehaat/shared-api/permissions';
import { currentRole, paths, patterns, RequirePermission, RequireSignedIn, sessionReady, useSession } from '@phonehaat/shared-auth';
import { PageSpinner } from '@phonehaat/shared-ui';
import { loadRemoteModule } from '../federation/load-remote-module';
import type { RemoteName } from '../federation/manifest';
import { RemoteSlot } from '../federation/remote-slot';
import { RootLayout } from '../layout/root-layout';
import { OfflinePage } from './routes/offline-page';

// The shell's own pages load when first visited, so a visitor's home page does not download them.
const page = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) =>
  lazy(async () => ({ default: (await load())[name] }));
const LoginPage = page(() => import('./routes/login-page'), 'LoginPage');
const SignupPage = page(() => import('./routes/signup-page'), 'SignupPage');
const DashboardLayout = page(() => import('./routes/dashboard-layout'), 'DashboardLayout');
const DashboardIndex = page(() => import('./routes/dashboard-layout'), 'DashboardIndex');
const suspended = (element: React.ReactNode) => <Suspense fallback={<PageSpinner />}>{element}</Suspense>;

/** A remote's page behind a role permission. */
const guarded = (permission: Permission, remote: RemoteName, module: string, label: string) => (
  <RequirePermission permission={permission}>
    <RemoteSlot remote={remote} module={module} label={label} />
  </RequirePermission>
);

/**
 * A remote page whose data loads before it shows: the remote exports `loader` beside its page, and
 * the shell runs it here. Signed-out visitors go to /login carrying where they were going.
 */
const remoteLoader =
  (remote: RemoteName, module: string, permission: Permission = 'browse:products') =>
  async (args: LoaderFunctionArgs) => {
    await sessionReady();
    if (useSession.getState().status !== 'signed-in' || !hasPermission(await currentRole(), permission)) {
      const url = new URL(args.request.url);
      throw redirect(`${paths.login}?from=${encodeURIComponent(url.pathname + url.search)}`);
    }
    const page = await loadRemoteModule<{ loader?: (args: LoaderFunctionArgs) => Promise<unknown> }>(remote, module);
    return page.loader ? page.loader(args) : null;
  };

export const routes: RouteObject[] = [
  {
    path: paths.home,
    element: <RootLayout />,
    errorElement: <OfflinePage />,
    children: [
      {
        errorElement: <OfflinePage />,
        children: [
          { index: true, element: <RemoteSlot remote="storefront" module="home-page" label="the home page" /> },
          { path: paths.blog, element: <RemoteSlot remote="storefront" module="blog-page" label="the blog" /> },
          { path: paths.login, element: suspended(<LoginPage />) },
          { path: paths.signup, element: suspended(<SignupPage />) },
          {
            path: patterns.products,
            loader: remoteLoader('storefront', 'category-page'),
            hydrateFallbackElement: <PageSpinner label="Loading phones" />,
            errorElement: <OfflinePage retry />,
            element: (
              <RequireSignedIn>
                <RemoteSlot remote="storefront" module="category-page" label="this brand's phones" />
              </RequireSignedIn>
            ),
          },
          {
            path: paths.dashboard,
            element: (
              <RequireSignedIn>{suspended(<DashboardLayout />)}</RequireSignedIn>
            ),
            children: [
              { index: true, element: suspended(<DashboardIndex />) },
              { path: paths.myOrders, element: guarded('read:booking:own', 'buyer', 'my-orders-page', 'your orders') },
              {
                path: patterns.payment,
                loader: remoteLoader('buyer', 'payment-page', 'pay:booking:own'),
                hydrateFallbackElement: <PageSpinner label="Loading your booking" />,
                errorElement: <OfflinePage retry />,
                element: guarded('pay:booking:own', 'buyer', 'payment-page', 'the payment page'),
              },
              { path: paths.addProduct, element: guarded('create:product', 'seller', 'add-product-page', 'the add-a-product form') },
              { path: paths.myProducts, element: guarded('read:product:own', 'seller', 'my-products-page', 'your products') },
              { path: paths.allSellers, element: guarded('read:user:any', 'admin', 'all-sellers-page', 'the seller list') },
              { path: paths.allBuyers, element: guarded('read:user:any', 'admin', 'all-buyers-page', 'the buyer list') },
            ],
          },
          { path: '*', element: <OfflinePage /> },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
