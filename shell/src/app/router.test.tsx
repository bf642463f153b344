import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@phonehaat/shared-auth';
import { setSession } from '@phonehaat/shared-auth/testing';
import { mockApi } from '@phonehaat/shared-data/testing';
import { loadRemote } from '@module-federation/runtime';
import { declaredPages } from '../test/declared-pages';
import { routesFor } from './router';

const routes = routesFor(declaredPages);

vi.mock('@module-federation/runtime', () => ({ loadRemote: vi.fn(), registerRemotes: vi.fn() }));
vi.mock('../federation/manifest', () => ({ remoteEntry: () => 'http://localhost:4202/remoteEntry.js', reRegister: vi.fn() }));

const loadRemoteMock = vi.mocked(loadRemote);

function visit(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  loadRemoteMock.mockReset();
  loadRemoteMock.mockImplementation(async (id: string) => ({ default: () => <h1>{`page ${id}`}</h1>, buildId: 'b1' }));
});

describe('the route table', () => {
  it('loads a role page before it shows, so it appears with the remote stamped and no spinner of its own', async () => {
    setSession({ role: 'Buyer', email: 'buyer@example.com' });
    visit('/dashboard/myorders');
    const heading = await screen.findByRole('heading', { name: 'page buyer/my-orders-page' });
    expect(heading.closest('[data-remote="buyer"]')).toHaveAttribute('data-build', 'b1');
    expect(screen.queryByText(/loading your orders/i)).not.toBeInTheDocument();
    expect(loadRemoteMock).toHaveBeenCalledTimes(1);
  });

  it('keeps the current page, with a loading bar, while the next one loads', async () => {
    setSession({ role: 'Buyer', email: 'buyer@example.com' });
    let arrive: (page: unknown) => void = () => undefined;
    loadRemoteMock.mockImplementation(() => new Promise((resolve) => (arrive = resolve)));
    const router = visit('/blog');
    expect(await screen.findByRole('status')).toHaveTextContent(/loading the blog/i);
    arrive({ default: () => <h1>The blog</h1> });
    await screen.findByRole('heading', { name: 'The blog' });
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    void router.navigate('/dashboard/myorders');
    expect(await screen.findByRole('progressbar', { name: 'Loading the page' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'The blog' })).toBeInTheDocument();
    arrive({ default: () => <h1>My Orders</h1> });
    await screen.findByRole('heading', { name: 'My Orders' });
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    // Keyboard and screen-reader users start at the new page.
    // (The focus moves in an effect, which may run just after the new page is in the DOM.)
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
  });

  it('sends a user without the role to /login, carrying the page they wanted, and never loads that remote', async () => {
    setSession({ role: 'Buyer', email: 'buyer@example.com' });
    const router = visit('/dashboard/allsellers?page=2');
    await screen.findByRole('heading', { name: 'Login' });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe(`?from=${encodeURIComponent('/dashboard/allsellers?page=2')}`);
    expect(loadRemoteMock).not.toHaveBeenCalled();
  });

  it('tells a signed-in user when their access cannot be checked (API down), with a Retry, instead of sending them to login', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setSession({ role: null, email: 'buyer@example.com' });
    useSession.setState({ roleStatus: 'idle' });
    mockApi({});
    const router = visit('/dashboard/myorders');
    expect(await screen.findByRole('heading', { name: 'Looks like our services are currently offline' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/myorders');

    mockApi({
      'GET /me': { _id: '00000000-0000-4000-8000-000000000001', name: 'Someone', email: 'buyer@example.com', role: 'Buyer', verified: false },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'page buyer/my-orders-page' })).toBeInTheDocument();
  });

  it('sends a signed-out visitor of the dashboard to /login', async () => {
    setSession('signed-out');
    const router = visit('/dashboard');
    await screen.findByRole('heading', { name: 'Login' });
    expect(router.state.location.search).toBe(`?from=${encodeURIComponent('/dashboard')}`);
  });

  it('keeps a remote that fails to load to its own slot, with a Retry that brings it back', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setSession('signed-out');
    let serverUp = false;
    loadRemoteMock.mockImplementation(async (id: string) => {
      if (!serverUp) throw new Error('connection refused');
      return { default: () => <h1>{`page ${id}`}</h1> };
    });
    visit('/');
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load the home page");
    expect(screen.getByRole('link', { name: 'PhoneHaat' })).toBeInTheDocument();
    serverUp = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'page storefront/home-page' })).toBeInTheDocument();
  });
});
