import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Earnings } from '@phonehaat/shared-api';
import { activateLanguage, ToastHost } from '@phonehaat/shared-ui';
import { setSession } from '@phonehaat/shared-auth/testing';
import { mockApi } from '@phonehaat/shared-data/testing';
import EarningsPage, { loader } from './earnings-page';

const earnings = (over: Partial<Earnings> = {}): Earnings => ({
  totals: { held: 2_000_000, owed: 950_000, paidOut: 0, fees: 50_000 },
  sales: [
    { bookingId: 'b0000000-0000-4000-8000-000000000001', productName: 'Galaxy S21', method: 'card', paidAt: '2026-11-20T10:00:00.000Z', amount: 1_000_000, fee: 50_000, net: 950_000, state: 'released', releaseAt: null, releasedAt: '2026-11-21T10:00:00.000Z' },
    { bookingId: 'b0000000-0000-4000-8000-000000000002', productName: 'iPhone 12', method: 'bkash', paidAt: '2026-11-24T10:00:00.000Z', amount: 2_000_000, fee: 100_000, net: 1_900_000, state: 'held', releaseAt: '2026-12-01T10:00:00.000Z', releasedAt: null },
  ],
  payouts: [],
  wallet: null,
  nextPayout: { amount: 950_000, at: null },
  ...over,
});

/** The seller's verified number, and the fresh code a wallet change needs (sent to it: here, always 246810). */
const verifiedPhone = {
  'GET /me/phone': { phone: '01711234567', verifiedAt: '2026-11-01T10:00:00.000Z' },
  'POST /me/phone/confirmation': [201, { verificationId: 'c0000000-0000-4000-8000-000000000001', phoneEnding: '567' }] as [number, unknown],
};

function show() {
  render(
    <>
      <RouterProvider router={createMemoryRouter([{ path: '/', element: <EarningsPage />, loader }])} />
      <ToastHost />
    </>,
  );
}

describe('Earnings', () => {
  it('shows each sale with its fee and where its money is, and what waits for a payout wallet', async () => {
    setSession({ role: 'Seller' });
    mockApi({ 'GET /earnings': earnings() });
    show();
    expect(await screen.findByTestId('earnings-held')).toHaveTextContent('Tk 20,000');
    expect(screen.getByTestId('earnings-owed')).toHaveTextContent('Tk 9,500');
    expect(screen.getByRole('row', { name: /Galaxy S21/ })).toHaveTextContent('Released');
    expect(screen.getByRole('row', { name: /iPhone 12/ })).toHaveTextContent('Held');
    expect(screen.getByTestId('next-payout')).toHaveTextContent('Tk 9,500 is waiting for you');
  });

  it('takes the payout wallet only when typed the same twice in bKash shape, then says where payouts go', async () => {
    setSession({ role: 'Seller' });
    let current = earnings();
    const calls = mockApi({
      ...verifiedPhone,
      'GET /earnings': () => current,
      'PUT /payout-wallet': ({ body }) => {
        if ((body as { confirmation: { code: string } }).confirmation.code !== '246810') return [400, { statusCode: 400, error: 'Bad Request', message: 'That code is not right: 4 tries left', fields: [{ field: 'confirmation.code', message: 'That code is not right: 4 tries left' }] }];
        current = { ...current, wallet: { method: 'bkash', number: '01770618575', confirmedAt: '2026-11-25T10:00:00.000Z' } };
        return current.wallet!;
      },
    });
    show();
    const form = await screen.findByRole('form', { name: 'Payout wallet' });
    await userEvent.type(within(form).getByLabelText('bKash number'), '0177061857');
    await userEvent.click(within(form).getByRole('button', { name: 'Save payout wallet' }));
    expect(await within(form).findByText(/A bKash number is 11 digits/)).toBeInTheDocument();
    await userEvent.clear(within(form).getByLabelText('bKash number'));
    await userEvent.type(within(form).getByLabelText('bKash number'), '01770618575');
    await userEvent.type(within(form).getByLabelText('bKash number again'), '01770618576');
    await userEvent.click(within(form).getByRole('button', { name: 'Save payout wallet' }));
    expect(await within(form).findByText('The two numbers differ')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
    await userEvent.clear(within(form).getByLabelText('bKash number again'));
    await userEvent.type(within(form).getByLabelText('bKash number again'), '01770618575');
    await userEvent.click(within(form).getByRole('button', { name: 'Save payout wallet' }));
    // Then a fresh code, sent to the seller's verified number (named by its last 3 digits), typed back.
    expect(await within(form).findByText(/we sent a 6-digit code to your verified number ending 567/)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
    await userEvent.type(within(form).getByLabelText('Code sent to your number'), '111111');
    await userEvent.click(within(form).getByRole('button', { name: 'Confirm and save' }));
    expect(await within(form).findByText('That code is not right: 4 tries left')).toBeInTheDocument();
    expect(screen.queryByText('Payouts go to bKash 01770618575.')).not.toBeInTheDocument();
    await userEvent.clear(within(form).getByLabelText('Code sent to your number'));
    await userEvent.type(within(form).getByLabelText('Code sent to your number'), '246810');
    await userEvent.click(within(form).getByRole('button', { name: 'Confirm and save' }));
    expect(await screen.findByText('Payouts go to bKash 01770618575.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').at(-1)?.body).toEqual({
      number: '01770618575',
      repeat: '01770618575',
      confirmation: { verificationId: 'c0000000-0000-4000-8000-000000000001', code: '246810' },
    });
  });

  it('says what is wrong with the wallet in the page’s language (Bangla)', async () => {
    setSession({ role: 'Seller' });
    const calls = mockApi({ ...verifiedPhone, 'GET /earnings': earnings() });
    activateLanguage('bn');
    try {
      show();
      // The wallet form (its words are the Bangla catalog's).
      const number = (await screen.findAllByRole('textbox'))[0]!;
      const form = number.closest('form')!;
      const repeat = within(form).getAllByRole('textbox')[1];
      await userEvent.type(number!, '01770618575');
      await userEvent.type(repeat!, '01770618576');
      await userEvent.click(within(form).getByRole('button'));
      expect(await within(form).findByText('দুটি নম্বর মেলেনি')).toBeInTheDocument();
      expect(within(form).queryByText('The two numbers differ')).not.toBeInTheDocument();
      expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
    } finally {
      activateLanguage('en');
    }
  });

  it('asks a seller without a verified number for one before the wallet, and sends no code', async () => {
    setSession({ role: 'Seller' });
    const calls = mockApi({ 'GET /earnings': earnings(), 'GET /me/phone': { phone: null, verifiedAt: null } });
    show();
    expect(await screen.findByRole('heading', { name: 'First, your phone number' })).toBeInTheDocument();
    expect(screen.getByText(/Payouts go only to sellers with a verified number/)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Payout wallet' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
  });
});
