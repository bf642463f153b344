// The admin remote on its own, for its team (`pnpm --filter mfe-admin dev`).
import '@phonehaat/shared-ui/tokens.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StandaloneApp, standaloneRoutes } from '@phonehaat/shared-auth/standalone';
import { pages } from './routes';

// Every page this remote declares (./routes.ts), each loaded when first opened.
const routes = standaloneRoutes(pages, import.meta.glob(['./exposed/*.tsx', '!./exposed/*.test.tsx']));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <StandaloneApp name="Admin" routes={routes} />
  </StrictMode>,
);
