import '@phonehaat/shared-ui/tokens.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { startSession } from '@phonehaat/shared-auth';
import { createRouter, routerReady } from './app/router';
import { manifestRequest } from './federation/early-start';
import { loadManifest } from './federation/manifest';
import { AfterFirstRender, carryFrom, restoreInto } from './app/takeover';

// A remembered session's pages show at once; Firebase confirms it once the first page is on screen.
let firstPageShown: () => void = () => undefined;
startSession({ confirmAfter: new Promise<void>((resolve) => (firstPageShown = resolve)) });
await loadManifest(manifestRequest);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
const router = createRouter();
void routerReady(router).then(() => requestAnimationFrame(() => setTimeout(firstPageShown)));
let app = <RouterProvider router={router} />;
if (root.hasAttribute('data-composed')) {
  if (document.documentElement.hasAttribute('data-session')) {
    // The shell's server composed a visitor's page, hidden from this returning user: start as without it.
    root.replaceChildren();
    root.removeAttribute('data-composed');
  } else {
    // The visitor sees the page the server composed until the same page is ready here (its code and data, in the
    // route loaders): React then replaces it in one commit, so nothing blinks or moves (decision 015), and what the
    // visitor typed or tapped meanwhile carries over.
    await routerReady(router);
    const carried = carryFrom(root);
    const composed = root;
    app = (
      <AfterFirstRender
        onRendered={() => {
          composed.removeAttribute('data-composed');
          restoreInto(composed, carried);
        }}
      >
        {app}
      </AfterFirstRender>
    );
  }
}
createRoot(root).render(<StrictMode>{app}</StrictMode>);
