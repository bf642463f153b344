// Every route path of the product, in one typed table. The shell's router and the remotes' links
// both use it, so no URL string is scattered around.
export const paths = {
  home: '/',
  blog: '/blog',
  login: '/login',
  signup: '/signup',
  products: (brandId: string) => `/products/${encodeURIComponent(brandId)}`,
  dashboard: '/dashboard',
  myOrders: '/dashboard/myorders',
  payment: (bookingId: string) => `/dashboard/payment/${encodeURIComponent(bookingId)}`,
  addProduct: '/dashboard/addproduct',
  myProducts: '/dashboard/myproduct',
  allSellers: '/dashboard/allsellers',
  allBuyers: '/dashboard/allbuyers',
} as const;

/** Route patterns for the router table. */
export const patterns = {
  products: '/products/:id',
  payment: '/dashboard/payment/:id',
} as const;
