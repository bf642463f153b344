// The inbox remote on its own, for its team (`pnpm --filter mfe-inbox dev`).
import '@phonehaat/shared-ui/tokens.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { patterns } from '@phonehaat/shared-auth';
import { StandaloneApp } from '@phonehaat/shared-auth/standalone';
import InboxPage, { loader } from './exposed/inbox-page';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <StandaloneApp
      name="Inbox"
      routes={[
        { path: patterns.inbox, element: <InboxPage />, loader },
      ]}
    />
  </StrictMode>,
);
