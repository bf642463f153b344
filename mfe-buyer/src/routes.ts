// The buyer's pages (issue 44): the shell's route table, menu, slot labels and server composition are derived from
// this list when the shell is built, and this remote's exposes when it is.
import type { PageDeclaration } from '@phonehaat/shared-api/pages';

export const pages: PageDeclaration[] = [
  {
    path: '/dashboard/myorders',
    module: 'my-orders-page',
    file: './src/exposed/my-orders-page.tsx',
    permission: 'read:booking:own',
    label: { en: 'your orders', bn: 'আপনার অর্ডারগুলো' },
    menu: { en: 'My Orders', bn: 'আমার অর্ডার' },
    composed: true,
    loader: true,
    loadsItself: true,
  },
  { path: '/dashboard/payment/:id', module: 'payment-page', file: './src/exposed/payment-page.tsx', permission: 'pay:booking:own', label: { en: 'the payment page', bn: 'পেমেন্টের পাতা' }, loader: true },
];
