import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { RequirePermission, RequireSignedIn } from './guards';
import { useSession } from './session-store';
import { setSession } from './testing';
import { mockApi } from '@phonehaat/shared-data/testing';

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

  it('say so, with a Retry, when the server cannot be asked, instead of sending a signed-in user to login', async () => {
    useSession.setState({ status: 'signed-in', user: { uid: 'u', email: 'rina@example.com', name: 'Rina', photoURL: null }, role: null, roleStatus: 'error' });
    mockApi({
      'GET /me': { _id: '00000000-0000-4000-8000-000000000001', name: 'Someone', email: 'rina@example.com', role: 'Buyer', verified: false },
    });
    renderAt(<RequirePermission permission="read:booking:own">my orders</RequirePermission>);
    expect(screen.getByRole('alert')).toHaveTextContent("We couldn't check your access");
    expect(screen.queryByText(/login page/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('my orders')).toBeInTheDocument();
  });
});
