import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Booking } from '@phonehaat/shared-api';
import { setSession } from '@phonehaat/shared-auth/testing';
import { mockApi, type RecordedCall } from '@phonehaat/shared-data/testing';
import PaymentPage, { loader } from './payment-page';

// Stripe's card field is an iframe from Stripe; here a stand-in the test controls.
const stripe = vi.hoisted(() => ({
  ready: true,
  confirmCardPayment: vi.fn(),
  changeHandler: undefined as undefined | ((event: { error?: { message: string } }) => void),
}));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => children,
  CardElement: ({ onChange }: { onChange(event: { error?: { message: string } }): void }) => {
    stripe.changeHandler = onChange;
    return <input aria-label="Card number" />;
  },
  useStripe: () => (stripe.ready ? { confirmCardPayment: stripe.confirmCardPayment } : null),
  useElements: () => (stripe.ready ? { getElement: () => ({ card: true }) } : null),
}));
vi.mock('../features/payment/stripe', () => ({ getStripe: () => Promise.resolve({}) }));

const id = 'b0000000-0000-4000-8000-000000000001';
const booking = (overrides: Partial<Booking> = {}): Booking => ({
  _id: id,
  productId: 'c0000000-0000-4000-8000-000000000001',
  name: 'Pixel 7 Pro 128GB',
  img: 'http://localhost:4100/images/products/pixel-7-pro.svg',
  resalePrice: 54000,
  agreed: false,
  userName: 'Tanvir Ahmed',
  email: 'tanvir@example.com',
  phone: '01811-000111',
  meetingLocation: 'Baridhara, Dhaka',
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

let calls: RecordedCall[];
const renderPage = (query = '') =>
  render(<RouterProvider router={createMemoryRouter([{ path: '/dashboard/payment/:id', element: <PaymentPage />, loader }], { initialEntries: [`/dashboard/payment/${id}${query}`] })} />);
/** Back from bKash's page, as its callback sends the buyer. */
const backFromBkash = (status: string) => `?method=bkash&paymentID=TR0011ABCDEFGH1234&status=${status}&signature=x&apiVersion=1.2.0-beta`;

beforeEach(() => {
  localStorage.clear();
  stripe.ready = true;
  stripe.confirmCardPayment.mockReset();
  setSession({ role: 'Buyer', name: 'Tanvir Ahmed', email: 'tanvir@example.com' });
  calls = mockApi({
    [`GET /bookings/${id}`]: booking(),
    'POST /create-payment-intent': { clientSecret: 'pi_123_secret_abc', amount: 54000, currency: 'bdt' },
    'POST /payments': { insertedId: 'd0000000-0000-4000-8000-000000000001', transactionId: 'pi_123' },
    'GET /payment-methods': ['card', 'bkash'],
  });
});

describe('the payment page', () => {
  it('shows the item and the amount, and pays with the billing name and email', async () => {
    stripe.confirmCardPayment.mockResolvedValue({ paymentIntent: { id: 'pi_123', status: 'succeeded' } });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Pixel 7 Pro 128GB' })).toBeInTheDocument();
    expect(screen.getByText(/Amount/)).toHaveTextContent('Tk 54,000');
    const pay = await screen.findByRole('button', { name: /Pay/ });
    await vi.waitFor(() => expect(pay).toBeEnabled());
    await userEvent.click(pay);
    expect(await screen.findByRole('heading', { name: 'Your payment is completed' })).toBeInTheDocument();
    expect(screen.getByTestId('transaction-id')).toHaveTextContent('pi_123');
    // Said where the buyer looks (the focus moves to it): the money is held, and where the handover code waits.
    expect(document.activeElement).toHaveTextContent('PhoneHaat holds your money until you have the phone. Your handover code is waiting in My Orders');
    expect(localStorage.getItem('phonehaat.lastPaymentMethod')).toBe('card');
    expect(stripe.confirmCardPayment).toHaveBeenCalledWith('pi_123_secret_abc', {
      payment_method: { card: { card: true }, billing_details: { name: 'Tanvir Ahmed', email: 'tanvir@example.com' } },
    });
    expect(calls.find((c) => c.url === '/payments')?.body).toEqual({ bookingId: id, transactionId: 'pi_123' });
    expect(calls.find((c) => c.url === '/create-payment-intent')?.body).toEqual({ bookingId: id });
  });

  it('charges a phone sent by courier with its delivery fee, as one amount, and says how it is held', async () => {
    calls = mockApi({
      [`GET /bookings/${id}`]: booking({ meetingLocation: '', delivery: { cashOnDelivery: false, status: null, deliveryFee: 110, feeFirst: false, feePaid: false } }),
      'GET /payment-methods': ['card', 'bkash'],
      'POST /create-payment-intent': { clientSecret: 'pi_123_secret_abc', amount: 54110, currency: 'bdt' },
    });
    renderPage();
    expect(await screen.findByText(/Amount/)).toHaveTextContent('Tk 54,110');
    expect(screen.getByText('The phone Tk 54,000 and its delivery by courier Tk 110, paid together')).toBeInTheDocument();
    expect(screen.queryByText(/Meeting/)).not.toBeInTheDocument();
    expect(screen.getByText(/When the parcel arrives, check the phone, then confirm in My Orders/)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Pay Tk 54,110' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: /bKash/ }));
    expect(screen.getByRole('button', { name: 'Pay Tk 54,110 with bKash' })).toBeInTheDocument();
  });

  it('charges only the delivery fee of a buyer refused at the door before, says why, and what is paid at the door', async () => {
    const feeFirst = (feePaid: boolean) =>
      booking({ meetingLocation: '', delivery: { cashOnDelivery: true, status: null, deliveryFee: 110, feeFirst: true, feePaid }, ...(feePaid ? { available: false, transactionId: 'pi_fee' } : {}) });
    mockApi({ [`GET /bookings/${id}`]: feeFirst(false), 'GET /payment-methods': ['card', 'bkash'], 'POST /create-payment-intent': { clientSecret: 'pi_fee_secret_abc', amount: 110, currency: 'bdt' } });
    const before = renderPage();
    expect(await screen.findByText(/Amount/)).toHaveTextContent('Tk 110');
    expect(screen.getByText(/refused at the door before, so the fee is paid first\. The phone's Tk 54,000 is paid to the rider/)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Pay Tk 110' })).toBeInTheDocument();
    before.unmount();
    // Paid: done, not "no longer available" (the phone is reserved for this buyer).
    mockApi({ [`GET /bookings/${id}`]: feeFirst(true), 'GET /payment-methods': ['card', 'bkash'] });
    renderPage();
    expect(await screen.findByText(/The delivery fee is paid: the seller now sends the phone/)).toBeInTheDocument();
    expect(screen.getByTestId('transaction-id')).toHaveTextContent('pi_fee');
    expect(screen.queryByText(/no longer available/i)).not.toBeInTheDocument();
  });

  it('says before paying that PhoneHaat holds the money until the buyer has the phone', async () => {
    renderPage();
    expect(await screen.findByText(/PhoneHaat holds your money until you have the phone\. At the meeting, check the phone, then give the seller the handover code from My Orders\./)).toBeInTheDocument();
  });

  it('offers first the way to pay this browser last used, and otherwise the server\'s first', async () => {
    mockApi({ [`GET /bookings/${id}`]: booking(), 'GET /payment-methods': ['bkash', 'card'] });
    const first = renderPage();
    expect(await screen.findByRole('radio', { name: /bKash/ })).toBeChecked();
    first.unmount();
    localStorage.setItem('phonehaat.lastPaymentMethod', 'card');
    renderPage();
    await vi.waitFor(() => expect(screen.getByRole('radio', { name: /Card/ })).toBeChecked());
  });

  it('keeps Pay disabled until Stripe is ready and the client secret has arrived', async () => {
    stripe.ready = false;
    let answer: (value: unknown) => void = () => undefined;
    mockApi({
      [`GET /bookings/${id}`]: booking(),
      'POST /create-payment-intent': () => new Promise((resolve) => (answer = resolve)) as never,
    });
    renderPage();
    expect(await screen.findByRole('button', { name: /Pay/ })).toBeDisabled();
    answer({ clientSecret: 'pi_1_secret_x', amount: 54000, currency: 'bdt' });
    expect(screen.getByText('Preparing a secure payment…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Pay/ })).toBeDisabled();
  });

  it("shows the card error from Stripe in red and records nothing, and a second click can't pay twice", async () => {
    stripe.confirmCardPayment.mockImplementation(
      () => new Promise((resolve) => setTimeout(() => resolve({ error: { type: 'card_error', message: 'Your card was declined.' } }), 50)),
    );
    renderPage();
    const pay = await screen.findByRole('button', { name: /Pay/ });
    await vi.waitFor(() => expect(pay).toBeEnabled());
    await userEvent.dblClick(pay);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(calls.some((c) => c.url === '/payments')).toBe(false);
    expect(stripe.confirmCardPayment).toHaveBeenCalledTimes(1);
  });

  it('shows card field errors as they are typed', async () => {
    renderPage();
    await screen.findByRole('button', { name: /Pay/ });
    await vi.waitFor(() => expect(stripe.changeHandler).toBeDefined());
    stripe.changeHandler!({ error: { message: 'Your card number is invalid.' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card number is invalid.');
  });

  it('says a paid booking is completed, and an unavailable one cannot be paid', async () => {
    mockApi({ [`GET /bookings/${id}`]: booking({ paid: true, transactionId: 'pi_done', available: false }) });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Your payment is completed' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
  });

  it('does not offer payment for a phone sold to someone else', async () => {
    mockApi({ [`GET /bookings/${id}`]: booking({ available: false }) });
    renderPage();
    expect(await screen.findByText('This phone is no longer available')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
  });

  it("treats someone else's booking as not found", async () => {
    mockApi({ [`GET /bookings/${id}`]: [403, { message: 'You are not allowed to do this' }] });
    renderPage();
    expect(await screen.findByText('Booking not found')).toBeInTheDocument();
  });

  it('sends the buyer to bKash for the price the server starts the payment at', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    calls = mockApi({
      [`GET /bookings/${id}`]: booking(),
      'GET /payment-methods': ['card', 'bkash'],
      'POST /payments/bkash/start': { redirectUrl: 'http://127.0.0.1:4120/checkout?paymentId=TR0011X', amount: 54000, currency: 'bdt' },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('radio', { name: /bKash/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Pay Tk 54,000 with bKash' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('http://127.0.0.1:4120/checkout?paymentId=TR0011X'));
    expect(calls.find((c) => c.url === '/payments/bkash/start')?.body).toEqual({ bookingId: id });
    vi.unstubAllGlobals();
  });

  it('says why bKash did not take the payment, and offers bKash again or the card', async () => {
    calls = mockApi({
      [`GET /bookings/${id}`]: booking(),
      'GET /payment-methods': ['card', 'bkash'],
      'POST /payments/bkash/complete': { outcome: 'failed', reason: 'insufficient_balance' },
    });
    renderPage(backFromBkash('success'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your bKash wallet does not have enough balance for this payment.');
    expect(calls.find((c) => c.url === '/payments/bkash/complete')?.body).toEqual({ bookingId: id, paymentId: 'TR0011ABCDEFGH1234', status: 'success' });
    expect(screen.getByRole('radio', { name: /bKash/ })).toBeChecked();
    expect(screen.getByRole('button', { name: /with bKash/ })).toBeEnabled();
    await userEvent.click(screen.getByRole('radio', { name: /Card/ }));
    expect(await screen.findByRole('button', { name: 'Pay Tk 54,000' })).toBeInTheDocument();
  });

  it('says a payment PhoneHaat checked was given back in full, and that the booking can be paid again', async () => {
    mockApi({
      [`GET /bookings/${id}`]: booking(),
      'GET /payment-methods': ['card', 'bkash'],
      'POST /payments/bkash/complete': { outcome: 'refunded' },
    });
    renderPage(backFromBkash('success'));
    expect(await screen.findByRole('status')).toHaveTextContent('PhoneHaat checked this payment and gave it back to you in full through bKash.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /with bKash/ })).toBeEnabled();
  });

  it('shows the completed payment with its bKash transaction id', async () => {
    mockApi({
      [`GET /bookings/${id}`]: booking({ paid: true, available: false, transactionId: 'BFK7Q2M9ZX', paymentMethod: 'bkash', state: 'paid' }),
      'GET /payment-methods': ['card', 'bkash'],
      'POST /payments/bkash/complete': { outcome: 'paid', transactionId: 'BFK7Q2M9ZX' },
    });
    renderPage(backFromBkash('success'));
    expect(await screen.findByRole('heading', { name: 'Your payment is completed' })).toBeInTheDocument();
    expect(screen.getByTestId('transaction-id')).toHaveTextContent('BFK7Q2M9ZX');
    expect(screen.getByText('Paid with bKash.')).toBeInTheDocument();
  });

  it("shows the server's refusal of a callback (the phone sold meanwhile) and offers no payment", async () => {
    mockApi({
      [`GET /bookings/${id}`]: booking({ available: false, state: 'refunded' }),
      'GET /payment-methods': ['card', 'bkash'],
      'POST /payments/bkash/complete': [409, { message: 'Sorry, this phone was sold to another buyer; your payment has been refunded.' }],
    });
    renderPage(backFromBkash('success'));
    expect(await screen.findByRole('alert')).toHaveTextContent('sold to another buyer; your payment has been refunded');
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
  });

  it('waits for bKash when it has not answered, without offering a second payment', async () => {
    mockApi({
      [`GET /bookings/${id}`]: booking(),
      'GET /payment-methods': ['card', 'bkash'],
      'POST /payments/bkash/complete': [202, { outcome: 'pending' }],
    });
    renderPage(backFromBkash('success'));
    expect(await screen.findByText('Waiting for bKash to confirm')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check again' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
  });
});
