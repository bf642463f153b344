// The shell's server renderer (issue 13): the page around a remote's server-rendered page (the navbar, the footer,
// on a dashboard page its menu), with SLOT where the remote's HTML goes, for a visitor or for a returning user
// (decision 018). Built for Node as dist/server/frame.mjs (tools/federation/vite.ts) and used by the shell's server
// (shell/server/compose.ts).
import { renderToString } from 'react-dom/server.browser';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import type { ServerSession } from '@phonehaat/federation-config/server-render';
import { paths } from '@phonehaat/shared-auth';
import { withSession } from '@phonehaat/shared-auth/server';
import { DashboardLayout } from '../app/routes/dashboard-layout';
import type { RemoteName } from '../federation/manifest';
import { RemoteStamp } from '../federation/remote-stamp';
import { RootLayout } from '../layout/root-layout';

export const SLOT = '<!--phonehaat:slot-->';

/**
 * The shell's markup for this address with a remote's page in its main area, as the browser renders it for the
 * same visitor or user once their session is known.
 */
export async function renderFrame(url: string, slot: { remote: RemoteName; build: string | undefined }, session?: ServerSession): Promise<string> {
  const page = (
    <RemoteStamp remote={slot.remote} build={slot.build}>
      <template data-slot />
    </RemoteStamp>
  );
  const handler = createStaticHandler([
    {
      path: '/',
      element: <RootLayout />,
      children: [
        { index: true, element: page },
        { path: paths.dashboard, element: <DashboardLayout />, children: [{ path: '*', element: page }] },
        { path: '*', element: page },
      ],
    },
  ]);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`the frame for ${url} answered a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = withSession(session, () => renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />));
  return html.replace('<template data-slot="true"></template>', SLOT);
}
