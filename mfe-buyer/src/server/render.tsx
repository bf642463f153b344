// The buyer's server renderer (decision 018): a returning buyer's page as HTML for the first paint, composed into the
// shell's page by the shell's server. Built for Node beside the browser build (tools/federation/vite.ts).
import type { ServerRenderer } from '@phonehaat/federation-config/server-render';
import { renderPage, type PageModule } from '@phonehaat/shared-auth/server';

/** The pages rendered here (serverPages in vite.config.ts). */
const pages: Record<string, () => Promise<PageModule>> = {
  'my-orders-page': () => import('../exposed/my-orders-page'),
};

export const render: ServerRenderer['render'] = (request) => renderPage(pages, request);
