// shared-ui's own words (the pagination, the dialogs' Close, the cards' facts): a catalog like every slice's.
import type en from '../locales/en.json';
import { catalogs } from './catalogs';

export const { t, useT } = catalogs<typeof en>('ui', {
  en: () => import('../locales/en.json?catalog'),
  bn: () => import('../locales/bn.json?catalog'),
});
