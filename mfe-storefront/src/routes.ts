// The storefront's pages (issue 44): the shell's route table, slot labels and server composition are derived from
// this list when the shell is built, and this remote's exposes when it is. Imports nothing at run time but data.
import type { PageDeclaration } from '@phonehaat/shared-api/pages';
import { homeReads } from './features/home/api/paths';

export const pages: PageDeclaration[] = [
  {
    path: '/',
    module: 'home-page',
    file: './src/exposed/home-page.tsx',
    permission: null,
    label: { en: 'the home page', bn: 'হোমপেজ' },
    composed: true,
    loader: true,
    loadsItself: true,
    preloadData: homeReads,
  },
  { path: '/blog', module: 'blog-page', file: './src/exposed/blog-page.tsx', permission: null, label: { en: 'the blog', bn: 'ব্লগ' }, composed: true },
  {
    path: '/products/:id',
    module: 'category-page',
    file: './src/exposed/category-page.tsx',
    permission: 'browse:products',
    label: { en: "this brand's phones", bn: 'এই ব্র্যান্ডের ফোনগুলো' },
    composed: true,
    loader: true,
  },
  { path: '/search', module: 'search-page', file: './src/exposed/search-page.tsx', permission: 'browse:products', label: { en: 'the search results', bn: 'খোঁজের ফলাফল' }, composed: true, loader: true },
  // A phone's page is public (issue 48): a shared link and a search engine see it; booking, offers and messages ask to sign in.
  { path: '/product/:id', module: 'product-page', file: './src/exposed/product-page.tsx', permission: null, label: { en: 'this phone', bn: 'এই ফোনটি' }, composed: true, loader: true },
  // What any phone sells for: the price guide without a listing in front of one (issue 30's guide; issue 44's new page).
  { path: '/price-guide', module: 'price-guide-page', file: './src/exposed/price-guide-page.tsx', permission: 'browse:products', label: { en: 'the price guide', bn: 'দামের গাইড' }, loader: true },
  // The phone proves itself (issue 68): its check, run in its own browser from a link, without signing in there.
  { path: '/check/:token', module: 'device-check-page', file: './src/exposed/device-check-page.tsx', permission: null, label: { en: 'the phone check', bn: 'ফোনের চেক' }, loader: true },
  // A seller's profile is public, like the home page (issue 28).
  { path: '/sellers/:id', module: 'seller-page', file: './src/exposed/seller-page.tsx', permission: null, label: { en: 'the seller’s profile', bn: 'বিক্রেতার প্রোফাইল' }, composed: true, loader: true },
];
