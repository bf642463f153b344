// The storefront's words for every page (home, blog, brand pages, listing cards, booking), in every language; a phone's
// page, search and reports have catalogs of their own in their features (loaded with their pages).
import { catalogs } from '@phonehaat/shared-ui';
import type en from './locales/en.json';

export const { t, useT } = catalogs<typeof en>('storefront', {
  en: () => import('./locales/en.json?catalog'),
  bn: () => import('./locales/bn.json?catalog'),
});
