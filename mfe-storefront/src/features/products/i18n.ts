// The words of booking a phone (the booking dialog and its delivery choice), in every language: a catalog of their own,
// loaded with the pages that show the dialog (not with the home page, whose cards only link to those pages).
import { catalogs } from '@phonehaat/shared-ui';
import type en from './locales/en.json';

export const { t, useT } = catalogs<typeof en>('storefront-booking', {
  en: () => import('./locales/en.json?catalog'),
  bn: () => import('./locales/bn.json?catalog'),
});
