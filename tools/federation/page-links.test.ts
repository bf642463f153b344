// The links to the slices' pages are made from their declarations (issue 67): the generated module is current, and
// what it builds is the page's address with each parameter encoded.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pageLinks, pagePatterns } from '@phonehaat/shared-api/page-links';
import { linkName, PAGE_LINKS_FILE, renderPageLinks } from './page-links.js';
import { readDeclaredPages, shellPages } from './pages.js';

describe("the links to the slices' pages", () => {
  it("are generated from the slices' declarations: run `pnpm page-links` after changing a slice's src/routes.ts", async () => {
    expect(readFileSync(PAGE_LINKS_FILE, 'utf8')).toBe(await renderPageLinks());
  });

  it('name every declared page by its module, and match its pattern', async () => {
    const { pages } = shellPages(await readDeclaredPages());
    expect(Object.keys(pageLinks)).toEqual(pages.map((page) => linkName(page.module)));
    expect(Object.values(pagePatterns)).toEqual(pages.map((page) => page.path));
    expect(linkName('my-orders-page')).toBe('myOrders');
  });

  it('build each address with its parameters encoded, an optional one left out when not given', () => {
    expect(pageLinks.home).toBe('/');
    expect(pageLinks.product('a b/c')).toBe('/product/a%20b%2Fc');
    expect(pageLinks.category('42')).toBe('/products/42');
    expect(pageLinks.inbox()).toBe('/inbox');
    expect(pageLinks.inbox('t1')).toBe('/inbox/t1');
    expect(pageLinks.notifications('settings')).toBe('/notifications/settings');
  });
});
