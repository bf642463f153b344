// Every route path of the product, in one typed table. The shell's router, the remotes' links and the API's e-mails
// all use it, so no URL string is scattered around.
export const paths = {
  home: '/',
  blog: '/blog',
  login: '/login',
  signup: '/signup',
  /** "Forgot password?": asks for the address the reset link goes to. */
  forgotPassword: '/forgot-password',
  /** Where the reset e-mail leads: a new password for the one-time code Firebase made (`?oobCode=…`). */
  resetPassword: '/reset-password',
  products: (brandId: string) => `/products/${encodeURIComponent(brandId)}`,
  /** Search results; `q` as typed ("iphone 13 128" → /search?q=iphone+13+128), or a whole query string of filters. */
  search: (query: string | URLSearchParams = '') => {
    const params = typeof query === 'string' ? new URLSearchParams(query.trim() ? { q: query.trim() } : {}) : query;
    const search = params.toString();
    return search ? `/search?${search}` : '/search';
  },
  product: (productId: string) => `/product/${encodeURIComponent(productId)}`,
  /** A seller's public profile: their rating, reviews and phones on sale. */
  seller: (sellerId: string) => `/sellers/${encodeURIComponent(sellerId)}`,
  dashboard: '/dashboard',
  myOrders: '/dashboard/myorders',
  payment: (bookingId: string) => `/dashboard/payment/${encodeURIComponent(bookingId)}`,
  addProduct: '/dashboard/addproduct',
  myProducts: '/dashboard/myproduct',
  /** A seller's money: held, released, paid out, fees per sale, the next payout and the payout wallet (issue 33). */
  earnings: '/dashboard/earnings',
  allSellers: '/dashboard/allsellers',
  allBuyers: '/dashboard/allbuyers',
  reports: '/dashboard/reports',
  /** Buyers' disputes of held sales, beside the reports (issue 33). */
  disputes: '/dashboard/disputes',
  /** Where every taka is, and the reconciliation against the providers (issue 33). */
  money: '/dashboard/money',
  activity: '/dashboard/activity',
  /** Phones that cannot be listed (confirmed stolen), by their IMEI. */
  blockedPhones: '/dashboard/blocked-phones',
  /** Each slice's releases as people's browsers measured them (issue 29). */
  releases: '/dashboard/releases',
  /** Conversations (the inbox slice): all of them, one, or the one about a listing (opened on arrival). */
  inbox: '/inbox',
  thread: (threadId: string) => `/inbox/${encodeURIComponent(threadId)}`,
  /** "Message the seller" (a buyer), or with the buyer "Message the buyer" (the listing's seller). */
  messageAbout: (productId: string, buyerId?: string) =>
    `/inbox/new?${new URLSearchParams({ listing: productId, ...(buyerId ? { buyer: buyerId } : {}) }).toString()}`,
  /** Offers a person made and received, and their answers (the inbox slice's page in the dashboard, issue 47). */
  offers: '/dashboard/offers',
  /** Notifications (the inbox slice), and which e-mails a person gets. */
  notifications: '/notifications',
  notificationSettings: '/notifications/settings',
  /** The searches a person saved (beside the notifications they bring). */
  savedSearches: '/notifications/searches',
  /** An e-mail's one-click unsubscribe (no sign-in). */
  unsubscribe: '/unsubscribe',
} as const;

/** Route patterns for the router table. */
export const patterns = {
  products: '/products/:id',
  search: '/search',
  product: '/product/:id',
  seller: '/sellers/:id',
  payment: '/dashboard/payment/:id',
  /** Every conversation address is the inbox slice's one page. */
  inbox: '/inbox/:id?',
  notifications: '/notifications/:section?',
} as const;
