// Every route path of the product, in one typed table. The shell's router, the remotes' links and the API's e-mails
// all use it, so no URL string is scattered around. The slices' pages are declared by their slices (their
// src/routes.ts) and their links generated from those declarations (page-links.ts, issue 67); here are only the
// shell's own pages and the links that add a query or a section to a slice's page.
import { pageLinks, pagePatterns } from './page-links.ts';

export const paths = {
  ...pageLinks,
  login: '/login',
  signup: '/signup',
  /** "Forgot password?": asks for the address the reset link goes to. */
  forgotPassword: '/forgot-password',
  /** Where the reset e-mail leads: a new password for the one-time code Firebase made (`?oobCode=…`). */
  resetPassword: '/reset-password',
  /** The dashboard's frame (its menu), the shell's own. */
  dashboard: '/dashboard',
  /** Search results; `q` as typed ("iphone 13 128" → /search?q=iphone+13+128), or a whole query string of filters. */
  search: (query: string | URLSearchParams = '') => {
    const params = typeof query === 'string' ? new URLSearchParams(query.trim() ? { q: query.trim() } : {}) : query;
    const search = params.toString();
    return search ? `${pageLinks.search}?${search}` : pageLinks.search;
  },
  /** "Message the seller" (a buyer), or with the buyer "Message the buyer" (the listing's seller). */
  messageAbout: (productId: string, buyerId?: string) =>
    `${pageLinks.inbox('new')}?${new URLSearchParams({ listing: productId, ...(buyerId ? { buyer: buyerId } : {}) }).toString()}`,
  /** Which e-mails a person gets (a section of the notifications page). */
  notificationSettings: pageLinks.notifications('settings'),
  /** The searches a person saved (beside the notifications they bring). */
  savedSearches: pageLinks.notifications('searches'),
} as const;

/** The slices' pages' route patterns, for matching an address ("/products/:id"). */
export const patterns = pagePatterns;
