// The real-user reporter as the API receives it: one page view, its first error and the load's Web Vitals, tagged
// with the page's remote, release, route pattern and language, in a few beacons; nothing that identifies the person.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RumBeacon } from '@phonehaat/shared-api';
import { RumBeacon as RumBeaconSchema } from '@phonehaat/shared-api';

const vitals: Record<string, (metric: { name: string; value: number }) => void> = {};
vi.mock('web-vitals', () => ({
  onLCP: (report: never) => (vitals.LCP = report),
  onINP: (report: never) => (vitals.INP = report),
  onCLS: (report: never) => (vitals.CLS = report),
  onTTFB: (report: never) => (vitals.TTFB = report),
}));
vi.mock('../federation/manifest', () => ({
  remoteEntry: (remote: string) => (remote === 'storefront' ? 'http://localhost:4300/releases/storefront/0123456789ab/remoteEntry.js?attempt=1' : 'http://localhost:4201/remoteEntry.js'),
}));

type Listener = (state: State) => void;
interface State {
  navigation: { state: string };
  location: { pathname: string };
  matches: { route: { path?: string } }[];
}
/** A router as the reporter sees one: its state, and navigations it announces. */
function fakeRouter(pathname: string, paths: (string | undefined)[]) {
  const listeners: Listener[] = [];
  const router = {
    state: { navigation: { state: 'idle' }, location: { pathname }, matches: paths.map((path) => ({ route: { path } })) } as State,
    subscribe(listener: Listener) {
      listeners.push(listener);
      return () => undefined;
    },
    go(next: string, nextPaths: (string | undefined)[]) {
      router.state = { ...router.state, navigation: { state: 'loading' } };
      listeners.forEach((listener) => listener(router.state));
      router.state = { navigation: { state: 'idle' }, location: { pathname: next }, matches: nextPaths.map((path) => ({ route: { path } })) };
      listeners.forEach((listener) => listener(router.state));
    },
  };
  return router;
}

let sent: RumBeacon[];
const send = (url: string, body: string) => {
  expect(url).toBe('http://api.test/rum');
  // Every beacon is one the API accepts.
  sent.push(RumBeaconSchema.parse(JSON.parse(body)));
  return true;
};

beforeEach(() => {
  vi.resetModules();
  vi.useFakeTimers();
  sent = [];
  document.documentElement.lang = 'en';
});
afterEach(() => vi.useRealTimers());

async function start(router: ReturnType<typeof fakeRouter>) {
  const early = await import('./early');
  early.routerForRum(router);
  const { startReporting } = await import('./reporter');
  const { pageContext } = await import('./page-context');
  // The modules are fresh: the releases' pages told again, as the app's start does.
  (await import('../app/route-remotes')).setRemotePages((await import('../test/declared-pages')).declaredPages);
  startReporting('http://api.test/rum', pageContext, send);
  return early;
}

describe('the real-user reporter', () => {
  it('reports a page view within seconds, tagged with its remote, release, route pattern and language', async () => {
    await start(fakeRouter('/', ['/', undefined]));
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1000);
    expect(sent).toEqual([{ page: { remote: 'storefront', release: '0123456789ab', route: '/', lang: 'en' }, events: [{ type: 'view' }] }]);
  });

  it("sends a route's pattern, never its address, and the shell's own pages as the shell's", async () => {
    const router = fakeRouter('/', ['/', undefined]);
    await start(router);
    document.documentElement.lang = 'bn';
    router.go('/product/6650f1c2a9?from=rahim@example.com', ['/', undefined, '/product/:id']);
    router.go('/login', ['/', undefined, '/login']);
    router.go('/nowhere/01711234567', ['/', undefined, '*']);
    vi.advanceTimersByTime(1000);
    expect(sent.map((beacon) => beacon.page)).toEqual([
      { remote: 'storefront', release: '0123456789ab', route: '/', lang: 'en' },
      { remote: 'storefront', release: '0123456789ab', route: '/product/:id', lang: 'bn' },
      { remote: 'shell', release: 'local', route: '/login', lang: 'bn' },
      { remote: 'shell', release: 'local', route: '*', lang: 'bn' },
    ]);
    expect(JSON.stringify(sent)).not.toMatch(/rahim|6650f1c2a9|01711234567/);
  });

  it('counts a view once however many errors it meets, including those heard before it loaded', async () => {
    const { recordError } = await import('./early');
    recordError('boundary'); // the composed page could not start, before the reporter was there
    const router = fakeRouter('/', ['/', undefined]);
    await start(router);
    recordError('uncaught');
    vi.advanceTimersByTime(1000);
    expect(sent).toEqual([{ page: expect.objectContaining({ route: '/' }), events: [{ type: 'view' }, { type: 'error', kind: 'boundary' }] }]);
    router.go('/blog', ['/', undefined, '/blog']);
    recordError('rejection');
    recordError('uncaught');
    vi.advanceTimersByTime(1000);
    expect(sent[1]).toEqual({ page: expect.objectContaining({ route: '/blog' }), events: [{ type: 'view' }, { type: 'error', kind: 'rejection' }] });
  });

  it("puts the load's Web Vitals on the page it loaded, sent when the page is hidden", async () => {
    const router = fakeRouter('/', ['/', undefined]);
    await start(router);
    vi.advanceTimersByTime(1000);
    router.go('/blog', ['/', undefined, '/blog']);
    vitals.LCP!({ name: 'LCP', value: 1834.5 });
    vitals.CLS!({ name: 'CLS', value: 0.02 });
    vitals.INP!({ name: 'INP', value: 96 });
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(sent.slice(1)).toEqual([
      { page: expect.objectContaining({ route: '/blog' }), events: [{ type: 'view' }] },
      {
        page: expect.objectContaining({ route: '/' }),
        events: [
          { type: 'vital', name: 'LCP', value: 1834.5 },
          { type: 'vital', name: 'CLS', value: 0.02 },
          { type: 'vital', name: 'INP', value: 96 },
        ],
      },
    ]);
  });

  it('sends at most a few beacons per view, whatever happens on it', async () => {
    await start(fakeRouter('/', ['/', undefined]));
    for (let i = 0; i < 20; i++) {
      vitals.INP!({ name: 'INP', value: 50 + i });
      vi.advanceTimersByTime(1000);
    }
    expect(sent.length).toBe(4);
  });
});

describe('the contract knows every remote', () => {
  it('accepts a beacon from each remote the shell loads, and from the shell', async () => {
    const { remoteNames } = await import('@phonehaat/shared-api/remotes');
    const { RumRemote } = await import('@phonehaat/shared-api');
    expect(RumRemote.options).toEqual(['shell', ...remoteNames]);
  });
});
