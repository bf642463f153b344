// The words of the courier parts (an address's fields, a parcel's steps, BTRC's NEIR steps), in every language: loaded
// with those parts (delivery-parts.tsx), not with every page.
import type en from './locales/en.json';
import { catalogs } from '../i18n/catalogs';

export const { t, useT } = catalogs<typeof en>('ui-delivery', {
  en: () => import('./locales/en.json?catalog'),
  bn: () => import('./locales/bn.json?catalog'),
});
