import '@phonehaat/shared-ui/tokens.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { startSession, useSession } from '@phonehaat/shared-auth';
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
  // Composed for a visitor, or for a returning user (data-for, decision 018): taken over only by the same session.
  const { status, user } = useSession.getState();
  const composedFor = root.getAttribute('data-for');
  const ours = composedFor === null ? status === 'signed-out' : status === 'signed-in' && user?.email === composedFor;
  if (!ours) {
    // Someone else's page (hidden by index.html's style until now): start as without it.
    root.replaceChildren();
    root.removeAttribute('data-composed');
    root.removeAttribute('data-for');
  } else {
    // The page the server composed stays until the same page is ready here (its code and data, in the route
    // loaders): React then replaces it in one commit, so nothing blinks or moves (decision 015), and what was
    // typed or tapped meanwhile carries over.
    await routerReady(router);
    const carried = carryFrom(root);
    const composed = root;
    app = (
      <AfterFirstRender
        onRendered={() => {
          composed.removeAttribute('data-composed');
          composed.removeAttribute('data-for');
          restoreInto(composed, carried);
        }}
      >
        {app}
      </AfterFirstRender>
    );
  }
}
createRoot(root).render(<StrictMode>{app}</StrictMode>);
