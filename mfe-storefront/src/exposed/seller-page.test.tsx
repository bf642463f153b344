import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Review, SellerProfile } from '@phonehaat/shared-api';
import { mockApi } from '@phonehaat/shared-data/testing';
import { listing } from '../test/listing';
import SellerPage, { loader } from './seller-page';

const id = 'e0000000-0000-4000-8000-000000000001';
const profile: SellerProfile = { _id: id, name: 'Karim Hossain', verified: true, phoneVerified: true, memberSince: '2025-03-10T08:00:00.000Z', phonesSold: 23, rating: 4.8, reviewCount: 12 };
const review = (n: number, overrides: Partial<Review> = {}): Review => ({
  _id: `f0000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`,
  stars: 5,
  comment: `Great phone ${n}`,
  buyerName: 'Tanvir A.',
  productName: 'iPhone 12 128GB',
  createdAt: '2026-11-20T10:00:00.000Z',
  editedAt: null,
  reply: null,
  repliedAt: null,
  ...overrides,
});
const renderPage = (path = `/sellers/${id}`) => {
  const router = createMemoryRouter([{ path: '/sellers/:id', element: <SellerPage />, loader }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
};

describe("a seller's profile", () => {
  it('shows who they are, their rating, reviews with replies, and their phones on sale', async () => {
    mockApi({
      [`GET /sellers/${id}`]: profile,
      // The page asked for, as the API answers it.
      [`GET /sellers/${id}/reviews`]: ({ url }) => ({
        reviews: [review(1, { stars: 4, reply: 'Thank you!', repliedAt: '2026-11-21T10:00:00.000Z' }), review(2)],
        total: 12,
        page: Number(new URLSearchParams(url.split('?')[1]).get('page') ?? 1),
        limit: 10,
      }),
      [`GET /sellers/${id}/listings`]: { products: [listing(1, { name: 'Galaxy A54', sellerId: id, sellerName: 'Karim Hossain', sellerRating: 4.8, sellerReviews: 12 })], total: 13, page: 1, limit: 12 },
    });
    const router = renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: /Karim Hossain/ })).toBeInTheDocument();
    expect(screen.getByText('Member since March 2025')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: /Karim Hossain/ })).toHaveTextContent('Phone number verified');
    expect(screen.getByText('23 phones sold')).toBeInTheDocument();
    // What a shared link and search engines read of the profile, in the head.
    const description = 'Karim Hossain sells second-hand phones on PhoneHaat. Member since March 2025; 23 phones sold; rated 4.8 from 12 reviews.';
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute('content', description);
    expect(document.head.querySelector('meta[property="og:title"]')).toHaveAttribute('content', 'Karim Hossain on PhoneHaat');
    expect(document.head.querySelector('meta[property="og:description"]')).toHaveAttribute('content', description);
    expect(document.head.querySelector('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary');
    expect(screen.getAllByText('Rated 4.8 out of 5 from 12 reviews')[0]).toBeInTheDocument();
    const reviews = await screen.findAllByTestId('review');
    expect(reviews).toHaveLength(2);
    expect(reviews[0]).toHaveTextContent('4 out of 5 stars');
    expect(reviews[0]).toHaveTextContent('Tanvir A. bought iPhone 12 128GB');
    expect(reviews[0]).toHaveTextContent('Karim Hossain replied:Thank you!');
    const card = within(screen.getByTestId('product-grid')).getByRole('article');
    expect(within(card).getByRole('link', { name: 'Karim Hossain' })).toHaveAttribute('href', `/sellers/${id}`);
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Reviews of Karim Hossain, pages' })).getByRole('button', { name: 'Page 2' }));
    expect(router.state.location.search).toBe('?reviews=2');
    // As a person would, the next tap waits for the page to show page 2 of the reviews (the router renders its new
    // state in a transition: under load, a tap before that started from the old address, and CI once saw ?phones=2).
    await waitFor(() => expect(within(screen.getByRole('navigation', { name: 'Reviews of Karim Hossain, pages' })).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page'));
    await userEvent.click(within(await screen.findByRole('navigation', { name: 'Phones of Karim Hossain, pages' })).getByRole('button', { name: 'Page 2' }));
    expect(router.state.location.search).toBe('?reviews=2&phones=2');
  });

  it('says when a seller has no reviews or phones yet, and when there is no such seller', async () => {
    mockApi({
      [`GET /sellers/${id}`]: { ...profile, phonesSold: 0, rating: null, reviewCount: 0 },
      [`GET /sellers/${id}/reviews`]: { reviews: [], total: 0, page: 1, limit: 10 },
      [`GET /sellers/${id}/listings`]: { products: [], total: 0, page: 1, limit: 12 },
    });
    renderPage();
    expect(await screen.findByText('No rating yet')).toBeInTheDocument();
    expect(screen.getByText('No phones sold yet')).toBeInTheDocument();
    expect(screen.getByText(/No reviews yet/)).toBeInTheDocument();
    expect(screen.getByText('No phones on sale right now.')).toBeInTheDocument();
  });

  it('shows a way on when the seller is not found', async () => {
    mockApi({ [`GET /sellers/${id}`]: [404, { statusCode: 404, message: 'Seller not found' }], [`GET /sellers/${id}/reviews`]: { reviews: [], total: 0, page: 1, limit: 10 }, [`GET /sellers/${id}/listings`]: { products: [], total: 0, page: 1, limit: 12 } });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'This seller is not on PhoneHaat' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse phones' })).toHaveAttribute('href', '/');
  });
});
