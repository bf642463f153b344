// The words of notifications, the e-mail settings and the unsubscribe page, in every language: a catalog of its own,
// loaded with those pages (not with the conversations).
import { catalogs } from '@phonehaat/shared-ui';
import type en from './locales/en.json';

export const { t, useT } = catalogs<typeof en>('inbox-notifications', {
  en: () => import('./locales/en.json?catalog'),
  bn: () => import('./locales/bn.json?catalog'),
});
