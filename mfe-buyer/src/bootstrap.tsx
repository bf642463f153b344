// The buyer remote on its own, for its team (`pnpm --filter mfe-buyer dev`).
import '@phonehaat/shared-ui/tokens.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { paths, patterns } from '@phonehaat/shared-auth';
import { StandaloneApp } from '@phonehaat/shared-auth/standalone';
import MyOrdersPage from './exposed/my-orders-page';
import PaymentPage, { loader as paymentLoader } from './exposed/payment-page';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <StandaloneApp
      name="Buyer"
      routes={[
        { path: paths.myOrders, element: <MyOrdersPage /> },
        { path: patterns.payment, element: <PaymentPage />, loader: paymentLoader },
      ]}
    />
  </StrictMode>,
);
