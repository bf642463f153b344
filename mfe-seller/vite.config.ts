import { defineConfig } from 'vite';
import { ports } from '@phonehaat/federation-config/shared';
import { federatedApp } from '@phonehaat/federation-config/vite';

export default defineConfig(({ command }) =>
  federatedApp(
    {
      name: 'seller',
      port: ports.seller,
      exposes: {
        './add-product-page': './src/exposed/add-product-page.tsx',
        './my-products-page': './src/exposed/my-products-page.tsx',
        './earnings-page': './src/exposed/earnings-page.tsx',
      },
      // A returning user's first page, composed by the shell's server (decision 018).
      serverPages: ['./add-product-page', './earnings-page'],
    },
    { command },
  ),
);
