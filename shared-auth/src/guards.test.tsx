import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { RequirePermission, RequireSignedIn } from './guards';
import { setSession } from './testing';

function LoginProbe() {
  const location = useLocation();
  return <p>login page, from {(location.state as { from?: string } | null)?.from}</p>;
}

const renderAt = (element: React.ReactNode, path = '/dashboard/myorders?tab=1') =>
  render(
    <RouterProvider
      router={createMemoryRouter(
        [
          { path: '/login', element: <LoginProbe /> },
          { path: '/dashboard/myorders', element },
        ],
        { initialEntries: [path] },
      )}
    />,
  );

describe('route guards', () => {
  it('show a spinner while the session is being restored', () => {
    setSession('restoring');
    renderAt(<RequireSignedIn>secret</RequireSignedIn>);
    expect(screen.getByRole('status')).toHaveTextContent(/checking your session/i);
    expect(screen.queryByText('secret')).not.toBeInTheDocument();
  });

  it('send a signed-out visitor to login, carrying where they were going', () => {
    setSession('signed-out');
    renderAt(<RequireSignedIn>secret</RequireSignedIn>);
    expect(screen.getByText('login page, from /dashboard/myorders?tab=1')).toBeInTheDocument();
  });

  it('let a user with the permission through', () => {
    setSession({ role: 'Buyer' });
    renderAt(<RequirePermission permission="read:booking:own">my orders</RequirePermission>);
    expect(screen.getByText('my orders')).toBeInTheDocument();
  });

  it('send a user without the permission to login', () => {
    setSession({ role: 'Seller' });
    renderAt(<RequirePermission permission="read:booking:own">my orders</RequirePermission>);
    expect(screen.getByText(/login page, from \/dashboard\/myorders/)).toBeInTheDocument();
  });
});
