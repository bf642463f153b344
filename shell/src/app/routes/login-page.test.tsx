import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as auth from '@phonehaat/shared-auth';
import { setSession } from '@phonehaat/shared-auth/testing';
import { LoginPage } from './login-page';

vi.mock('@phonehaat/shared-auth', async (original) => ({
  ...(await original<typeof auth>()),
  signIn: vi.fn(),
  signInWithGoogle: vi.fn(),
  loadFirebase: vi.fn(() => Promise.resolve()),
}));

const renderLogin = (from?: string) => {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/', element: <p>home page</p> },
      { path: '/dashboard/myorders', element: <p>my orders page</p> },
    ],
    { initialEntries: [{ pathname: '/login', state: from ? { from } : null }] },
  );
  render(<RouterProvider router={router} />);
  return router;
};

beforeEach(() => {
  vi.mocked(auth.signIn).mockReset();
  setSession('signed-out');
});

describe('the login page', () => {
  it('asks for the email and password with the product’s messages', async () => {
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText('Email Address is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Password'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText('Password must be 6 characters or longer')).toBeInTheDocument();
    expect(auth.signIn).not.toHaveBeenCalled();
  });

  it("shows the identity provider's error under the form", async () => {
    vi.mocked(auth.signIn).mockRejectedValue(new Error('The email or password is incorrect.'));
    renderLogin();
    await userEvent.type(screen.getByLabelText('Email'), 'buyer@phonehaat.test');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The email or password is incorrect.');
  });

  it('returns to the page the user came from after signing in', async () => {
    vi.mocked(auth.signIn).mockImplementation(async () => setSession({ role: 'Buyer' }));
    renderLogin('/dashboard/myorders');
    await userEvent.type(screen.getByLabelText('Email'), 'buyer@phonehaat.test');
    await userEvent.type(screen.getByLabelText('Password'), 'phonehaat123');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('my orders page')).toBeInTheDocument();
    expect(auth.signIn).toHaveBeenCalledWith('buyer@phonehaat.test', 'phonehaat123');
  });
});
