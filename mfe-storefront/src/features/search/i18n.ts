// The words of the search page, its filters and what it says when nothing is found, in every language: a catalog of its own, loaded with the page that shows it
// (not with the home page), so a visitor's first page carries only the words it shows.
import { catalogs } from '@phonehaat/shared-ui';
import type en from './locales/en.json';

export const { t, useT } = catalogs<typeof en>('storefront-search', {
  en: () => import('./locales/en.json?catalog'),
  bn: () => import('./locales/bn.json?catalog'),
});
