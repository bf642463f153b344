import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { setSession } from '@phonehaat/shared-auth/testing';
import { mockApi } from '@phonehaat/shared-data/testing';
import { ForgotPasswordPage } from './forgot-password-page';

const renderPage = () =>
  render(<RouterProvider router={createMemoryRouter([{ path: '/forgot-password', element: <ForgotPasswordPage /> }], { initialEntries: ['/forgot-password'] })} />);

describe('Forgot password?', () => {
  it('asks for the address, sends the link in the page’s language, and says where it went without saying whether an account has it', async () => {
    setSession('signed-out');
    const calls = mockApi({ 'POST /password-reset': { acknowledged: true } });
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(screen.getByText('Email Address is required')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('Email'), 'rina@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('If an account uses rina@example.com, a link to choose a new password is on its way.');
    expect(calls.find((call) => call.url === '/password-reset')?.body).toEqual({ email: 'rina@example.com', language: 'en' });
  });

  it('says when too many links were asked for', async () => {
    setSession('signed-out');
    mockApi({ 'POST /password-reset': () => [429, { statusCode: 429, error: 'Too Many Requests', message: 'Rate limit exceeded' }] });
    renderPage();
    await userEvent.type(screen.getByLabelText('Email'), 'rina@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many links were asked for this address.');
  });
});
