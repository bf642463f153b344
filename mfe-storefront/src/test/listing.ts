import type { Photo, Product } from '@phonehaat/shared-api';

export const appleId = '9f1b8c2e-1d3a-4c5b-8e7f-0a1b2c3d4e5f';

/** A listing as the API returns it, for the storefront's tests; `i` makes its id and name its own. */
export const listing = (i: number, overrides: Partial<Product> = {}): Product => ({
  _id: `2b7e7d0c-5a6e-4f4e-9c55-0b1b7a1d3c${String(i).padStart(2, '0')}`,
  name: `iPhone ${10 + i}`,
  img: 'http://localhost:4100/images/products/iphone-12.svg',
  photos: [],
  brandId: appleId,
  brandName: 'Apple',
  condition: 'Good',
  resalePrice: 40000 + i * 1000,
  originalPrice: 90000,
  usedYear: 2021,
  location: 'Mirpur, Dhaka',
  description: '',
  sellerName: 'Karim Hossain',
  sellerId: 'e0000000-0000-4000-8000-000000000001',
  sellerVerified: false,
  sellerPhoneVerified: false,
  sellerRating: null,
  sellerReviews: 0,
  imeiChecked: false,
  openToOffers: false,
  courier: false,
  status: 'available',
  advertised: false,
  createdAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
});

/** An uploaded photo as the API returns it; `n` makes it its own. */
export const photo = (n: number): Photo => ({
  _id: `c0000000-0000-4000-8000-00000000000${n}`,
  small: `http://api.test/photos/${String(n).repeat(64)}-320.webp`,
  medium: `http://api.test/photos/${String(n).repeat(64)}-800.webp`,
  large: `http://api.test/photos/${String(n).repeat(64)}-1600.webp`,
  width: 1600,
  height: 1200,
});
