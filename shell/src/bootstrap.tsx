import '@phonehaat/shared-ui/tokens.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { startSession } from '@phonehaat/shared-auth';
import { createRouter } from './app/router';
import { manifestRequest } from './federation/early-start';
import { loadManifest } from './federation/manifest';

startSession();
await loadManifest(manifestRequest);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <RouterProvider router={createRouter()} />
  </StrictMode>,
);
