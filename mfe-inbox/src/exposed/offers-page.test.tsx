import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Offer } from '@phonehaat/shared-api';
import { setSession } from '@phonehaat/shared-auth/testing';
import { mockApi, type Handler, type RecordedCall } from '@phonehaat/shared-data/testing';
import OffersPage, { loader } from './offers-page';

const offer = (overrides: Partial<Offer> = {}): Offer => ({
  _id: 'f0000000-0000-4000-8000-000000000001',
  productId: 'e0000000-0000-4000-8000-000000000004',
  productName: 'Redmi Note 12',
  img: 'http://localhost:4100/images/products/redmi-note-12.svg',
  askingPrice: 20000,
  buyerName: 'Nusrat Jahan',
  sellerName: 'Karim Mia',
  amount: 16000,
  round: 1,
  status: 'open',
  turn: 'seller',
  yourSide: 'seller',
  expiresAt: '2026-11-29T10:00:00.000Z',
  reservedUntil: null,
  steps: [{ by: 'buyer', action: 'offered', amount: 16000, note: 'Cash ready today', at: '2026-11-28T10:00:00.000Z' }],
  createdAt: '2026-11-28T10:00:00.000Z',
  ...overrides,
});

function page(routes: Record<string, Handler>): RecordedCall[] {
  const calls = mockApi({ 'POST /stream/tickets': [503, { message: 'not in unit tests' }], ...routes });
  render(
    <RouterProvider
      router={createMemoryRouter(
        [
          { path: '/dashboard/offers', element: <OffersPage />, loader },
          { path: '/product/:id', element: <p>product page</p> },
        ],
        { initialEntries: ['/dashboard/offers'] },
      )}
    />,
  );
  return calls;
}

beforeEach(() => setSession({ role: 'Seller' }));

describe('the offers page', () => {
  it("shows an offer on the seller's phone with what was said, and sends a counter-offer typed in Bangla digits", async () => {
    const calls = page({
      'GET /offers': [offer()],
      'POST /offers/f0000000-0000-4000-8000-000000000001/answer': ({ body }) => [200, offer({ amount: (body as { amount: number }).amount, round: 2, turn: 'buyer' })],
    });
    const section = await screen.findByRole('region', { name: 'Offers on your phones' });
    const card = within(section).getByTestId('offer');
    expect(card).toHaveTextContent('Buyer: Nusrat Jahan');
    expect(within(card).getByRole('list', { name: 'What was said' })).toHaveTextContent('Buyer offered Tk 16,000: Cash ready today');
    expect(within(card).getByRole('status')).toHaveTextContent('Now on the table: Tk 16,000 · Round 1 of 3. Your answer is awaited');
    await userEvent.type(within(card).getByLabelText('Your counter-offer, in taka'), '১৮,৫০০');
    await userEvent.click(within(card).getByRole('button', { name: 'Send counter-offer' }));
    expect(await within(card).findByText(/Waiting for an answer/)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST' && call.url.endsWith('/answer'))?.body).toEqual({ action: 'counter', amount: 18500 });
    expect(within(card).queryByRole('button', { name: /Accept/ })).not.toBeInTheDocument();
  });

  it("says why an answer was refused, in the API's words, and keeps the offer as it was", async () => {
    page({
      'GET /offers': [offer()],
      'POST /offers/f0000000-0000-4000-8000-000000000001/answer': [409, { statusCode: 409, message: 'This offer has expired' }],
    });
    const card = await screen.findByTestId('offer');
    await userEvent.click(within(card).getByRole('button', { name: 'Accept Tk 16,000' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('This offer has expired');
    expect(within(card).getByRole('button', { name: 'Accept Tk 16,000' })).toBeInTheDocument();
  });

  it('lets a buyer withdraw an offer that waits, offers only accept or decline in the last round, and leads an accepted one to booking', async () => {
    setSession({ role: 'Buyer' });
    page({
      'GET /offers': [
        offer({ yourSide: 'buyer' }),
        offer({ _id: 'f0000000-0000-4000-8000-000000000002', yourSide: 'buyer', turn: 'buyer', round: 3, amount: 17500 }),
        offer({ _id: 'f0000000-0000-4000-8000-000000000003', yourSide: 'buyer', status: 'accepted', reservedUntil: '2026-11-30T10:00:00.000Z', amount: 18000 }),
      ],
    });
    const section = await screen.findByRole('region', { name: 'Your offers' });
    const [waiting, last, accepted] = within(section).getAllByTestId('offer');
    expect(within(waiting!).getByRole('button', { name: 'Withdraw offer' })).toBeInTheDocument();
    expect(last).toHaveTextContent('This is the last round: accept or decline it.');
    expect(within(last!).queryByLabelText('Your counter-offer, in taka')).not.toBeInTheDocument();
    expect(within(accepted!).getByRole('link', { name: 'Book at Tk 18,000' })).toHaveAttribute('href', '/product/e0000000-0000-4000-8000-000000000004');
  });

  it('says what to do when there is no offer yet, and offers a retry when they cannot be loaded', async () => {
    let answer: [number, unknown] = [500, { statusCode: 500, message: 'Internal Server Error' }];
    page({ 'GET /offers': () => answer });
    expect(await screen.findByText('Your offers could not be loaded.')).toBeInTheDocument();
    answer = [200, []];
    await userEvent.click(screen.getByRole('button', { name: /Try again|Retry/ }));
    expect(await screen.findByText('No offers yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find a phone' })).toBeInTheDocument();
  });
});
