import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SellerSummary } from '@phonehaat/shared-api';
import { ToastHost } from '@phonehaat/shared-ui';
import { setSession } from '@phonehaat/shared-auth/testing';
import { mockApi, type RecordedCall } from '@phonehaat/shared-data/testing';
import AllSellersPage, { loader } from './all-sellers-page';

const seller = (i: number, overrides: Partial<SellerSummary> = {}): SellerSummary => ({
  _id: `a0000000-0000-4000-8000-0000000000${String(i).padStart(2, '0')}`,
  name: `Seller ${i}`,
  email: `seller${i}@example.com`,
  role: 'Seller',
  verified: false,
  listings: i,
  phoneEnding: null,
  createdAt: '2026-10-01T10:00:00.000Z',
  ...overrides,
});

/** The API's answer for a page: the server searches and pages, as GET /users/allsellers?q&page&limit does. */
const served = (all: SellerSummary[]) => ({ url }: { url: string }) => {
  const params = new URL(url, 'http://api.test').searchParams;
  const q = (params.get('q') ?? '').toLowerCase();
  const page = Number(params.get('page') ?? 1);
  const limit = Number(params.get('limit') ?? 20);
  const matches = all.filter((s) => !q || `${s.name} ${s.email}`.toLowerCase().includes(q));
  return { users: matches.slice((page - 1) * limit, page * limit), total: matches.length, page, limit };
};

let calls: RecordedCall[];
/** The page in a router, as the shell shows it: with its loader, or (a host without one) loading its list itself. */
const page = ({ withLoader = false } = {}) =>
  render(
    <>
      <RouterProvider router={createMemoryRouter([{ path: '/', element: <AllSellersPage />, ...(withLoader ? { loader } : {}) }])} />
      <ToastHost />
    </>,
  );
const row = (name: string) => screen.getAllByTestId('seller-row').find((tr) => within(tr).queryByRole('rowheader', { name }))!;

beforeEach(() => {
  setSession({ role: 'admin', email: 'ayesha@example.com', name: 'Ayesha Rahman' });
  calls = mockApi({
    'GET /users/allsellers': served([seller(1, { name: 'Karim Hossain', email: 'karim@example.com', verified: true, listings: 12 }), seller(2, { name: 'Nusrat Jahan', email: 'nusrat@example.com' })]),
    'PUT /seller/verify/a0000000-0000-4000-8000-000000000002': { modifiedCount: 1 },
    'DELETE /seller/a0000000-0000-4000-8000-000000000002': { deletedCount: 1 },
  });
});

describe('All Sellers', () => {
  it("removes an abusive review from a seller's reviews, only with a reason", async () => {
    const sellerId = seller(1)._id;
    const review = { _id: 'f0000000-0000-4000-8000-000000000001', stars: 1, comment: 'Rude words here', buyerName: 'Tanvir A.', productName: 'Pixel 8', createdAt: '2026-11-20T10:00:00.000Z', editedAt: null, reply: null, repliedAt: null };
    let reviews = [review];
    calls = mockApi({
      'GET /users/allsellers': served([seller(1, { name: 'Karim Hossain' })]),
      [`GET /sellers/${sellerId}/reviews`]: () => ({ reviews, total: reviews.length, page: 1, limit: 10 }),
      [`DELETE /admin/reviews/${review._id}`]: () => ((reviews = []), { modifiedCount: 1 }),
    });
    page();
    await screen.findAllByTestId('seller-row');
    await userEvent.click(screen.getByRole('button', { name: 'Reviews of Karim Hossain' }));
    const dialog = screen.getByRole('dialog', { name: 'Reviews of Karim Hossain' });
    const item = await within(dialog).findByTestId('admin-review');
    expect(item).toHaveTextContent('1 out of 5 stars');
    expect(item).toHaveTextContent('Rude words here');
    await userEvent.click(within(item).getByRole('button', { name: 'Remove the review by Tanvir A.' }));
    await userEvent.click(within(item).getByRole('button', { name: 'Remove review' }));
    expect(within(item).getByLabelText('Why it is removed (for the activity log)')).toHaveAccessibleDescription(/at least 3 characters/);
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await userEvent.type(within(item).getByLabelText('Why it is removed (for the activity log)'), 'Abusive language');
    await userEvent.click(within(item).getByRole('button', { name: 'Remove review' }));
    expect(await screen.findByText('Review removed')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'DELETE')?.body).toEqual({ reason: 'Abusive language' });
    expect(await within(dialog).findByText('Nobody has rated this seller yet.')).toBeInTheDocument();
  });

  it("shows the first page its loader read at once, without asking again", async () => {
    page({ withLoader: true });
    await screen.findAllByTestId('seller-row');
    expect(row('Nusrat Jahan')).toHaveTextContent('Not verified');
    expect(calls.filter((call) => call.url.startsWith('/users/allsellers'))).toHaveLength(1);
  });

  it('shows each seller with email, verified state and number of listings', async () => {
    page();
    await screen.findAllByTestId('seller-row');
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(row('Karim Hossain')).toHaveTextContent('karim@example.com');
    expect(row('Karim Hossain')).toHaveTextContent('Verified');
    expect(row('Karim Hossain')).toHaveTextContent('12');
    expect(row('Nusrat Jahan')).toHaveTextContent('Not verified');
    expect(within(row('Karim Hossain')).queryByRole('button', { name: /Verify/ })).not.toBeInTheDocument();
  });

  it('verifies a seller: the list is read again through the cache, and the row says Verified without a reload', async () => {
    let nusrat = seller(2, { name: 'Nusrat Jahan', email: 'nusrat@example.com' });
    calls = mockApi({
      'GET /users/allsellers': (request) => served([seller(1, { name: 'Karim Hossain', verified: true }), nusrat])(request),
      [`PUT /seller/verify/${nusrat._id}`]: () => ((nusrat = { ...nusrat, verified: true }), { modifiedCount: 1 }),
    });
    page();
    await screen.findAllByTestId('seller-row');
    await userEvent.click(screen.getByRole('button', { name: 'Verify Nusrat Jahan' }));
    expect(await screen.findByText('verified successfully')).toBeInTheDocument();
    await waitFor(() => expect(row('Nusrat Jahan')).not.toHaveTextContent('Not verified'));
    expect(within(row('Nusrat Jahan')).queryByRole('button', { name: /Verify/ })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2);
  });

  it('deletes only after a confirmation that names the seller', async () => {
    page();
    await screen.findAllByTestId('seller-row');
    await userEvent.click(screen.getByRole('button', { name: 'Delete Nusrat Jahan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Nusrat Jahan?' });
    expect(dialog).toHaveTextContent('nusrat@example.com');
    expect(dialog).toHaveTextContent('no longer be able to sign in');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Delete Nusrat Jahan' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted Successfully')).toBeInTheDocument();
    // The page is read again from the server.
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2));
  });

  it('keeps the row and shows the reason when a delete fails', async () => {
    mockApi({ 'GET /users/allsellers': served([seller(2)]), 'DELETE /seller/a0000000-0000-4000-8000-000000000002': [404, { message: 'Seller not found' }] });
    page();
    await screen.findAllByTestId('seller-row');
    await userEvent.click(screen.getByRole('button', { name: 'Delete Seller 2' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Seller not found')).toBeInTheDocument();
    expect(screen.getAllByTestId('seller-row')).toHaveLength(1);
  });

  it('asks the server for each page and for what is typed, once typing pauses', async () => {
    const requests = mockApi({ 'GET /users/allsellers': served(Array.from({ length: 23 }, (_, i) => seller(i + 1))) });
    page();
    await screen.findAllByTestId('seller-row');
    expect(screen.getAllByTestId('seller-row')).toHaveLength(10);
    expect(screen.getByText('23 sellers')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(screen.getAllByTestId('seller-row')).toHaveLength(3));
    expect(requests.at(-1)?.url).toBe('/users/allsellers?page=3&limit=10');
    await userEvent.type(screen.getByLabelText('Search sellers'), 'SELLER1');
    // seller1, seller10…seller19, back on page 1; one request for the whole word.
    expect(await screen.findByText('11 sellers match “SELLER1”')).toBeInTheDocument();
    expect(requests.filter((c) => c.url.includes('q=')).map((c) => c.url)).toEqual(['/users/allsellers?page=1&limit=10&q=SELLER1']);
    expect(screen.getAllByTestId('seller-row')).toHaveLength(10);
    await userEvent.clear(screen.getByLabelText('Search sellers'));
    await userEvent.type(screen.getByLabelText('Search sellers'), 'nobody');
    expect(await screen.findByText('No match')).toBeInTheDocument();
  });

  it('has loading, error-with-retry and empty states', async () => {
    let fail = true;
    mockApi({ 'GET /users/allsellers': () => (fail ? [500, { message: 'Something went wrong on our side' }] : { users: [], total: 0, page: 1, limit: 10 }) });
    page();
    expect(screen.getByLabelText('Loading sellers')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No sellers yet')).toBeInTheDocument();
  });

  it("never offers Delete on the admin's own row", async () => {
    mockApi({ 'GET /users/allsellers': served([seller(1, { name: 'Ayesha Rahman', email: 'ayesha@example.com' })]) });
    page();
    await screen.findAllByTestId('seller-row');
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });
});
