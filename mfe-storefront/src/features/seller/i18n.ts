// The words of a seller's profile, in every language: a catalog of its own, loaded with the page that shows it.
import { catalogs } from '@phonehaat/shared-ui';
import type en from './locales/en.json';

export const { t, useT } = catalogs<typeof en>('storefront-seller', {
  en: () => import('./locales/en.json?catalog'),
  bn: () => import('./locales/bn.json?catalog'),
});
