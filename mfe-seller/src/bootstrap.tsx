// The seller remote on its own, for its team (`pnpm --filter mfe-seller dev`).
import '@phonehaat/shared-ui/tokens.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { paths } from '@phonehaat/shared-auth';
import { StandaloneApp } from '@phonehaat/shared-auth/standalone';
import AddProductPage from './exposed/add-product-page';
import MyProductsPage from './exposed/my-products-page';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <StandaloneApp
      name="Seller"
      routes={[
        { path: paths.addProduct, element: <AddProductPage /> },
        { path: paths.myProducts, element: <MyProductsPage /> },
      ]}
    />
  </StrictMode>,
);
