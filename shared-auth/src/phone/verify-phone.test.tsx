import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PhoneStatus } from '@phonehaat/shared-api';
import type * as Firebase from '../firebase';
import { setSession } from '../testing';
import { mockApi } from '@phonehaat/shared-data/testing';
import { VerifyPhone } from './verify-phone';

// The person's Firebase sign-in, as the SDK would give it (slow, as a network would be).
vi.mock('../firebase', async (original) => ({
  ...(await original<typeof Firebase>()),
  loadFirebase: () =>
    Promise.resolve({ auth: { authStateReady: () => new Promise((done) => setTimeout(done, 20)), currentUser: { getIdToken: () => Promise.resolve('firebase-id-token') } } }),
}));

const unverified: PhoneStatus = { phone: null, verifiedAt: null };
const id = 'e0000000-0000-4000-8000-000000000001';

beforeEach(() => setSession({ role: 'Seller' }));

describe('VerifyPhone', () => {
  it('sends a code to the number, then checks the code with the person’s own sign-in, and says the number is verified', async () => {
    const onVerified = vi.fn();
    const calls = mockApi({
      'POST /me/phone/code': [201, { verificationId: id, phone: '01712345678' }],
      'POST /me/phone/verify': { phone: '01712345678', verifiedAt: '2026-11-27T10:00:00.000Z' },
    });
    render(<VerifyPhone status={unverified} onVerified={onVerified} />);
    await userEvent.type(screen.getByLabelText('Mobile number'), '+880 1712-345678');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Enter the 6-digit code sent to 01712345678.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Code'), '১২৩৪৫৬');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => expect(onVerified).toHaveBeenCalledWith({ phone: '01712345678', verifiedAt: '2026-11-27T10:00:00.000Z' }));
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { phone: '+880 1712-345678' },
      { verificationId: id, code: '১২৩৪৫৬', idToken: 'firebase-id-token' },
    ]);
  });

  it('shows what the API refused beside the field it is about, and lets another number be used', async () => {
    mockApi({
      'POST /me/phone/code': [201, { verificationId: id, phone: '01712345678' }],
      'POST /me/phone/verify': [400, { statusCode: 400, error: 'Bad Request', message: 'That code is not right: 4 tries left', fields: [{ field: 'code', message: 'That code is not right: 4 tries left' }] }],
    });
    render(<VerifyPhone status={unverified} onVerified={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Mobile number'), '01712345678');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await userEvent.type(await screen.findByLabelText('Code'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('That code is not right: 4 tries left')).toBeInTheDocument();
    expect(screen.getByLabelText('Code')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Use another number' }));
    expect(screen.getByLabelText('Mobile number')).toBeInTheDocument();
  });

  it('says a verified number is verified, and since when', () => {
    render(<VerifyPhone status={{ phone: '01712345678', verifiedAt: '2026-11-27T10:00:00.000Z' }} onVerified={vi.fn()} />);
    expect(screen.getByTestId('phone-verified')).toHaveTextContent('Your number 01712345678 is verified (since 27 November 2026).');
  });

  it('changes a verified number only with a fresh code to it first, then the new number’s own code; a wrong first code is shown on its field', async () => {
    const onVerified = vi.fn();
    const calls = mockApi({
      'POST /me/phone/confirmation': [201, { verificationId: 'c0000000-0000-4000-8000-000000000001', phoneEnding: '678' }],
      'POST /me/phone/code': ({ body }) =>
        (body as { confirmation?: { code: string } }).confirmation?.code === '246810'
          ? [201, { verificationId: id, phone: '01898765432' }]
          : [400, { statusCode: 400, error: 'Bad Request', message: 'That code is not right: 4 tries left', fields: [{ field: 'confirmation.code', message: 'That code is not right: 4 tries left' }] }],
      'POST /me/phone/verify': { phone: '01898765432', verifiedAt: '2026-11-27T11:00:00.000Z' },
    });
    render(<VerifyPhone status={{ phone: '01712345678', verifiedAt: '2026-11-27T10:00:00.000Z' }} onVerified={onVerified} />);
    await userEvent.click(screen.getByRole('button', { name: 'Change number' }));
    expect(await screen.findByText(/we sent a 6-digit code to your verified number ending 678/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Code sent to your number'), '111111');
    await userEvent.type(screen.getByLabelText('New mobile number'), '01898765432');
    await userEvent.click(screen.getByRole('button', { name: 'Send a code to the new number' }));
    expect(await screen.findByText('That code is not right: 4 tries left')).toBeInTheDocument();
    expect(screen.getByLabelText('Code sent to your number')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(screen.getByLabelText('Code sent to your number'));
    await userEvent.type(screen.getByLabelText('Code sent to your number'), '246810');
    await userEvent.click(screen.getByRole('button', { name: 'Send a code to the new number' }));
    expect(await screen.findByText('Enter the 6-digit code sent to 01898765432.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => expect(onVerified).toHaveBeenCalledWith({ phone: '01898765432', verifiedAt: '2026-11-27T11:00:00.000Z' }));
    expect(calls.filter((call) => call.url.includes('/me/phone/code')).at(-1)?.body).toEqual({
      phone: '01898765432',
      confirmation: { verificationId: 'c0000000-0000-4000-8000-000000000001', code: '246810' },
    });
  });
});
