import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Booking } from '@phonehaat/shared-api';
import { ToastHost } from '@phonehaat/shared-ui';
import { setSession } from '@phonehaat/shared-auth/testing';
import { mockApi } from '@phonehaat/shared-data/testing';
import MyOrdersPage, { loader } from './my-orders-page';

const booking = (overrides: Partial<Booking>): Booking => ({
  _id: '7d4f6f43-6b1f-4a43-8b8e-1a2b3c4d5e60',
  productId: '1d4f6f43-6b1f-4a43-8b8e-1a2b3c4d5e60',
  name: 'Galaxy S21 FE 128GB',
  img: 'http://localhost:4100/images/products/galaxy-s21-fe.svg',
  resalePrice: 31000,
  agreed: false,
  userName: 'Tanvir Ahmed',
  email: 'tanvir@example.com',
  phone: '01811-000111',
  meetingLocation: 'Zindabazar, Sylhet',
  seller: { name: 'Karim Hossain', phone: '01711234567', phoneVerified: true },
  delivery: null,
  paid: false,
  available: true,
  transactionId: null,
  paymentMethod: null,
  held: null,
  state: 'waiting',
  createdAt: '2026-11-20T10:00:00.000Z',
  review: null,
  ...overrides,
});

/** The page in a router, as the shell shows it: with its loader, or (a host without one) loading its orders itself. */
const page = ({ withLoader = false } = {}) =>
  render(<RouterProvider router={createMemoryRouter([{ path: '/', element: <MyOrdersPage />, ...(withLoader ? { loader } : {}) }])} />);

beforeEach(() => setSession({ role: 'Buyer', email: 'tanvir@example.com' }));

describe('My Orders', () => {
  it("names the seller with their verified number to call, and says when a listing's number from before is not verified", async () => {
    mockApi({
      'GET /bookeditems': [
        booking({}),
        booking({ _id: 'a0000000-0000-4000-8000-000000000009', name: 'iPhone 11 64GB', seller: { name: 'Nusrat Jahan', phone: '01819-445566', phoneVerified: false } }),
      ],
    });
    page();
    const [verified, earlier] = await screen.findAllByTestId('order');
    expect(within(verified!).getByRole('link', { name: 'Call Karim Hossain: 01711234567' })).toHaveAttribute('href', 'tel:01711234567');
    expect(within(verified!).getByTitle('Phone number verified')).toBeInTheDocument();
    expect(within(earlier!).getByRole('link', { name: 'Call Nusrat Jahan: 01819-445566' })).toHaveTextContent('01819-445566');
    expect(earlier).toHaveTextContent('(number not verified)');
    expect(within(earlier!).queryByTitle('Phone number verified')).not.toBeInTheDocument();
  });

  it('lets the buyer rate the seller of a paid purchase (stars required), then shows the rating and lets them change it', async () => {
    const id = 'a0000000-0000-4000-8000-000000000002';
    const paid = booking({ _id: id, name: 'Paid phone', paid: true, available: false, transactionId: 'pi_abc123', state: 'paid' });
    let rated: Booking = paid;
    const calls = mockApi({
      'GET /bookeditems': () => [rated, booking({ _id: 'a0000000-0000-4000-8000-000000000001', name: 'Unpaid phone' })],
      [`POST /bookings/${id}/review`]: () => {
        rated = { ...paid, review: { _id: 'f0000000-0000-4000-8000-000000000001', stars: 4, comment: 'Met on time', editableUntil: new Date(Date.now() + 86_400_000).toISOString() } };
        return [201, { acknowledged: true, insertedId: 'f0000000-0000-4000-8000-000000000001' }];
      },
      'PUT /reviews/f0000000-0000-4000-8000-000000000001': { modifiedCount: 1 },
    });
    render(
      <>
        <RouterProvider router={createMemoryRouter([{ path: '/', element: <MyOrdersPage /> }])} />
        <ToastHost />
      </>,
    );
    const [paidRow, unpaidRow] = await screen.findAllByTestId('order');
    expect(within(unpaidRow!).queryByRole('button', { name: /Rate/ })).not.toBeInTheDocument();
    await userEvent.click(within(paidRow!).getByRole('button', { name: 'Rate the seller: Paid phone' }));
    const dialog = screen.getByRole('dialog', { name: 'Rate the seller of Paid phone' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send rating' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose 1 to 5 stars');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('radio', { name: /4 stars/ }));
    await userEvent.type(within(dialog).getByLabelText('Your review (optional)'), 'Met on time');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send rating' }));
    expect(await screen.findByText('Thank you for rating the seller')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ stars: 4, comment: 'Met on time' });
    expect(await within(screen.getAllByTestId('order')[0]!).findByText(/You rated the seller 4 stars/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Change your review: Paid phone' }));
    const change = screen.getByRole('dialog', { name: 'Rate the seller of Paid phone' });
    expect(within(change).getByRole('radio', { name: /4 stars/ })).toBeChecked();
    await userEvent.click(within(change).getByRole('radio', { name: /5 stars/ }));
    await userEvent.click(within(change).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your review was changed')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ stars: 5, comment: 'Met on time' });
  });

  it("shows the signed-in buyer's orders its loader read at once, without asking again", async () => {
    const calls = mockApi({ 'GET /bookeditems': [booking({ name: 'Loaded phone' })] });
    page({ withLoader: true });
    expect(await screen.findByTestId('order')).toHaveTextContent('Loaded phone');
    expect(calls.map((call) => call.url)).toEqual(['/bookeditems?email=tanvir%40example.com']);
  });

  it("lists the buyer's bookings: Pay for unpaid, Paid for paid, and says when a phone went to someone else", async () => {
    const calls = mockApi({
      'GET /bookeditems': [
        booking({ _id: 'a0000000-0000-4000-8000-000000000001', name: 'Unpaid phone' }),
        booking({ _id: 'a0000000-0000-4000-8000-000000000002', name: 'Paid phone', paid: true, available: false, transactionId: 'pi_abc123', state: 'paid' }),
        booking({ _id: 'a0000000-0000-4000-8000-000000000003', name: 'Sold phone', available: false, state: 'sold-to-other' }),
      ],
    });
    page();
    const rows = await screen.findAllByTestId('order');
    expect(calls[0]?.url).toBe('/bookeditems?email=tanvir%40example.com');
    const [unpaid, paid, sold] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(unpaid).toHaveTextContent('Tk 31,000');
    expect(unpaid).toHaveTextContent('Meeting at Zindabazar, Sylhet');
    expect(within(unpaid).getByRole('link', { name: 'Pay for Unpaid phone' })).toHaveAttribute('href', '/dashboard/payment/a0000000-0000-4000-8000-000000000001');
    expect(within(paid).getByText('Paid')).toBeInTheDocument();
    expect(paid).toHaveTextContent('pi_abc123');
    expect(within(paid).queryByRole('link', { name: /Pay/ })).not.toBeInTheDocument();
    expect(within(sold).getByText('Sold to someone else')).toBeInTheDocument();
    expect(sold).toHaveTextContent('Another buyer paid for this phone first.');
    expect(within(sold).queryByRole('link', { name: /Pay/ })).not.toBeInTheDocument();
  });

  it.each([
    ['removed', 'Removed by PhoneHaat', 'PhoneHaat removed this listing, so your booking is cancelled'],
    ['withdrawn', 'No longer available', 'Its seller took this phone off PhoneHaat'],
    ['refunded', 'Refunded', 'your payment was refunded'],
  ] as const)('says in words when a booking is %s', async (state, badge, note) => {
    mockApi({ 'GET /bookeditems': [booking({ available: false, state })] });
    page();
    const [row] = await screen.findAllByTestId('order');
    expect(within(row!).getByText(badge)).toBeInTheDocument();
    expect(row).toHaveTextContent(note);
    expect(within(row!).queryByRole('link', { name: /Pay/ })).not.toBeInTheDocument();
  });

  it('shows the handover code of a held payment, and releases it when the buyer confirms they received the phone', async () => {
    const id = 'a0000000-0000-4000-8000-000000000003';
    const held = { handoverCode: '482913', releaseAt: '2026-11-30T10:00:00.000Z', releasedAt: null, refundedAt: null, dispute: null };
    let current = booking({ _id: id, name: 'Held phone', paid: true, available: false, transactionId: 'pi_held', state: 'paid', held, paymentMethod: 'bkash' });
    const calls = mockApi({
      'GET /bookeditems': () => [current],
      [`POST /bookings/${id}/received`]: () => {
        current = { ...current, held: { ...held, handoverCode: null, releasedAt: '2026-11-25T12:00:00.000Z' } };
        return current;
      },
    });
    page();
    const [row] = await screen.findAllByTestId('order');
    expect(row).toHaveTextContent('Paid with bKash');
    expect(within(row!).getByTestId('handover-code')).toHaveTextContent('482913');
    expect(row).toHaveTextContent('the seller is paid on 30 November 2026');
    await userEvent.click(within(row!).getByRole('button', { name: 'I received the phone: Held phone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Did you receive the phone?' });
    // Cancel takes the focus: a stray Enter never pays the seller.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'I received the phone' }));
    expect(await screen.findByText('Paid to the seller on 25 November 2026.')).toBeInTheDocument();
    expect(screen.queryByTestId('handover-code')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.url === `/bookings/${id}/received`)).toHaveLength(1);
  });

  it('asks a buyer refused at the door before to pay the delivery fee first, then says what the rider collects', async () => {
    const due = booking({ _id: 'a0000000-0000-4000-8000-000000000011', name: 'Fee due', state: 'cash-on-delivery', delivery: { cashOnDelivery: true, status: null, deliveryFee: 110, feeFirst: true, feePaid: false } });
    const paid = booking({ _id: 'a0000000-0000-4000-8000-000000000012', name: 'Fee paid', available: false, state: 'cash-on-delivery', delivery: { cashOnDelivery: true, status: null, deliveryFee: 110, feeFirst: true, feePaid: true } });
    const address = { name: 'Nusrat Jahan', phone: '01712345678', division: 'sylhet', district: 'sylhet', area: 'Zindabazar', street: 'House 12' };
    mockApi({
      'GET /bookeditems': [due, paid],
      [`GET /bookings/${due._id}/delivery`]: { bookingId: due._id, address, cashOnDelivery: true, deliveryFee: 110, parcel: null },
      [`GET /bookings/${paid._id}/delivery`]: { bookingId: paid._id, address, cashOnDelivery: true, deliveryFee: 110, parcel: null },
    });
    page();
    const [dueRow, paidRow] = await screen.findAllByTestId('order');
    expect(within(dueRow!).getByRole('link', { name: 'Pay the delivery fee for Fee due' })).toHaveAttribute('href', `/dashboard/payment/${due._id}`);
    expect(within(dueRow!).getByText(/refused at the door before: pay the delivery fee \(Tk 110\) online first, and the seller sends the phone\. Its price, Tk 31,000, is paid to the rider/)).toBeInTheDocument();
    expect(within(paidRow!).queryByRole('link', { name: /Pay/ })).not.toBeInTheDocument();
    expect(within(paidRow!).getByText('Pay at the door')).toBeInTheDocument();
    expect(within(paidRow!).getByText('Delivery fee paid online. Pay the rider Tk 31,000 when the phone arrives.')).toBeInTheDocument();
  });

  it('says a refunded cash sale went to the wallet it was sent to', async () => {
    const dispute = { _id: 'd0000000-0000-4000-8000-000000000001', reason: 'neir-blocked' as const, note: 'Blocked', photos: [], status: 'refunded' as const, decisionReason: 'The handset is blocked.', createdAt: '2026-11-25T10:00:00.000Z', decidedAt: '2026-11-26T10:00:00.000Z', refundTo: null };
    const held = { handoverCode: null, releaseAt: '2026-12-01T10:00:00.000Z', releasedAt: null, refundedAt: '2026-11-26T10:00:00.000Z', dispute };
    const toBkash = { ...held, dispute: { ...dispute, refundTo: { method: 'bkash' as const, number: '01712345678', chosenByBuyer: false, confirmedAt: null, failedAt: null } } };
    mockApi({
      'GET /bookeditems': [
        booking({ name: 'Paid in cash', paid: true, available: false, paymentMethod: 'cash', transactionId: 'pathao:DL1', state: 'refunded', held: toBkash }),
        booking({ _id: 'a0000000-0000-4000-8000-000000000021', name: 'Paid by card', paid: true, available: false, paymentMethod: 'card', transactionId: 'pi_1', state: 'refunded', held }),
      ],
    });
    page();
    const [cash, card] = await screen.findAllByTestId('order');
    expect(cash).toHaveTextContent(/Refunded: Tk 31,000 was sent to your bKash, 01712.?345678\. The handset is blocked\./);
    expect(card).toHaveTextContent('Refunded: Tk 31,000 went back to you.');
  });

  it('lets the buyer of a disputed cash sale send its refund to a Nagad number, confirmed with a code to their phone', async () => {
    const refundTo = { method: 'bkash' as const, number: '01712345678', chosenByBuyer: false, confirmedAt: null, failedAt: null };
    const dispute = { _id: 'd0000000-0000-4000-8000-000000000002', reason: 'not-as-described' as const, note: '', photos: [], status: 'open' as const, decisionReason: null, createdAt: '2026-11-25T10:00:00.000Z', decidedAt: null, refundTo };
    const held = { handoverCode: null, releaseAt: '2026-12-01T10:00:00.000Z', releasedAt: null, refundedAt: null, dispute };
    const id = 'a0000000-0000-4000-8000-000000000031';
    const calls = mockApi({
      'GET /bookeditems': [booking({ _id: id, name: 'Paid in cash', paid: true, available: false, paymentMethod: 'cash', transactionId: 'pathao:DL2', state: 'paid', held })],
      'GET /payment-methods': ['bkash', 'nagad', 'card'],
      'POST /me/phone/confirmation': { verificationId: 'c0000000-0000-4000-8000-000000000001', phoneEnding: '678' },
      [`PUT /bookings/${id}/dispute/refund-wallet`]: { method: 'nagad', number: '01811223344', chosenByBuyer: true, confirmedAt: '2026-11-26T10:00:00.000Z', failedAt: null },
    });
    page();
    const order = await screen.findByTestId('order');
    expect(within(order).getByTestId('refund-to')).toHaveTextContent(/the money goes to bKash, 01712.?345678\. That is the number the parcel was delivered to/);
    await userEvent.click(within(order).getByRole('button', { name: 'Choose where the refund goes' }));
    const form = within(order).getByRole('form', { name: 'Where should your refund go?' });
    await userEvent.click(within(form).getByRole('radio', { name: 'Nagad' }));
    // A number that is not a mobile is refused before any code is sent.
    await userEvent.type(within(form).getByLabelText('Wallet number'), '12345');
    await userEvent.click(within(form).getByRole('button', { name: 'Send me a code' }));
    expect(await within(form).findByText(/Enter a Bangladeshi mobile number/)).toBeInTheDocument();
    expect(calls.some((call) => call.url === '/me/phone/confirmation')).toBe(false);
    await userEvent.clear(within(form).getByLabelText('Wallet number'));
    await userEvent.type(within(form).getByLabelText('Wallet number'), '01811223344');
    await userEvent.click(within(form).getByRole('button', { name: 'Send me a code' }));
    await userEvent.type(await within(form).findByLabelText(/code/i), '123456');
    await userEvent.click(within(form).getByRole('button', { name: 'Confirm and save' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ method: 'nagad', number: '01811223344', confirmation: { verificationId: 'c0000000-0000-4000-8000-000000000001', code: '123456' } }));
  });

  it('tells the buyer when their refund could not be sent to the wallet, and asks for another', async () => {
    const refundTo = { method: 'bkash' as const, number: '01712345678', chosenByBuyer: false, confirmedAt: null, failedAt: '2026-11-27T10:00:00.000Z' };
    const dispute = { _id: 'd0000000-0000-4000-8000-000000000003', reason: 'neir-blocked' as const, note: '', photos: [], status: 'open' as const, decisionReason: null, createdAt: '2026-11-25T10:00:00.000Z', decidedAt: null, refundTo };
    const held = { handoverCode: null, releaseAt: '2026-12-01T10:00:00.000Z', releasedAt: null, refundedAt: null, dispute };
    mockApi({
      'GET /bookeditems': [booking({ _id: 'a0000000-0000-4000-8000-000000000032', name: 'Paid in cash', paid: true, available: false, paymentMethod: 'cash', transactionId: 'pathao:DL3', state: 'paid', held })],
      'GET /payment-methods': ['bkash', 'nagad', 'card'],
    });
    page();
    const order = await screen.findByTestId('order');
    expect(within(order).getByRole('alert')).toHaveTextContent(/could not be sent to bKash, 01712.?345678: there may be no bKash account on that number\. Choose another wallet/);
    expect(within(order).getByRole('button', { name: 'Choose where the refund goes' })).toBeEnabled();
  });

  it('shows a way to browse when there are no orders', async () => {
    mockApi({ 'GET /bookeditems': [] });
    page();
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse phones' })).toHaveAttribute('href', '/');
  });

  it('shows loading, then an error with a retry that recovers', async () => {
    let fail = true;
    mockApi({ 'GET /bookeditems': () => (fail ? [500, { message: 'Something went wrong on our side' }] : [booking({})]) });
    page();
    expect(screen.getByLabelText('Loading your orders')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('order')).toBeInTheDocument();
  });
});
