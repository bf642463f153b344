import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Product } from '@phonehaat/shared-api';
import { mockApi } from '@phonehaat/shared-data/testing';
import HomePage, { loader } from './home-page';

const phone = (overrides: Partial<Product> = {}): Product => ({
  _id: '2b7e7d0c-5a6e-4f4e-9c55-0b1b7a1d3c01',
  name: 'iPhone 13 Pro 256GB',
  img: 'http://localhost:4100/images/products/iphone-13-pro.svg',
  photos: [],
  brandId: '9f1b8c2e-1d3a-4c5b-8e7f-0a1b2c3d4e5f',
  brandName: 'Apple',
  condition: 'Excellent',
  resalePrice: 68000,
  originalPrice: 134999,
  usedYear: 2022,
  location: 'Dhanmondi, Dhaka',
  description: '',
  sellerName: 'Karim Hossain',
  sellerId: 'e0000000-0000-4000-8000-000000000001',
  sellerVerified: true,
  sellerPhoneVerified: false,
  sellerRating: null,
  sellerReviews: 0,
  imeiChecked: false,
  openToOffers: false,
  courier: false,
  status: 'available',
  advertised: true,
  createdAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
});

/** As the shell routes it: the loader fetches both lists first. Without it, as after the slot's Retry. */
const home = ({ withLoader = true } = {}) =>
  render(<RouterProvider router={createMemoryRouter([{ path: '/', element: <HomePage />, ...(withLoader ? { loader } : {}) }])} />);

describe('the home page', () => {
  it('offers new sellers the discount, lists the brands and shows the advertised phones', async () => {
    mockApi({
      'GET /categories': [
        { _id: '9f1b8c2e-1d3a-4c5b-8e7f-0a1b2c3d4e5f', name: 'Apple' },
        { _id: '1f1b8c2e-1d3a-4c5b-8e7f-0a1b2c3d4e5f', name: 'Samsung' },
      ],
      'GET /advertised': [phone(), phone({ _id: '3b7e7d0c-5a6e-4f4e-9c55-0b1b7a1d3c01', name: 'Galaxy A54', sellerName: 'Nusrat Jahan', sellerVerified: false })],
      'GET /fees': { percent: 5, newSellerPercent: 2, newSellerSales: 3 },
    });
    home();
    // The banner states PhoneHaat's real fee for new sellers.
    expect(await screen.findByRole('heading', { name: 'Sell your old phone: new sellers pay only 2% on their first 3 sales' })).toBeInTheDocument();
    expect(screen.getByText(/PhoneHaat keeps 5% of a sale/)).toBeInTheDocument();
    // The page shows whole: the brands and the phones are there with the banner, no skeleton in between.
    expect(screen.getByTestId('advertised-grid')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/signup');
    expect(await screen.findByRole('link', { name: /Apple/ })).toHaveAttribute('href', '/products/9f1b8c2e-1d3a-4c5b-8e7f-0a1b2c3d4e5f');

    const advertised = await screen.findByTestId('advertised-grid');
    const first = within(advertised).getByRole('heading', { name: 'iPhone 13 Pro 256GB' }).closest('article')!;
    expect(first).toHaveTextContent('Tk 68,000');
    expect(first).toHaveTextContent('Tk 134,999');
    expect(first).toHaveTextContent('Dhanmondi, Dhaka');
    expect(within(first).getByText('Verified seller')).toBeInTheDocument();
    const second = within(advertised).getByRole('heading', { name: 'Galaxy A54' }).closest('article')!;
    expect(within(second).queryByText('Verified seller')).not.toBeInTheDocument();
  });

  it('says so when nothing is advertised', async () => {
    mockApi({ 'GET /categories': [], 'GET /advertised': [] });
    home();
    expect(await screen.findByText('Nothing advertised right now')).toBeInTheDocument();
  });

  it('offers a retry when the brands cannot be loaded, and recovers', async () => {
    let fail = true;
    mockApi({
      'GET /categories': () => (fail ? [500, { message: 'down' }] : [{ _id: '9f1b8c2e-1d3a-4c5b-8e7f-0a1b2c3d4e5f', name: 'Apple' }]),
      'GET /advertised': [],
    });
    home();
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByRole('link', { name: /Apple/ })).toBeInTheDocument();
  });

  it('loads its own lists when no loader ran (the slot retried after the storefront was down)', async () => {
    mockApi({ 'GET /categories': [{ _id: '9f1b8c2e-1d3a-4c5b-8e7f-0a1b2c3d4e5f', name: 'Apple' }], 'GET /advertised': [phone()] });
    home({ withLoader: false });
    expect(await screen.findByRole('link', { name: /Apple/ })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'iPhone 13 Pro 256GB' })).toBeInTheDocument();
  });
});
