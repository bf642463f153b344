import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as auth from '@phonehaat/shared-auth';
import { ApiRequestError } from '@phonehaat/shared-data';
import { setSession } from '@phonehaat/shared-auth/testing';
import { PhoneSignIn } from './phone-sign-in';

vi.mock('@phonehaat/shared-auth', async (original) => ({
  ...(await original<typeof auth>()),
  requestSignInCode: vi.fn(),
  signInWithPhoneCode: vi.fn(),
  finishPhoneSignUp: vi.fn(),
}));

const id = 'e0000000-0000-4000-8000-000000000001';
const wrongCode = new ApiRequestError('That code is not right: 4 tries left', 400, [{ field: 'code', message: 'That code is not right: 4 tries left' }]);

beforeEach(() => {
  vi.mocked(auth.requestSignInCode).mockReset().mockResolvedValue({ verificationId: id, phone: '01712345678' });
  vi.mocked(auth.signInWithPhoneCode).mockReset();
  vi.mocked(auth.finishPhoneSignUp).mockReset().mockResolvedValue();
  setSession('signed-out');
});

async function sendCode() {
  await userEvent.type(screen.getByLabelText('Mobile number'), '০১৭১২-৩৪৫৬৭৮');
  await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
  expect(await screen.findByText('Enter the 6-digit code sent to 01712345678.')).toBeInTheDocument();
}

describe('signing in with a mobile number', () => {
  it('signs a returning person in with the code sent to their number, telling a wrong code beside its field', async () => {
    const onDone = vi.fn();
    vi.mocked(auth.signInWithPhoneCode).mockRejectedValueOnce(wrongCode).mockResolvedValueOnce({ newAccount: false });
    render(<PhoneSignIn onDone={onDone} />);
    await sendCode();
    expect(auth.requestSignInCode).toHaveBeenCalledWith('০১৭১২-৩৪৫৬৭৮');
    await userEvent.type(screen.getByLabelText('Code from the SMS'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('That code is not right: 4 tries left')).toBeInTheDocument();
    expect(screen.getByLabelText('Code from the SMS')).toHaveAttribute('aria-invalid', 'true');
    expect(onDone).not.toHaveBeenCalled();
    await userEvent.clear(screen.getByLabelText('Code from the SMS'));
    await userEvent.type(screen.getByLabelText('Code from the SMS'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledWith(false));
    expect(auth.signInWithPhoneCode).toHaveBeenLastCalledWith(id, '123456');
    expect(auth.finishPhoneSignUp).not.toHaveBeenCalled();
  });

  it('asks someone new for a name and Buyer or Seller, both required, then makes the account', async () => {
    const onDone = vi.fn();
    vi.mocked(auth.signInWithPhoneCode).mockResolvedValue({ newAccount: true });
    render(<PhoneSignIn onDone={onDone} />);
    await sendCode();
    await userEvent.type(screen.getByLabelText('Code from the SMS'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('01712345678 is new to PhoneHaat. Tell us your name and how you will use PhoneHaat.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Choose Buyer or Seller')).toBeInTheDocument();
    expect(auth.finishPhoneSignUp).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('Your name'), '  Rafiq Mia ');
    await userEvent.selectOptions(screen.getByLabelText('Account type'), 'Seller');
    await userEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledWith(true));
    expect(auth.finishPhoneSignUp).toHaveBeenCalledWith({ name: 'Rafiq Mia', role: 'Seller' });
  });

  it('says what is wrong with the number, and sends nothing without one', async () => {
    vi.mocked(auth.requestSignInCode).mockRejectedValue(
      new ApiRequestError('Enter a Bangladeshi mobile number, e.g. 01712-345678', 400, [{ field: 'phone', message: 'Enter a Bangladeshi mobile number, e.g. 01712-345678' }]),
    );
    render(<PhoneSignIn onDone={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(screen.getByText('Enter your mobile number')).toBeInTheDocument();
    expect(auth.requestSignInCode).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('Mobile number'), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Enter a Bangladeshi mobile number, e.g. 01712-345678')).toBeInTheDocument();
    expect(screen.getByLabelText('Mobile number')).toHaveAttribute('aria-invalid', 'true');
  });
});
