import { defineConfig } from 'vite';
import { ports } from '@phonehaat/federation-config/shared';
import { federatedApp } from '@phonehaat/federation-config/vite';

export default defineConfig(({ command }) =>
  federatedApp(
    {
      name: 'buyer',
      port: ports.buyer,
      exposes: {
        './my-orders-page': './src/exposed/my-orders-page.tsx',
        './payment-page': './src/exposed/payment-page.tsx',
      },
      // A returning user's first page, composed by the shell's server (decision 018).
      serverPages: ['./my-orders-page'],
    },
    { command },
  ),
);
