import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Firebase from './firebase';
import { PhoneGate } from './phone-gate';
import { setSession } from './testing';
import { mockApi } from '@phonehaat/shared-data/testing';

vi.mock('./firebase', async (original) => ({
  ...(await original<typeof Firebase>()),
  loadFirebase: () => Promise.resolve({ auth: { authStateReady: () => Promise.resolve(), currentUser: { getIdToken: () => Promise.resolve('firebase-id-token') } } }),
}));

const id = 'e0000000-0000-4000-8000-000000000001';
const form = <form aria-label="Book this phone"><input aria-label="Meeting place" /></form>;

beforeEach(() => setSession({ role: 'Buyer' }));

describe('PhoneGate', () => {
  it('asks a person without a verified number for one in place, says why, then shows what they were doing', async () => {
    const calls = mockApi({
      'GET /me/phone': { phone: null, verifiedAt: null },
      'POST /me/phone/code': [201, { verificationId: id, phone: '01712345678' }],
      'POST /me/phone/verify': { phone: '01712345678', verifiedAt: '2026-11-27T10:00:00.000Z' },
    });
    render(<PhoneGate purpose="book">{form}</PhoneGate>);
    expect(await screen.findByRole('heading', { name: 'First, your phone number' })).toBeInTheDocument();
    expect(screen.getByText(/then finish your booking/)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Book this phone' })).not.toBeInTheDocument();
    // The form comes with its own chunk (phone-parts.tsx), a moment after the question.
    await userEvent.type(await screen.findByLabelText('Mobile number'), '01712345678');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await userEvent.type(await screen.findByLabelText('Code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('form', { name: 'Book this phone' })).toBeInTheDocument();
    expect(screen.queryByTestId('phone-gate')).not.toBeInTheDocument();
    // Asked once: the verification's answer is the new status.
    expect(calls.filter((call) => call.method === 'GET')).toHaveLength(1);
  });

  it('shows what is gated at once to a person whose number is verified', async () => {
    mockApi({ 'GET /me/phone': { phone: '01712345678', verifiedAt: '2026-11-20T10:00:00.000Z' } });
    render(<PhoneGate purpose="list">{form}</PhoneGate>);
    expect(await screen.findByRole('form', { name: 'Book this phone' })).toBeInTheDocument();
    expect(screen.queryByTestId('phone-gate')).not.toBeInTheDocument();
  });

  it('asks nothing while inactive (a closed dialog) or for a visitor', () => {
    const calls = mockApi({});
    const { unmount } = render(<PhoneGate purpose="book" active={false}>{form}</PhoneGate>);
    expect(screen.getByRole('form', { name: 'Book this phone' })).toBeInTheDocument();
    unmount();
    setSession('signed-out');
    render(<PhoneGate purpose="message">{form}</PhoneGate>);
    expect(screen.getByRole('form', { name: 'Book this phone' })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('says when the number cannot be asked about, and asks again on Retry', async () => {
    mockApi({ 'GET /me/phone': [503, { statusCode: 503, error: 'Service Unavailable', message: 'The API is unavailable' }] });
    render(<PhoneGate purpose="book">{form}</PhoneGate>);
    expect(await screen.findByRole('alert')).toHaveTextContent('The API is unavailable');
    mockApi({ 'GET /me/phone': { phone: '01712345678', verifiedAt: '2026-11-20T10:00:00.000Z' } });
    await userEvent.click(screen.getByRole('button', { name: /try again/i }));
    expect(await screen.findByRole('form', { name: 'Book this phone' })).toBeInTheDocument();
  });

  it('keeps what is gated while asking when optimistic, and gives way to the question only if the answer is no', async () => {
    let answer: (status: { phone: string | null; verifiedAt: string | null }) => void = () => undefined;
    mockApi({ 'GET /me/phone': () => new Promise((resolve) => (answer = (status) => resolve([200, status]))) });
    render(
      <PhoneGate purpose="book" optimistic>
        {form}
      </PhoneGate>,
    );
    await userEvent.type(screen.getByLabelText('Meeting place'), 'Mirpur 10');
    expect(screen.queryByTestId('phone-gate')).not.toBeInTheDocument();
    answer({ phone: null, verifiedAt: null });
    expect(await screen.findByRole('heading', { name: 'First, your phone number' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Meeting place')).not.toBeInTheDocument();
  });

  it('never takes the form away from a verified person who typed while it asked', async () => {
    let answer: () => void = () => undefined;
    mockApi({ 'GET /me/phone': () => new Promise((resolve) => (answer = () => resolve([200, { phone: '01712345678', verifiedAt: '2026-11-20T10:00:00.000Z' }]))) });
    render(
      <PhoneGate purpose="book" optimistic>
        {form}
      </PhoneGate>,
    );
    await userEvent.type(screen.getByLabelText('Meeting place'), 'Mirpur 10');
    answer();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByLabelText('Meeting place')).toHaveValue('Mirpur 10');
  });
});

