// The storefront's server renderer (issue 13): its pages as HTML for the first paint, composed into the shell's
// page by the shell's server. Built for Node beside the browser build (tools/federation/vite.ts).
import type { ServerRenderer } from '@phonehaat/federation-config/server-render';
import { renderPage, type PageModule } from '@phonehaat/shared-auth/server';

/** The pages rendered here (serverPages in vite.config.ts). */
const pages: Record<string, () => Promise<PageModule>> = {
  'home-page': () => import('../exposed/home-page'),
  'blog-page': () => import('../exposed/blog-page'),
  'category-page': () => import('../exposed/category-page'),
  'search-page': () => import('../exposed/search-page'),
  'product-page': () => import('../exposed/product-page'),
};

export const render: ServerRenderer['render'] = (request) => renderPage(pages, request);
