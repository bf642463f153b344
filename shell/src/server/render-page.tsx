// The app at one address rendered on the server as one React tree (decision 019): the shell's own route table, layout
// and guards, with a remote's page in its slot, for a visitor or a returning user, and the data the browser hydrates
// it with. Where the remotes' pages come from is the caller's (render-app.tsx: Module Federation's runtime in Node).
import { AsyncLocalStorage } from 'node:async_hooks';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import type { ServerSession } from '@phonehaat/shared-api/server-session';
import { loadPhoneParts } from '@phonehaat/shared-auth';
import { asUser, sessionStateFor, withSession } from '@phonehaat/shared-auth/server';
import { createQueryClient, dehydrateCache, hasFailedRead, loadQueryLibrary, RenderCache, setRenderCacheSource, type QueryClient } from '@phonehaat/shared-data';
import { activateLanguage, basenameOf, languageOfPath, loadCatalogs, loadDeliveryParts, loadSeldomParts, pathWithoutLanguage } from '@phonehaat/shared-ui';
import { RemotePagesContext } from '../app/remote-pages-context';
import { pageForPath, type RemotePage } from '../app/route-remotes';
import { routesFor } from '../app/router';
import { setRemoteSource, type RemoteSource } from '../federation/load-remote-module';
import type { ComposedPageData } from './hydration';

export interface PageRenderRequest {
  url: string;
  /** The remotes as this request sees them (its manifest's releases). */
  source: RemoteSource;
  /** The pages those releases publish (issue 67). */
  pages: readonly RemotePage[];
  /** Absent: a visitor. */
  session?: ServerSession;
}

const rendering = new AsyncLocalStorage<RemoteSource>();
const noRemotes: RemoteSource = {
  entry: () => undefined,
  load: () => Promise.reject(new Error('no render in progress')),
  loaded: () => undefined,
};
/** Renders overlap while they wait on the API: each reads the remotes of its own request. */
const requestRemotes = () => rendering.getStore() ?? noRemotes;
/** And each fills its own cache, the one its loaders prefetch into and its page reads (issue 67). */
const caches = new AsyncLocalStorage<QueryClient>();
setRenderCacheSource(() => caches.getStore());

// One per language's addresses: Bangla pages live under /bn (the router's basename), English where they always were;
// and per list of pages (the releases a manifest names: the live ones, a canary's), made once for each list.
const handlerSets = new WeakMap<readonly RemotePage[], Record<'en' | 'bn', ReturnType<typeof createStaticHandler>>>();
function handlersFor(pages: readonly RemotePage[]) {
  let handlers = handlerSets.get(pages);
  if (!handlers) {
    const routes = routesFor(pages);
    handlers = { en: createStaticHandler(routes), bn: createStaticHandler(routes, { basename: basenameOf('bn') }) };
    handlerSets.set(pages, handlers);
  }
  return handlers;
}

/** A list that failed to load (shared-auth's ApiState) is left to the browser, which shows it with its Retry. */
const failed = (loaderData: Record<string, unknown>): boolean =>
  Object.values(loaderData).some(
    (data) => typeof data === 'object' && data !== null && Object.values(data).some((value) => (value as { status?: unknown } | null)?.status === 'error'),
  );

/**
 * The app at this address for this visitor or user, or undefined when it cannot be rendered whole here (a redirect,
 * a loader that failed, the page's remote not loadable): the browser then renders it, as it always could.
 */
export async function renderPage({ url, source, pages, session }: PageRenderRequest): Promise<{ html: string; data: ComposedPageData; status: number } | undefined> {
  const { pathname } = new URL(url);
  const page = pageForPath(pathWithoutLanguage(pathname), pages);
  if (!page) return undefined;
  const language = languageOfPath(pathname);
  const handler = handlersFor(pages)[language];
  setRemoteSource(requestRemotes);
  await loadQueryLibrary(); // once per process
  const cache = createQueryClient();
  const context = await caches.run(cache, () => rendering.run(source, () => asUser(session, () => handler.query(new Request(url)))));
  if (context instanceof Response || context.errors || failed(context.loaderData) || hasFailedRead(cache)) return undefined;
  // Its remote could not be loaded here: the browser renders it, with its slot's fallback if it cannot either.
  if (!source.loaded(page.remote, page.module)) return undefined;
  // The parts that load when first shown (the phone and e-mail forms, a gated page asking for a number in place; the
  // courier parts): here before the render, so they are in its HTML (once per process).
  await Promise.all([loadPhoneParts(), loadDeliveryParts(), loadSeldomParts()]);
  // Every slice's words in the page's language (the route's loaders asked for the remote's already).
  await loadCatalogs(language);
  const router = createStaticRouter(handler.dataRoutes, context);
  // Synchronous, so the language (the runtime is one per process, as in a browser) is this page's for all of it.
  const html = caches.run(cache, () => rendering.run(source, () =>
    withSession(session, () => {
      activateLanguage(language);
      return renderToString(
        <RenderCache client={cache}>
          <RemotePagesContext.Provider value={pages}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </RemotePagesContext.Provider>
        </RenderCache>,
      );
    }),
  ));
  // The page itself, not a guard's redirect or a fallback in its place: otherwise the browser had better render it.
  if (!html.includes(`data-remote="${page.remote}"`)) return undefined;
  // The status its loaders gave (a removed phone's page is 410 Gone, issue 48), for the HTTP answer.
  return {
    html,
    data: { router: { loaderData: context.loaderData, actionData: context.actionData }, queries: dehydrateCache(cache), session: sessionStateFor(session), language },
    status: context.statusCode,
  };
}
