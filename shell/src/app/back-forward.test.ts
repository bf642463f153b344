import { createBrowserRouter, type LoaderFunctionArgs } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { setSession } from '@phonehaat/shared-auth/testing';
import { keepEntries, keptData } from './back-forward';

let loads: string[];
/** A search page whose loader asks the API each time it runs (here: counts), unless Back or Forward brings it back. */
function searchRouter() {
  const loader = ({ request }: LoaderFunctionArgs) => {
    const kept = keptData('storefront/search-page', request);
    if (kept !== undefined) return kept;
    const answer = `results for ${new URL(request.url).search} #${loads.length + 1}`;
    loads.push(answer);
    return answer;
  };
  const router = createBrowserRouter([
    { id: 'storefront/search-page', path: '/search', loader },
    { id: 'storefront/product-page', path: '/product/:id', loader: () => 'a phone' },
  ]);
  keepEntries(router);
  return router;
}

const settled = (router: ReturnType<typeof searchRouter>, path: string) =>
  new Promise<void>((resolve) => {
    const check = () => router.state.initialized && router.state.navigation.state === 'idle' && `${router.state.location.pathname}${router.state.location.search}` === path;
    if (check()) return resolve();
    const stop = router.subscribe(() => {
      if (!check()) return;
      stop();
      resolve();
    });
  });

beforeEach(() => {
  loads = [];
  window.history.replaceState(null, '', '/search?q=galaxy');
  setSession({ role: 'Buyer', email: 'rina@example.com' });
});

describe('Back and Forward', () => {
  it("show the data their entry was shown with, without asking again; a new visit to the same address asks", async () => {
    const router = searchRouter();
    await settled(router, '/search?q=galaxy');
    await router.navigate('/search?q=galaxy&condition=Excellent');
    await router.navigate('/product/7');
    expect(loads).toEqual(['results for ?q=galaxy #1', 'results for ?q=galaxy&condition=Excellent #2']);

    window.history.back();
    await settled(router, '/search?q=galaxy&condition=Excellent');
    expect(router.state.loaderData['storefront/search-page']).toBe('results for ?q=galaxy&condition=Excellent #2');
    window.history.back();
    await settled(router, '/search?q=galaxy');
    expect(router.state.loaderData['storefront/search-page']).toBe('results for ?q=galaxy #1');
    window.history.forward();
    await settled(router, '/search?q=galaxy&condition=Excellent');
    expect(loads).toHaveLength(2);

    // Not a Back: the same address typed or linked again is asked for afresh.
    await router.navigate('/search?q=galaxy');
    expect(router.state.loaderData['storefront/search-page']).toBe('results for ?q=galaxy #3');
    router.dispose();
  });

  it('never shows one user what another saw, nor after signing out', async () => {
    const router = searchRouter();
    await settled(router, '/search?q=galaxy');
    await router.navigate('/product/7');
    setSession('signed-out');
    window.history.back();
    await settled(router, '/search?q=galaxy');
    expect(loads).toEqual(['results for ?q=galaxy #1', 'results for ?q=galaxy #2']);
    router.dispose();
  });
});
