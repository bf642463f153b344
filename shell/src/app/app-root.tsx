import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { basenameOf } from '@phonehaat/shared-ui';
import { keepEntries } from './back-forward';
import { onLanguageSwitched } from './language';
import { RemotePagesContext } from './remote-pages-context';
import { remotePages } from './route-remotes';
import { createRouter, routerReady } from './router';
import { routerForRum } from '../rum/early';

type Router = ReturnType<typeof createRouter>;

/**
 * The app: its router, which a language switch replaces with one at the new language's addresses (basename /bn), the
 * page it shows handed over with its data (nothing is asked of the API again), without a reload.
 */
export function AppRoot({ router: first }: { router: Router }) {
  const [router, setRouter] = useState(first);
  useEffect(
    () =>
      onLanguageSwitched((language) => {
        const { loaderData, actionData } = router.state;
        const next = createRouter(remotePages(), { loaderData, actionData }, basenameOf(language));
        void routerReady(next).then(() => {
          keepEntries(next);
          routerForRum(next);
          setRouter(next);
          router.dispose();
        });
      }),
    [router],
  );
  // Navigations render as soon as their loaders have answered, not as a transition React may spread over several
  // frames: a Back to a page kept by back-forward.ts is then on screen by the next frame (popstate's are synchronous).
  return (
    <RemotePagesContext.Provider value={remotePages()}>
      <RouterProvider key={router.basename} router={router} useTransitions={false} />
    </RemotePagesContext.Provider>
  );
}
