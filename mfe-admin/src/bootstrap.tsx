// The admin remote on its own, for its team (`pnpm --filter mfe-admin dev`).
import '@phonehaat/shared-ui/tokens.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { paths } from '@phonehaat/shared-auth';
import { StandaloneApp } from '@phonehaat/shared-auth/standalone';
import AllBuyersPage from './exposed/all-buyers-page';
import AllSellersPage from './exposed/all-sellers-page';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <StandaloneApp
      name="Admin"
      routes={[
        { path: paths.allSellers, element: <AllSellersPage /> },
        { path: paths.allBuyers, element: <AllBuyersPage /> },
      ]}
    />
  </StrictMode>,
);
