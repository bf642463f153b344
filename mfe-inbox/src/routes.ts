// The inbox's pages (issues 26 and 27, 44): the shell's route table, slot labels and server composition are derived
// from this list when the shell is built, and this remote's exposes when it is.
import type { PageDeclaration } from '@phonehaat/shared-api/pages';

export const pages: PageDeclaration[] = [
  // Every conversation address (/inbox, /inbox/:id, /inbox/new?listing=…) is this one page.
  {
    path: '/inbox/:id?',
    module: 'inbox-page',
    file: './src/exposed/inbox-page.tsx',
    permission: 'read:thread:own',
    label: { en: 'your messages', bn: 'আপনার বার্তাগুলো' },
    composed: true,
    loader: true,
    loadsItself: true,
  },
  // Notifications and which e-mails to get (issue 27), beside the conversations.
  {
    path: '/notifications/:section?',
    module: 'notifications-page',
    file: './src/exposed/notifications-page.tsx',
    permission: 'read:notification:own',
    label: { en: 'your notifications', bn: 'আপনার নোটিফিকেশন' },
    composed: true,
    loader: true,
  },
  // Bargaining (issue 47): offers made and received, answered in turn; in the dashboard's menu for buyers and sellers.
  {
    path: '/dashboard/offers',
    module: 'offers-page',
    file: './src/exposed/offers-page.tsx',
    permission: 'read:offer:own',
    label: { en: 'your offers', bn: 'আপনার প্রস্তাবগুলো' },
    menu: { en: 'Offers', bn: 'দরদাম' },
    composed: true,
    loader: true,
    loadsItself: true,
  },
  // One-click unsubscribe from an e-mail's link: no sign-in, a button that confirms it.
  {
    path: '/unsubscribe',
    module: 'unsubscribe-page',
    file: './src/exposed/unsubscribe-page.tsx',
    permission: null,
    label: { en: 'the unsubscribe page', bn: 'আনসাবস্ক্রাইব পাতা' },
    composed: true,
    loader: true,
    loadsItself: true,
  },
];
