// The admin's pages (issue 44), in the dashboard menu's order: the shell's route table, menu, slot labels and server
// composition are derived from this list when the shell is built, and this remote's exposes when it is.
import type { PageDeclaration } from '@phonehaat/shared-api/pages';

export const pages: PageDeclaration[] = [
  {
    path: '/dashboard/allsellers',
    module: 'all-sellers-page',
    file: './src/exposed/all-sellers-page.tsx',
    permission: 'read:user:any',
    label: { en: 'the seller list', bn: 'বিক্রেতাদের তালিকা' },
    menu: { en: 'All Sellers', bn: 'সব বিক্রেতা' },
    composed: true,
    loader: true,
    loadsItself: true,
  },
  {
    path: '/dashboard/allbuyers',
    module: 'all-buyers-page',
    file: './src/exposed/all-buyers-page.tsx',
    permission: 'read:user:any',
    label: { en: 'the buyer list', bn: 'ক্রেতাদের তালিকা' },
    menu: { en: 'All Buyers', bn: 'সব ক্রেতা' },
  },
  {
    path: '/dashboard/reports',
    module: 'reports-page',
    file: './src/exposed/reports-page.tsx',
    permission: 'moderate:listing:any',
    label: { en: 'the reports', bn: 'অভিযোগগুলো' },
    menu: { en: 'Reports', bn: 'অভিযোগ' },
  },
  // Buyers' disputes beside the reports, and where every taka is (issue 33).
  {
    path: '/dashboard/disputes',
    module: 'disputes-page',
    file: './src/exposed/disputes-page.tsx',
    permission: 'decide:dispute:any',
    label: { en: 'the disputes', bn: 'আপত্তিগুলো' },
    menu: { en: 'Disputes', bn: 'আপত্তি' },
    composed: true,
    loader: true,
    loadsItself: true,
  },
  {
    path: '/dashboard/money',
    module: 'money-page',
    file: './src/exposed/money-page.tsx',
    permission: 'read:money:any',
    label: { en: 'the money', bn: 'টাকার হিসাব' },
    menu: { en: 'Money', bn: 'টাকার হিসাব' },
    composed: true,
    loader: true,
    loadsItself: true,
  },
  {
    path: '/dashboard/activity',
    module: 'activity-page',
    file: './src/exposed/activity-page.tsx',
    permission: 'read:audit:any',
    label: { en: 'the activity log', bn: 'কার্যক্রমের খাতা' },
    menu: { en: 'Activity', bn: 'কার্যক্রম' },
  },
  {
    path: '/dashboard/blocked-phones',
    module: 'blocked-phones-page',
    file: './src/exposed/blocked-phones-page.tsx',
    permission: 'manage:imei-blocklist:any',
    label: { en: 'the blocked phones', bn: 'ব্লক করা ফোন' },
    menu: { en: 'Blocked phones', bn: 'ব্লক করা ফোন' },
  },
  // Each slice's releases as visitors' browsers measured them (issue 29).
  {
    path: '/dashboard/releases',
    module: 'releases-page',
    file: './src/exposed/releases-page.tsx',
    permission: 'read:rum:any',
    label: { en: 'the releases', bn: 'রিলিজ' },
    menu: { en: 'Releases', bn: 'রিলিজ' },
  },
];
