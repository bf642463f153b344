import { act, screen } from '@testing-library/react';
import { StrictMode, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { RouterProvider, useLoaderData } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setHydrationSession, useSession } from '@phonehaat/shared-auth';
import { browserQueryClient, hydrateCache, prefetchApi, useApiQuery } from '@phonehaat/shared-data';
import { setSession } from '@phonehaat/shared-auth/testing';
import { mockApi } from '@phonehaat/shared-data/testing';
import { announceEarlyInput, readEarlyInput } from '../app/hydration/early-input';
import { createRouter, routerReady } from '../app/router';
import { setRemoteSource, type RemoteSource } from '../federation/load-remote-module';
import type { RemoteName } from '../federation/manifest';
import { RemotePagesContext } from '../app/remote-pages-context';
import { declaredPages } from '../test/declared-pages';
import { renderPage } from './render-page';

// The server's render of the real route table and layout, then the browser's hydration of that HTML, in one test: what
// the shell's server sends must be what React renders first in the browser, for a visitor and for a user (issue 24).
// React's development build reports every difference, attributes included, as a console error.

interface Brands {
  brands: string[];
}

function HomePage() {
  const { brands } = useLoaderData() as Brands;
  const [liked, setLiked] = useState(0);
  const [offer, setOffer] = useState('');
  return (
    <section>
      <h1>Browse By Category</h1>
      <ul>
        {brands.map((brand) => (
          <li key={brand}>{brand}</li>
        ))}
      </ul>
      <button type="button" onClick={() => setLiked((n) => n + 1)}>{`Liked ${liked}`}</button>
      <label>
        Offer
        <input value={offer} onChange={(event) => setOffer(event.target.value)} />
      </label>
      <p>{`Your offer: ${offer || 'none'}`}</p>
    </section>
  );
}

const myOrders = { query: { email: 'rina@example.com' } } as const;

function MyOrders() {
  const name = useSession((state) => state.user?.name);
  // Read through the cache its loader filled: on the server, the render's own; in the browser, the one it starts from.
  const orders = (useApiQuery('listMyBookings', myOrders).data ?? []) as unknown as { name: string }[];
  return (
    <section>
      <h1>{`Orders of ${name}`}</h1>
      <p>{orders.map((order) => order.name).join(', ')}</p>
    </section>
  );
}

const pages: Record<string, { default: () => React.ReactNode; loader?: () => Promise<unknown>; buildId: string }> = {
  'storefront/home-page': { default: HomePage, loader: async () => ({ brands: ['Samsung', 'Xiaomi'] }), buildId: 'sf-1' },
  'buyer/my-orders-page': { default: MyOrders, loader: async () => (await prefetchApi('listMyBookings', myOrders), null), buildId: 'buyer-1' },
};

/** The remotes as a request (or a browser) sees them: every page above, loaded on demand. */
function remotes(): RemoteSource {
  const loaded = new Map<string, unknown>();
  return {
    entry: (remote: RemoteName) => `http://localhost:4300/releases/${remote}/remoteEntry.js`,
    async load<T>(remote: RemoteName, module: string) {
      const page = pages[`${remote}/${module}`];
      if (!page) throw new Error(`no ${remote}/${module}`);
      loaded.set(`${remote}/${module}`, page);
      return page as T;
    },
    loaded: <T,>(remote: RemoteName, module: string) => loaded.get(`${remote}/${module}`) as T | undefined,
  };
}

let root: Root | undefined;
let errors: unknown[][];
let calls: ReturnType<typeof mockApi>;
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args));
  calls = mockApi({ 'GET /bookeditems': [{ name: 'Galaxy S21' }], 'GET /search/suggest': { suggestions: [] } });
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

type BrowserSession = Parameters<typeof setSession>[0];

/** Renders the address on the "server", then hydrates that HTML as bootstrap.tsx does, in a browser in this session. */
async function composeAndHydrate(path: string, browserSession: BrowserSession, session?: { email: string; name: string; role: 'Buyer' }) {
  window.history.replaceState(null, '', path);
  // The server's process: it never hydrates, and its store is signed out but for the one render it makes for a user.
  setHydrationSession(undefined);
  setSession('signed-out');
  const server = await renderPage({ url: `http://localhost${path}`, source: remotes(), pages: declaredPages, session: session && { ...session, token: 'rinas-token' } });
  setSession(browserSession);
  if (!server) throw new Error(`${path} was not composed`);
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = server.html;
  document.body.append(container);
  const serverHeading = container.querySelector('h1');

  // The browser: its own remotes, the page's code loaded before hydrating, the router started from the server's data.
  const browser = remotes();
  setRemoteSource(() => browser);
  if (path.startsWith('/dashboard')) await browser.load('buyer', 'my-orders-page', 0);
  else await browser.load('storefront', 'home-page', 0);
  const router = createRouter(declaredPages, server.data.router);
  await routerReady(router);
  setHydrationSession(server.data.session);
  if (server.data.queries) await hydrateCache(server.data.queries);
  const recoverable: unknown[] = [];
  return {
    container,
    serverHeading,
    recoverable,
    hydrate: async () => {
      await act(async () => {
        root = hydrateRoot(
          container,
          <StrictMode>
            <RemotePagesContext.Provider value={declaredPages}>
              <RouterProvider router={router} />
            </RemotePagesContext.Provider>
          </StrictMode>,
          { onRecoverableError: (error) => void recoverable.push(error) },
        );
      });
    },
  };
}

describe('a page composed on the server and hydrated in the browser', () => {
  it("is a visitor's page React hydrates where it stands, with no mismatch, and then handles", async () => {
    const page = await composeAndHydrate('/', 'signed-out');
    expect(page.container.querySelector('[data-remote="storefront"]')).toHaveAttribute('data-build', 'sf-1');
    await page.hydrate();
    expect(page.recoverable).toEqual([]);
    expect(errors).toEqual([]);
    // The same element the server sent, not a new one, and React now runs it.
    expect(screen.getByRole('heading', { name: 'Browse By Category' })).toBe(page.serverHeading);
    await act(async () => screen.getByRole('button', { name: 'Liked 0' }).click());
    expect(screen.getByRole('button', { name: 'Liked 1' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it("hydrates a visitor's page while this browser is still restoring a session, then shows the session's navbar", async () => {
    const page = await composeAndHydrate('/', 'restoring');
    await page.hydrate();
    expect(page.recoverable).toEqual([]);
    expect(errors).toEqual([]);
    // Hydrated as composed, then rendered again as this browser's session is: restoring, so neither Login nor Dashboard.
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Browse By Category' })).toBe(page.serverHeading);
  });

  it("is a returning user's page, read with their token, hydrated with their session", async () => {
    const rina = { email: 'rina@example.com', name: 'Rina', role: 'Buyer' } as const;
    const page = await composeAndHydrate('/dashboard/myorders', rina, rina);
    expect(page.container).toHaveTextContent('Orders of RinaGalaxy S21');
    expect(calls.find((call) => call.url.startsWith('/bookeditems'))?.authorization).toBe('Bearer rinas-token');
    expect(page.container.querySelector('nav[aria-label="Dashboard menu"]')).not.toBeNull();
    await page.hydrate();
    expect(page.recoverable).toEqual([]);
    expect(errors).toEqual([]);
    expect(screen.getByRole('heading', { name: 'Orders of Rina' })).toBe(page.serverHeading);
    expect(screen.getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    // The browser's cache started from the server's answer: its page asked the API nothing again.
    expect(screen.getByText('Galaxy S21')).toBeInTheDocument();
    expect(calls.filter((call) => call.url.startsWith('/bookeditems'))).toHaveLength(1);
  });

  it('is not composed when a read its loader put in the cache failed: the browser shows it, with its Retry', async () => {
    setSession('signed-out'); // as a server's store is
    mockApi({ 'GET /bookeditems': [503, { message: 'The database is not answering' }] });
    const rina = { email: 'rina@example.com', name: 'Rina', role: 'Buyer' as const, token: 'rinas-token' };
    expect(await renderPage({ url: 'http://localhost/dashboard/myorders', source: remotes(), pages: declaredPages, session: rina })).toBeUndefined();
    // Nothing of it reached the browser's own cache.
    expect(browserQueryClient().getQueryCache().getAll()).toEqual([]);
  });

  it('keeps what was typed before the app started, and tells the page about it', async () => {
    const page = await composeAndHydrate('/', 'signed-out');
    // Typed into the server's HTML, before any of the app's code ran.
    const field = page.container.querySelector<HTMLInputElement>('input:not([type=search])')!;
    field.value = '30000';
    const early = readEarlyInput(page.container);
    await page.hydrate();
    expect(errors).toEqual([]);
    expect(screen.getByLabelText('Offer')).toHaveValue('30000');
    // React kept the text, but the page's own state does not know it yet…
    expect(screen.getByText('Your offer: none')).toBeInTheDocument();
    await act(async () => announceEarlyInput(early));
    // …until it is handed over, as if typed now.
    expect(screen.getByText('Your offer: 30000')).toBeInTheDocument();
    expect(screen.getByLabelText('Offer')).toBe(field);
  });

  it('is not composed when its remote cannot be loaded on the server, or for a user the route sends elsewhere', async () => {
    setSession('signed-out'); // as a server's store is
    const none: RemoteSource = { ...remotes(), load: () => Promise.reject(new Error('down')) };
    expect(await renderPage({ url: 'http://localhost/', source: none, pages: declaredPages })).toBeUndefined();
    expect(await renderPage({ url: 'http://localhost/dashboard/myorders', source: remotes(), pages: declaredPages })).toBeUndefined();
  });
});
