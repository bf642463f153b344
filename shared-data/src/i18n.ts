// shared-data's words (the API client's own messages), in every language.
import { catalogs } from '@phonehaat/shared-ui';
import type en from './locales/en.json';

export const { t, useT } = catalogs<typeof en>('data', {
  en: () => import('./locales/en.json?catalog'),
  bn: () => import('./locales/bn.json?catalog'),
});
