import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { DisputeCase } from '@phonehaat/shared-api';
import { ToastHost } from '@phonehaat/shared-ui';
import { setSession } from '@phonehaat/shared-auth/testing';
import { mockApi } from '@phonehaat/shared-data/testing';
import DisputesPage, { loader } from './disputes-page';

const dispute = (over: Partial<DisputeCase> = {}): DisputeCase => ({
  _id: 'd0000000-0000-4000-8000-000000000001',
  bookingId: 'b0000000-0000-4000-8000-000000000001',
  reason: 'not-as-described',
  note: 'The screen is cracked',
  photos: ['http://localhost:4100/photos/abc-800.webp'],
  status: 'open',
  decisionReason: null,
  createdAt: '2026-11-25T10:00:00.000Z',
  decidedAt: null,
  amount: 1_250_000,
  method: 'bkash',
  transactionId: 'TRX123',
  refundTo: null,
  product: { _id: 'p0000000-0000-4000-8000-000000000001', name: 'Galaxy S21', img: 'http://localhost:4100/images/x.svg' },
  buyer: { _id: 'a0000000-0000-4000-8000-000000000001', name: 'Rina', email: 'rina@example.com' },
  seller: { _id: 'a0000000-0000-4000-8000-000000000002', name: 'Karim', email: 'karim@example.com' },
  decidedBy: null,
  ...over,
});
const page = (cases: DisputeCase[]) => ({ cases, total: cases.length, page: 1, limit: 10, openCount: cases.filter((c) => c.status === 'open').length });

function show() {
  render(
    <>
      <RouterProvider router={createMemoryRouter([{ path: '/', element: <DisputesPage />, loader }])} />
      <ToastHost />
    </>,
  );
}

describe('Disputes', () => {
  it("shows a dispute with the buyer's note and photo, and refunds only with a reason both sides will read", async () => {
    setSession({ role: 'admin' });
    let open = [dispute()];
    const calls = mockApi({
      'GET /disputes': () => page(open),
      [`POST /disputes/${dispute()._id}/decision`]: () => {
        open = [];
        return { status: 'refunded' };
      },
    });
    show();
    const card = await screen.findByRole('article', { name: 'Galaxy S21' });
    expect(card).toHaveTextContent('The screen is cracked');
    expect(card).toHaveTextContent('Tk 12,500 paid by bKash');
    expect(within(card).getByRole('img', { name: 'Photo 1 from the buyer' })).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Refund the buyer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund the buyer of Galaxy S21?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund Tk 12,500' }));
    expect(await within(dialog).findByText('Write the reason (at least 3 characters).')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Another phone was brought');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund Tk 12,500' }));
    expect(await screen.findByText('Refunded the buyer of Galaxy S21')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ outcome: 'refund', reason: 'Another phone was brought' });
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Galaxy S21' })).not.toBeInTheDocument());
  });

  it('says why a decision failed (decided meanwhile by another admin) and shows where it now stands', async () => {
    setSession({ role: 'admin' });
    let current = [dispute()];
    mockApi({
      'GET /disputes': () => page(current),
      [`POST /disputes/${dispute()._id}/decision`]: () => {
        current = [];
        return [409, { message: 'This dispute was decided already: the money was released to the seller' }];
      },
    });
    show();
    const card = await screen.findByRole('article', { name: 'Galaxy S21' });
    await userEvent.click(within(card).getByRole('button', { name: 'Release to the seller' }));
    const dialog = await screen.findByRole('dialog', { name: 'Release the payment for Galaxy S21 to its seller?' });
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'The phone matches');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Release Tk 12,500' }));
    expect(await screen.findByText('This dispute was decided already: the money was released to the seller')).toBeInTheDocument();
    expect(await screen.findByText('No open disputes')).toBeInTheDocument();
  });

  it("refunds a sale paid in cash at the door by bKash, to the number the parcel was delivered to, saying so first", async () => {
    setSession({ role: 'admin' });
    const cash = dispute({ method: 'cash', reason: 'neir-blocked', transactionId: 'pathao:DL2611270001', refundTo: { method: 'bkash', number: '01712345678', chosenByBuyer: false, confirmedAt: null, failedAt: null } });
    const calls = mockApi({ 'GET /disputes': () => page([cash]), [`POST /disputes/${cash._id}/decision`]: { status: 'refunded' } });
    show();
    const card = await screen.findByRole('article');
    expect(within(card).getByText("Does not work with the buyer's SIM (NEIR)")).toBeInTheDocument();
    expect(card).toHaveTextContent('Paid in cash at the door: a refund is sent by bKash to 01712345678, the number the parcel was delivered to (the buyer has named no other wallet).');
    expect(within(card).getByRole('button', { name: 'Release to the seller' })).toBeEnabled();
    await userEvent.click(within(card).getByRole('button', { name: 'Refund the buyer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund the buyer of Galaxy S21?' });
    expect(dialog).toHaveTextContent('Tk 12,500, paid in cash at the door, is sent to Rina by bKash, to 01712345678; Karim receives nothing for this sale.');
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'The handset is blocked by NEIR');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund Tk 12,500' }));
    expect(await screen.findByText('Refunded the buyer of Galaxy S21')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ outcome: 'refund', reason: 'The handset is blocked by NEIR' });
  });

  it('says a cash refund goes to the Nagad account the buyer named, and asks to send it there', async () => {
    setSession({ role: 'admin' });
    const cash = dispute({ method: 'cash', transactionId: 'pathao:DL2611270002', refundTo: { method: 'nagad', number: '01811223344', chosenByBuyer: true, confirmedAt: '2026-12-02T10:00:00.000Z', failedAt: null } });
    mockApi({ 'GET /disputes': () => page([cash]) });
    show();
    const card = await screen.findByRole('article');
    expect(card).toHaveTextContent('Paid in cash at the door: a refund is sent by Nagad to 01811223344, the wallet the buyer named and confirmed with a code.');
    await userEvent.click(within(card).getByRole('button', { name: 'Refund the buyer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund the buyer of Galaxy S21?' });
    expect(dialog).toHaveTextContent('Tk 12,500, paid in cash at the door, is sent to Rina by Nagad, to 01811223344');
  });

  it('names a party whose account was made by phone as having no e-mail address, not an empty pair of brackets', async () => {
    setSession({ role: 'admin' });
    const byPhone = dispute({ buyer: { _id: 'a0000000-0000-4000-8000-000000000001', name: 'Rina', email: null } });
    mockApi({ 'GET /disputes': page([byPhone]) });
    show();
    const card = await screen.findByRole('article', { name: 'Galaxy S21' });
    expect(card).toHaveTextContent('Buyer Rina (no e-mail: signed up by phone) · Seller Karim (karim@example.com)');
  });
});

