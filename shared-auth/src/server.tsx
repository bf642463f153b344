// Its one Node API is declared beside it, so the browser packages that compile this file need no Node types.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./node-async-hooks.d.ts" />
// Rendering a remote's pages on a server (decisions 015 and 018), for the remote's server module (generated from
// its serverPages by tools/federation/vite.ts): the page with its loader's data, for a visitor or for a returning user, whose token
// the page's API calls carry for this render only (several renders may be waiting on the API at once).
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server.browser';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type LoaderFunctionArgs } from 'react-router-dom';
import type { RenderedPage, RenderRequest, ServerSession } from '@phonehaat/federation-config/server-render';
import { rememberedState, setRenderSessionSource, signedOutState, useSession, type RenderSession, type SessionState } from './session-store';
import type { ApiState } from './use-api';

export interface PageModule {
  default: ComponentType;
  loader?: (args: LoaderFunctionArgs) => Promise<unknown>;
  buildId?: string;
}

const rendering = new AsyncLocalStorage<RenderSession | undefined>();
setRenderSessionSource(() => rendering.getStore());

const sessionStateFor = (session: ServerSession | undefined): SessionState => (session ? rememberedState(session, session.role) : signedOutState);

/** Renders with the store in this state; renderToString is synchronous, so no other render sees it. */
export function withSession<T>(session: ServerSession | undefined, render: () => T): T {
  useSession.setState(sessionStateFor(session));
  try {
    return render();
  } finally {
    useSession.setState(signedOutState);
  }
}

/** A list that failed to load is left to the browser, which shows it with its Retry, rather than sent as HTML. */
const failed = (data: unknown): boolean =>
  typeof data === 'object' && data !== null && Object.values(data).some((value) => (value as ApiState<unknown> | undefined)?.status === 'error');

/** One of `pages` for this address (undefined: not one of them, or its data could not be loaded whole). */
export async function renderPage(pages: Record<string, () => Promise<PageModule>>, request: RenderRequest): Promise<RenderedPage | undefined> {
  const load = pages[request.module];
  if (!load) return undefined;
  const page = await load();
  const loader = page.loader ? (args: LoaderFunctionArgs) => page.loader!(args) : undefined;
  const handler = createStaticHandler([{ id: 'page', path: request.pattern ?? '*', Component: page.default, loader }]);
  const { session } = request;
  const user = sessionStateFor(session).user;
  const context = await rendering.run(session && user ? { token: session.token, user } : undefined, () => handler.query(new Request(request.url)));
  if (context instanceof Response || context.errors || failed(context.loaderData.page)) return undefined;
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = withSession(session, () => renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />));
  return { html, buildId: page.buildId };
}
