// The seller's pages (issue 44): the shell's route table, menu, slot labels and server composition are derived from
// this list when the shell is built, and this remote's exposes when it is.
import type { PageDeclaration } from '@phonehaat/shared-api/pages';

export const pages: PageDeclaration[] = [
  {
    path: '/dashboard/addproduct',
    module: 'add-product-page',
    file: './src/exposed/add-product-page.tsx',
    permission: 'create:product',
    label: { en: 'the add-a-product form', bn: 'পণ্য যোগ করার ফর্ম' },
    menu: { en: 'Add a product', bn: 'পণ্য যোগ করুন' },
    composed: true,
    loader: true,
    loadsItself: true,
  },
  {
    path: '/dashboard/myproduct',
    module: 'my-products-page',
    file: './src/exposed/my-products-page.tsx',
    permission: 'read:product:own',
    label: { en: 'your products', bn: 'আপনার পণ্যগুলো' },
    menu: { en: 'My Product', bn: 'আমার পণ্য' },
  },
  // A seller's money and payouts (issue 33).
  {
    path: '/dashboard/earnings',
    module: 'earnings-page',
    file: './src/exposed/earnings-page.tsx',
    permission: 'read:earnings:own',
    label: { en: 'your earnings', bn: 'আপনার আয়' },
    menu: { en: 'Earnings', bn: 'আয়' },
    composed: true,
    loader: true,
    loadsItself: true,
  },
];
