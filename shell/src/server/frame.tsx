// The shell's server renderer (issue 13): the page around a remote's server-rendered page, for a visitor (the
// navbar signed out, the footer), with SLOT where the remote's HTML goes. Built for Node as dist/server/frame.mjs
// (tools/federation/vite.ts) and used by the shell's server (shell/server/compose.ts).
import { renderToString } from 'react-dom/server.browser';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import type { RemoteName } from '../federation/manifest';
import { RemoteStamp } from '../federation/remote-stamp';
import { RootLayout } from '../layout/root-layout';

export const SLOT = '<!--phonehaat:slot-->';

/**
 * The shell's markup for this address with a remote's page in its main area, as the browser renders it for a visitor
 * (on a server the session store says signed out: the browser knows its own session).
 */
export async function renderFrame(url: string, slot: { remote: RemoteName; build: string | undefined }): Promise<string> {
  const page = (
    <RemoteStamp remote={slot.remote} build={slot.build}>
      <template data-slot />
    </RemoteStamp>
  );
  const handler = createStaticHandler([{ path: '/', element: <RootLayout />, children: [{ index: true, element: page }, { path: '*', element: page }] }]);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`the frame for ${url} answered a redirect`);
  const html = renderToString(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />);
  return html.replace('<template data-slot="true"></template>', SLOT);
}
