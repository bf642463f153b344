import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as auth from '@phonehaat/shared-auth';
import { setSession } from '@phonehaat/shared-auth/testing';
import { mockApi } from '@phonehaat/shared-data/testing';
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

describe('a visitor sent to sign in (issue 65)', () => {
  const brands = [
    { _id: 'a0000000-0000-4000-8000-00000000000a', name: 'Samsung', onSale: 26 },
    { _id: 'a0000000-0000-4000-8000-00000000000b', name: 'Apple', onSale: 1 },
  ];
  const loginFrom = (from: string) => {
    const router = createMemoryRouter(
      [
        { path: '/login', element: <LoginPage /> },
        { path: '/signup', element: <p>sign-up page</p> },
      ],
      { initialEntries: [`/login?from=${encodeURIComponent(from)}`] },
    );
    render(<RouterProvider router={router} />);
    return router;
  };

  it("is told why, with what waits: a brand's phones on sale, counted", async () => {
    mockApi({ 'GET /categories': brands });
    loginFrom(`/products/${brands[0]!._id}?page=2`);
    expect(await screen.findByText('Sign in to see all 26 Samsung phones on sale — with your mobile number, in a minute.')).toBeInTheDocument();
  });

  it('is told why for a search, a phone and their own pages; nothing for a plain sign-in', async () => {
    mockApi({ 'GET /categories': brands });
    loginFrom('/search?q=iphone 13');
    expect(screen.getByTestId('sign-in-reason')).toHaveTextContent('Sign in to see the phones on sale for “iphone 13” — with your mobile number, in a minute.');
    cleanup();
    loginFrom('/search');
    expect(await screen.findByText('Sign in to search all 27 phones on sale — with your mobile number, in a minute.')).toBeInTheDocument();
    cleanup();
    loginFrom('/product/e0000000-0000-4000-8000-000000000001#offer');
    expect(screen.getByTestId('sign-in-reason')).toHaveTextContent(/^Sign in to book this phone, make an offer or message the seller/);
    cleanup();
    renderLogin();
    expect(screen.queryByTestId('sign-in-reason')).not.toBeInTheDocument();
  });

  it('keeps where they were going when they choose to make an account', async () => {
    mockApi({ 'GET /categories': brands });
    const router = loginFrom(`/products/${brands[0]!._id}`);
    await userEvent.click(screen.getByRole('link', { name: 'Create an account' }));
    expect(router.state.location.pathname).toBe('/signup');
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe(`/products/${brands[0]!._id}`);
  });
});
