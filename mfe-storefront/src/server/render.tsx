// The storefront's server renderer (issue 13): its public pages as HTML for a visitor's first paint, composed into
// the shell's page by the shell's server. Built for Node beside the browser build (tools/federation/vite.ts).
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server.browser';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type LoaderFunction } from 'react-router-dom';
import type { ApiState } from '@phonehaat/shared-auth';
import type { RenderedPage, ServerRenderer } from '@phonehaat/federation-config/server-render';

interface PageModule {
  default: ComponentType;
  loader?: () => Promise<unknown>;
  buildId?: string;
}

/** The pages rendered here (serverPages in vite.config.ts): public, the same for every visitor. */
const pages: Record<string, () => Promise<PageModule>> = {
  'home-page': () => import('../exposed/home-page'),
  'blog-page': () => import('../exposed/blog-page'),
};

/** A list that failed to load is left to the browser, which shows it with its Retry, rather than sent as HTML. */
const failed = (data: unknown): boolean =>
  typeof data === 'object' && data !== null && Object.values(data).some((value) => (value as ApiState<unknown> | undefined)?.status === 'error');

export const render: ServerRenderer['render'] = async ({ module, url }): Promise<RenderedPage | undefined> => {
  const load = pages[module];
  if (!load) return undefined;
  const page = await load();
  const loader: LoaderFunction | undefined = page.loader ? () => page.loader!() : undefined;
  const handler = createStaticHandler([{ id: 'page', path: '*', Component: page.default, loader }]);
  const context = await handler.query(new Request(url));
  if (context instanceof Response || context.errors || failed(context.loaderData.page)) return undefined;
  const router = createStaticRouter(handler.dataRoutes, context);
  return { html: renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />), buildId: page.buildId };
};
