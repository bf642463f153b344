// The price guide page's words, in every language: a catalog of its own, loaded with the page.
import { catalogs } from '@phonehaat/shared-ui';
import type en from './locales/en.json';

export const { t, useT } = catalogs<typeof en>('storefront-price-guide', {
  en: () => import('./locales/en.json?catalog'),
  bn: () => import('./locales/bn.json?catalog'),
});
