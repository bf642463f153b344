// The words of the phone-number and e-mail forms (a number verified by a code, a code asked again, an address added to
// an account made by phone), in every language: loaded with those forms (phone-parts.tsx), not with every page.
import { catalogs } from '@phonehaat/shared-ui';
import type en from './locales/en.json';

export const { t, useT } = catalogs<typeof en>('auth-phone', {
  en: () => import('./locales/en.json?catalog'),
  bn: () => import('./locales/bn.json?catalog'),
});
