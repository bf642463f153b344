// The words of the shell's own pages (signing in and up, a new password, the dashboard's frame): a catalog of their
// own, loaded with those pages (their routes' loaders, router.tsx), so a visitor's first page carries only the words of
// the navbar, footer and slots.
import { catalogs } from '@phonehaat/shared-ui';
import type en from './locales/en.json';

export const { t, useT } = catalogs<typeof en>('shell-pages', {
  en: () => import('./locales/en.json?catalog'),
  bn: () => import('./locales/bn.json?catalog'),
});
