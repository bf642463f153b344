import { describe, expect, it } from 'vitest';
import { coverageLines, incompatibilities } from './compat.js';
import type { ShellFacts } from '@phonehaat/shared-api/releases';

const shell: ShellFacts = {
  name: 'shell',
  provides: { react: '19.3.0', 'react-dom': '19.3.0', 'react-router-dom': '7.18.0', '@phonehaat/shared-auth': '0.1.0' },
};
const pages = ['add-product-page', 'my-products-page'];
const seller = (requires: Record<string, string>, exposes = pages) => ({ name: 'seller' as const, requires, exposes, pages });

describe('the compatibility gate', () => {
  it('lets through a release whose singleton ranges the shell satisfies and which exposes every page it publishes', () => {
    expect(incompatibilities(seller({ react: '^19.0.0', 'react-router-dom': '^7.18.0', '@phonehaat/shared-auth': '^0.1.0' }), shell)).toEqual([]);
    expect(incompatibilities(seller({ react: '>=19.3.0 <21' }, [...pages, 'extra-page']), shell)).toEqual([]);
    // A page gone from a release goes with it (issue 67): the shell routes to what the live release publishes.
    expect(incompatibilities({ ...seller({}, ['my-products-page']), pages: ['my-products-page'] }, shell)).toEqual([]);
  });

  it('names the package and both versions when a singleton range is not met, as the runtime would decide', () => {
    expect(incompatibilities(seller({ react: '^20.0.0' }), shell)).toEqual(['react: the release needs ^20.0.0, the live shell provides 19.3.0']);
    expect(incompatibilities(seller({ 'react-router-dom': '~7.19.0' }), shell)).toEqual(['react-router-dom: the release needs ~7.19.0, the live shell provides 7.18.0']);
    // A 0.x caret range allows patch releases only.
    expect(incompatibilities(seller({ '@phonehaat/shared-auth': '^0.2.0' }), shell)).toEqual(['@phonehaat/shared-auth: the release needs ^0.2.0, the live shell provides 0.1.0']);
  });

  it('refuses a singleton the shell does not provide, or a range that is not one', () => {
    expect(incompatibilities(seller({ zustand: '^5.0.0' }), shell)).toEqual(['zustand: the release needs ^5.0.0, and the live shell does not provide it']);
    expect(incompatibilities(seller({ react: 'latest-and-greatest' }), shell)).toEqual(['react: the release asks for "latest-and-greatest", which is not a semver range']);
  });

  it('refuses a release that publishes a page it does not expose', () => {
    expect(incompatibilities(seller({}, ['my-products-page']), shell)).toEqual(['add-product-page: the release publishes a page of it, and does not expose it']);
  });
});

describe('the gate on catalogs (issue 25)', () => {
  const offering = { ...shell, languages: ['en', 'bn'] };
  const withCatalogs = (bn: { messages: number; missing: string[] } | undefined) => ({
    ...seller({}),
    catalogs: { en: { messages: 40, missing: [] }, ...(bn ? { bn } : {}) },
  });

  it('lets through a release with every word in every language the shell offers', () => {
    expect(incompatibilities(withCatalogs({ messages: 40, missing: [] }), offering)).toEqual([]);
  });

  it('refuses one that lacks words in an offered language, naming at most five keys', () => {
    const missing = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    expect(incompatibilities(withCatalogs({ messages: 40, missing }), offering)).toEqual([
      "bn: the release's catalog lacks 7 of its 40 messages (a, b, c, d, e and 2 more)",
    ]);
    expect(incompatibilities(withCatalogs(undefined), offering)).toEqual(['bn: the live shell offers it, and the release has no bn catalog']);
    expect(incompatibilities(seller({}), offering)).toEqual(['bn: the live shell offers it, and the release has no catalogs (built before the languages)']);
  });

  it('asks nothing of a shell that offers no languages (built before them)', () => {
    expect(incompatibilities(withCatalogs(undefined), shell)).toEqual([]);
    expect(incompatibilities(seller({}), shell)).toEqual([]);
  });

  it('prints coverage per language', () => {
    expect(coverageLines({ en: { messages: 3, missing: [] }, bn: { messages: 3, missing: ['x'] } })).toEqual([
      'catalog en: 3/3 messages (100%)',
      'catalog bn: 2/3 messages (66.6%), missing x',
    ]);
  });
});
