import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { setSession } from '@phonehaat/shared-auth/testing';
import { mockApi, type RecordedCall } from '@phonehaat/shared-data/testing';
import { appleId, listing } from '../test/listing';
import CategoryPage, { loader } from './category-page';

/** The person's number is verified: listing and booking need one (issue 46). */
const verifiedPhone = { phone: '01712345678', verifiedAt: '2026-11-20T10:00:00.000Z' };

const brandId = appleId;
const product = (i: number) => listing(i);

let calls: RecordedCall[];
const renderPage = (path = `/products/${brandId}`) => {
  const router = createMemoryRouter(
    [
      { path: '/products/:id', element: <CategoryPage />, loader },
      { path: '/dashboard/myorders', element: <p>my orders page</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
};

describe('a brand page', () => {
  beforeEach(() => {
    setSession({ role: 'Buyer', name: 'Tanvir Ahmed', email: 'tanvir@example.com' });
    calls = mockApi({ 'GET /me/phone': verifiedPhone,
      [`GET /products/${brandId}`]: ({ url }) => ({
        brand: { _id: brandId, name: 'Apple' },
        products: url.includes('page=2') ? [product(3)] : [product(1), product(2)],
        total: 14,
        page: url.includes('page=2') ? 2 : 1,
        limit: 12,
      }),
      'POST /bookeditems': { acknowledged: true, insertedId: '5b7e7d0c-5a6e-4f4e-9c55-0b1b7a1d3c01' },
      // Book Now from a card reads the phone again for this buyer's price (issue 65).
      [`GET /product/${product(1)._id}`]: { ...product(1), keptFor: null },
    });
  });

  it("loads the brand's phones before showing them, with pages", async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Apple phones' })).toBeInTheDocument();
    expect(screen.getByText('14 phones for sale')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Book Now/ })).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: /next/i }));
    expect(await screen.findByRole('heading', { name: 'iPhone 13' })).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toContain(`/products/${brandId}?page=2&limit=12`);
  });

  it('books a phone: name, email, item and price are shown read-only; success goes to My Orders', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Book Now: iPhone 11' }));
    const dialog = screen.getByRole('dialog', { name: 'Book iPhone 11' });
    expect(within(dialog).getByLabelText('Your name')).toHaveValue('Tanvir Ahmed');
    expect(within(dialog).getByLabelText('Your name')).toHaveAttribute('readonly');
    expect(within(dialog).getByLabelText('Your email')).toHaveValue('tanvir@example.com');
    expect(within(dialog).getByLabelText('Item')).toHaveValue('iPhone 11');
    expect(await within(dialog).findByTestId('booking-price')).toHaveTextContent('PriceTk 41,000');
    // The verified number is shown, not asked again (issue 65); it can still be changed.
    await waitFor(() => expect(within(dialog).getByLabelText('Phone number')).toHaveValue('01712345678'));
    await userEvent.clear(within(dialog).getByLabelText('Phone number'));
    await userEvent.type(within(dialog).getByLabelText('Phone number'), '01811-000111');
    await userEvent.type(within(dialog).getByLabelText('Meeting location'), 'Uttara, Dhaka');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit booking' }));
    expect(await screen.findByText('my orders page')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ id: product(1)._id, phone: '01811-000111', meetingLocation: 'Uttara, Dhaka' });
  });

  it('books from a card at the price the seller agreed with this buyer, read from the server, and says so', async () => {
    mockApi({
      'GET /me/phone': verifiedPhone,
      [`GET /products/${brandId}`]: { brand: { _id: brandId, name: 'Apple' }, products: [product(1)], total: 1, page: 1, limit: 12 },
      [`GET /product/${product(1)._id}`]: { ...product(1), keptFor: { you: true, until: '2026-11-30T10:00:00.000Z', price: 38_500 } },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Book Now: iPhone 11' }));
    const dialog = screen.getByRole('dialog', { name: 'Book iPhone 11' });
    expect(await within(dialog).findByTestId('booking-price')).toHaveTextContent('Agreed priceTk 38,500');
    expect(dialog).not.toHaveTextContent('Tk 41,000');
  });

  it('offers courier delivery only for a seller who sends by courier, and says why before anything is typed', async () => {
    mockApi({
      'GET /me/phone': verifiedPhone,
      [`GET /products/${brandId}`]: { brand: { _id: brandId, name: 'Apple' }, products: [product(1), { ...product(2), courier: true }], total: 2, page: 1, limit: 12 },
      [`GET /product/${product(1)._id}`]: { ...product(1), keptFor: null },
      [`GET /product/${product(2)._id}`]: { ...product(2), courier: true, keptFor: null },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Book Now: iPhone 11' }));
    let dialog = screen.getByRole('dialog', { name: 'Book iPhone 11' });
    expect(within(dialog).getByRole('radio', { name: /Courier delivery/ })).toBeDisabled();
    expect(dialog).toHaveTextContent('This seller does not send by courier: meet them to buy this phone');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: `Book Now: ${product(2).name}` }));
    dialog = screen.getByRole('dialog', { name: `Book ${product(2).name}` });
    expect(within(dialog).getByRole('radio', { name: /Courier delivery/ })).toBeEnabled();
    expect(dialog).not.toHaveTextContent('does not send by courier');
  });

  it("shows the server's reason when a booking is refused", async () => {
    mockApi({ 'GET /me/phone': verifiedPhone,
      [`GET /products/${brandId}`]: { brand: { _id: brandId, name: 'Apple' }, products: [product(1)], total: 1, page: 1, limit: 12 },
      'POST /bookeditems': [409, { statusCode: 409, error: 'Conflict', message: 'You have already booked this phone' }],
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Book Now: iPhone 11' }));
    const dialog = screen.getByRole('dialog');
    await waitFor(() => expect(within(dialog).getByLabelText('Phone number')).toHaveValue('01712345678'));
    await userEvent.clear(within(dialog).getByLabelText('Phone number'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit booking' }));
    expect(within(dialog).getByText('Phone number is required')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Phone number'), '01811000111');
    await userEvent.type(within(dialog).getByLabelText('Meeting location'), 'Mirpur');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit booking' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You have already booked this phone');
  });

  it('tells a seller that only buyers can book', async () => {
    setSession({ role: 'Seller' });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Book Now: iPhone 11' }));
    expect(screen.getByText(/Only buyer accounts can book phones/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit booking' })).toBeDisabled();
  });
});
