import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import * as auth from '@phonehaat/shared-auth';
import { SignupPage } from './signup-page';

vi.mock('@phonehaat/shared-auth', async (original) => ({
  ...(await original<typeof auth>()),
  signUp: vi.fn(),
  loadFirebase: vi.fn(() => Promise.resolve()),
}));

describe('the sign-up page', () => {
  it('offers Buyer or Seller behind the product’s placeholder and checks the fields first', async () => {
    render(
      <MemoryRouter>
        <SignupPage />
      </MemoryRouter>,
    );
    const type = screen.getByLabelText('Account type');
    expect(type).toHaveDisplayValue('Select Your Account Type');
    expect(screen.getByRole('option', { name: 'Seller' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByText('Email Address is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(auth.signUp).not.toHaveBeenCalled();
  });

  it('registers with the chosen account type and shows a failure to the user', async () => {
    vi.mocked(auth.signUp).mockRejectedValue(new Error('An account already uses this email address. Sign in instead.'));
    render(
      <MemoryRouter>
        <SignupPage />
      </MemoryRouter>,
    );
    await userEvent.type(screen.getByLabelText('Name'), 'Nusrat Jahan');
    await userEvent.type(screen.getByLabelText('Email'), 'nusrat@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret123');
    await userEvent.selectOptions(screen.getByLabelText('Account type'), 'Seller');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(auth.signUp).toHaveBeenCalledWith({ name: 'Nusrat Jahan', email: 'nusrat@example.com', password: 'secret123', role: 'Seller' });
    expect(await screen.findByRole('alert')).toHaveTextContent('already uses this email');
  });

  it('takes a new account back to where its person was going (issue 65)', async () => {
    vi.mocked(auth.signUp).mockResolvedValue(undefined);
    const router = createMemoryRouter(
      [
        { path: '/signup', element: <SignupPage /> },
        { path: '/products/:id', element: <p>brand page</p> },
        { path: '/', element: <p>home page</p> },
      ],
      { initialEntries: ['/signup?from=%2Fproducts%2Fa0000000-0000-4000-8000-00000000000a'] },
    );
    render(<RouterProvider router={router} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Nusrat Jahan');
    await userEvent.type(screen.getByLabelText('Email'), 'nusrat@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret123');
    await userEvent.selectOptions(screen.getByLabelText('Account type'), 'Buyer');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('brand page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/products/a0000000-0000-4000-8000-00000000000a');
  });
});
