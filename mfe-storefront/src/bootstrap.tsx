// The storefront on its own, for its team (`pnpm --filter mfe-storefront dev`): the same pages the
// shell loads, in a bare frame with a developer sign-in.
import '@phonehaat/shared-ui/tokens.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { paths, patterns } from '@phonehaat/shared-auth';
import { StandaloneApp } from '@phonehaat/shared-auth/standalone';
import BlogPage from './exposed/blog-page';
import CategoryPage, { loader as categoryLoader } from './exposed/category-page';
import HomePage, { loader as homeLoader } from './exposed/home-page';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <StandaloneApp
      name="Storefront"
      routes={[
        { path: paths.home, element: <HomePage />, loader: homeLoader },
        { path: paths.blog, element: <BlogPage /> },
        { path: patterns.products, element: <CategoryPage />, loader: categoryLoader },
      ]}
    />
  </StrictMode>,
);
