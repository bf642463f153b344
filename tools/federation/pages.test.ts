// A remote's pages come from its own declarations (issue 44): a page a slice declares in its src/routes.ts becomes, for
// the remote, an exposed and server-rendered module and an entry of the pages.json it publishes (issue 67), which the
// shell routes to, labels and lists at run time, with nothing written in the shell.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PageDeclaration } from '@phonehaat/shared-api/pages';
import { readDeclaredPages, remoteFacts, shellPages } from './pages.js';

const offers: PageDeclaration = {
  path: '/dashboard/offers',
  module: 'offers-page',
  file: './src/exposed/offers-page.tsx',
  permission: 'read:product:own',
  label: { en: 'your offers', bn: 'আপনার অফারগুলো' },
  menu: { en: 'Offers', bn: 'অফার' },
  composed: true,
  loader: true,
};

describe('pages derived from the remotes’ declarations', () => {
  it("takes the Earnings page from the seller's own src/routes.ts: its route, words, menu entry, permission and composition", async () => {
    const declared = await readDeclaredPages();
    const { pages } = shellPages(declared);
    const earnings = pages.find((page) => page.path === '/dashboard/earnings');
    expect(earnings).toMatchObject({ remote: 'seller', module: 'earnings-page', permission: 'read:earnings:own', menu: { en: 'Earnings', bn: 'আয়' }, composed: true, loader: true });
    expect(remoteFacts(declared.seller!)).toMatchObject({
      exposes: { './earnings-page': './src/exposed/earnings-page.tsx' },
      serverPages: ['./add-product-page', './earnings-page'],
    });
    // The storefront's home page starts its public reads with its code.
    expect(remoteFacts(declared.storefront!).preloadData['./home-page']).toContain('/categories');
  });

  it('makes a page added to one slice’s folder a route, a menu entry and an exposed module', async () => {
    // A checkout where only the seller's folder changed: its routes.ts declares one page more.
    const root = mkdtempSync(join(tmpdir(), 'phonehaat-pages-'));
    mkdirSync(join(root, 'mfe-seller', 'src'), { recursive: true });
    writeFileSync(join(root, 'mfe-seller', 'src', 'routes.ts'), `export const pages = ${JSON.stringify([offers])};\n`);
    const declared = await readDeclaredPages(`${root}/`, ['storefront', 'seller']);
    expect(Object.keys(declared)).toEqual(['seller']);
    const { pages } = shellPages(declared);
    expect(pages).toEqual([{ remote: 'seller', path: '/dashboard/offers', module: 'offers-page', permission: 'read:product:own', label: offers.label, menu: offers.menu, composed: true, loader: true }]);
    expect(remoteFacts(declared.seller!)).toEqual({ exposes: { './offers-page': './src/exposed/offers-page.tsx' }, serverPages: ['./offers-page'], preloadData: {} });
  });

  it('refuses a path two pages claim, and a menu entry outside the dashboard', () => {
    expect(() => shellPages({ seller: [offers], admin: [{ ...offers, module: 'admin-offers-page' }] })).toThrow('/dashboard/offers is declared twice: by seller/offers-page and by admin/admin-offers-page');
    expect(() => shellPages({ seller: [{ ...offers, path: '/offers' }] })).toThrow('seller/offers-page: only a page under /dashboard/ has a menu entry');
    expect(shellPages({ seller: [{ ...offers, path: '/offers', menu: undefined }] }).pages).toHaveLength(1);
  });
});
