import '@phonehaat/shared-ui/tokens.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { setHydrationSession, startSession } from '@phonehaat/shared-auth';
import { hydrateCache } from '@phonehaat/shared-data';
import { activateLanguage, basenameOf, languageOfPath, loadCatalogs, pathWithoutLanguage, warmFormats } from '@phonehaat/shared-ui';
import { AppRoot } from './app/app-root';
import { keepEntries } from './app/back-forward';
import { rememberLanguage } from './app/language';
import { pageForPath, remotePages } from './app/route-remotes';
import { createRouter, routerReady } from './app/router';
import { composedPage } from './app/hydration/composed-page';
import { announceEarlyInput, readEarlyInput, replaySubmits, replayTaps, takeEarlySubmits, takeEarlyTaps } from './app/hydration/early-input';
import { pageHydrated } from './app/hydration/page-hydrated';
import { Started } from './app/hydration/started';
import { registerServiceWorker } from './app/installable/service-worker';
import { manifestRequest, pagesRequest } from './federation/early-start';
import { loadRemoteModule } from './federation/load-remote-module';
import { loadManifest } from './federation/manifest';
import { markFailedBeforeHydration } from './federation/remote-slot';
import { routerForRum } from './rum/early';
import { pageContext } from './rum/page-context';

performance.mark('phonehaat:bootstrap');
// A remembered session's pages show at once; Firebase confirms it once the first page is on screen.
let firstPageShown: () => void = () => undefined;
startSession({ confirmAfter: new Promise<void>((resolve) => (firstPageShown = resolve)) });
// The releases this visitor gets, and the pages they publish: the route table is made of them (issue 67).
await Promise.all([loadManifest(manifestRequest), pagesRequest]);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
const composed = composedPage(root);
// The page's language is its address's (/bn… is Bangla; the shell's server sends the remembered choice there).
const language = languageOfPath(window.location.pathname);
const router = createRouter(remotePages(), composed?.router, basenameOf(language));
keepEntries(router);
routerForRum(router);
rememberLanguage(language);
/** The real-user reporter (issue 29) loads when the browser is idle after the first page: nothing of it delays that. */
const startReporting = () =>
  void import('./rum/reporter').then(({ startReporting: start, rumEndpoint }) => start(rumEndpoint(import.meta.env.PUBLIC_API_URL), pageContext)).catch(() => undefined);
/** After the first page, so Firebase's SDK does not compete with it (for a composed page: once it is hydrated). */
const afterFirstPage = () =>
  requestAnimationFrame(() =>
    setTimeout(() => {
      firstPageShown();
      const whenIdle = () => {
        startReporting();
        registerServiceWorker();
      };
      if ('requestIdleCallback' in window) requestIdleCallback(whenIdle, { timeout: 5000 });
      else setTimeout(whenIdle, 1000);
    }),
  );
/** For the end-to-end tests and support: the app has started on this page (hydrated, or rendered). */
const markStarted = () => root.setAttribute('data-started', composed ? 'hydrated' : 'rendered');

if (composed) {
  // The page the server composed is hydrated where it stands (decision 019): React needs the same tree as the server's
  // first, so the remote's page code and the router's lazy routes are loaded before it starts; the loaders' data came
  // with the page. A remote that cannot be loaded here leaves its server HTML as it is (remote-slot.tsx).
  const page = pageForPath(pathWithoutLanguage(window.location.pathname));
  if (page) await loadRemoteModule(page.remote, page.module).catch(() => markFailedBeforeHydration(page.remote, page.module));
  await Promise.all([routerReady(router), loadCatalogs(language)]);
  // Once more: a lazy route the page sits in (the dashboard's frame) registered its words as it loaded.
  await loadCatalogs(language);
  activateLanguage(language);
  // The language's number formats are made in a task of their own, not in the middle of hydrating.
  await warmFormats(language);
  setHydrationSession(composed.session);
  // The answers the server's loaders read: the page finds them in the cache and asks nothing again.
  if (composed.queries) await hydrateCache(composed.queries, { visitor: composed.session?.status !== 'signed-in' });
  performance.mark('phonehaat:hydrate');
  const taps = takeEarlyTaps();
  const input = readEarlyInput(root);
  let shellHydrated: () => void = () => undefined;
  // What was done before the app started reaches the page once both it and the shell run, outside React's own work
  // (a tap from inside an effect could not make React hydrate what it lands on).
  void Promise.all([new Promise<void>((resolve) => (shellHydrated = resolve)), pageHydrated]).then(() =>
    setTimeout(() => {
      performance.mark('phonehaat:hydrated');
      announceEarlyInput(input);
      replayTaps(taps);
      // A form sent before React handled it is sent again once it does (asked to hydrate it first), and so is any the
      // recorder keeps from now on (a part whose code still loads).
      const scheduleHydration = (target: Element) => (hydration as typeof hydration & { unstable_scheduleHydration(target: Element): void }).unstable_scheduleHydration(target);
      window.__phonehaatReplay = () => replaySubmits(takeEarlySubmits(), scheduleHydration);
      window.__phonehaatReplay();
      markStarted();
      afterFirstPage();
    }),
  );
  const hydration = hydrateRoot(
    root,
    <StrictMode>
      <Started
        onStarted={() => {
          shellHydrated();
          // React hydrates the remote's slot (a Suspense boundary) when idle; one a person has already acted on, now.
          // (React 19's selective hydration; not in its published types.)
          const slot = root.querySelector('[data-remote]');
          if (slot && (taps.length || input.length || window.__phonehaatSubmits?.length)) (hydration as typeof hydration & { unstable_scheduleHydration(target: Element): void }).unstable_scheduleHydration(slot);
        }}
      >
        <AppRoot router={router} />
      </Started>
    </StrictMode>,
    // A mismatch is a bug to fix (the end-to-end tests fail on this message); React then renders that part afresh.
    { onRecoverableError: (error) => console.error('PhoneHaat could not hydrate the composed page', error) },
  );
} else {
  void routerReady(router).then(afterFirstPage);
  // The shell's words before its first render (a remote's come with its page, in the route's loader).
  await loadCatalogs(language);
  activateLanguage(language);
  createRoot(root).render(
    <StrictMode>
      <Started onStarted={markStarted}>
        <AppRoot router={router} />
      </Started>
    </StrictMode>,
  );
}
