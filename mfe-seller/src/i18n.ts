// The seller slice's words (Add a product, My Product, photos, bookings), in every language.
import { catalogs } from '@phonehaat/shared-ui';
import type en from './locales/en.json';

export const { t, useT } = catalogs<typeof en>('seller', {
  en: () => import('./locales/en.json?catalog'),
  bn: () => import('./locales/bn.json?catalog'),
});
