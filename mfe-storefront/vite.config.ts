import { defineConfig } from 'vite';
import { ports } from '@phonehaat/federation-config/shared';
import { federatedApp } from '@phonehaat/federation-config/vite';
import { homePaths } from './src/features/home/api/paths';

export default defineConfig(({ command }) =>
  federatedApp({
    name: 'storefront',
    port: ports.storefront,
    exposes: {
      './home-page': './src/exposed/home-page.tsx',
      './blog-page': './src/exposed/blog-page.tsx',
      './category-page': './src/exposed/category-page.tsx',
      './search-page': './src/exposed/search-page.tsx',
      './product-page': './src/exposed/product-page.tsx',
      './seller-page': './src/exposed/seller-page.tsx',
    },
    preloadData: { './home-page': Object.values(homePaths) },
    serverPages: ['./home-page', './blog-page', './category-page', './search-page', './product-page', './seller-page'],
  }, { command }),
);
