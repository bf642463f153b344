import { defineConfig } from 'vite';
import { ports } from '@phonehaat/federation-config/shared';
import { federatedApp } from '@phonehaat/federation-config/vite';

export default defineConfig(({ command }) =>
  federatedApp(
    {
      name: 'admin',
      port: ports.admin,
      exposes: {
        './all-sellers-page': './src/exposed/all-sellers-page.tsx',
        './all-buyers-page': './src/exposed/all-buyers-page.tsx',
        './reports-page': './src/exposed/reports-page.tsx',
        './activity-page': './src/exposed/activity-page.tsx',
        './blocked-phones-page': './src/exposed/blocked-phones-page.tsx',
        './releases-page': './src/exposed/releases-page.tsx',
        './disputes-page': './src/exposed/disputes-page.tsx',
        './money-page': './src/exposed/money-page.tsx',
      },
      // A returning user's first page, composed by the shell's server (decision 018).
      serverPages: ['./all-sellers-page', './disputes-page', './money-page'],
    },
    { command },
  ),
);
