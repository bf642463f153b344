import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadedRemoteModule, loadRemoteModule } from './load-remote-module';
import { remoteEntry } from './manifest';
import { RemoteSlot } from './remote-slot';

vi.mock('./load-remote-module', () => ({ loadRemoteModule: vi.fn(), loadedRemoteModule: vi.fn() }));
vi.mock('./manifest', () => ({ remoteEntry: vi.fn() }));

const load = vi.mocked(loadRemoteModule);
const alreadyLoaded = vi.mocked(loadedRemoteModule);
const entry = vi.mocked(remoteEntry);

const slot = () =>
  render(
    <MemoryRouter>
      <nav>navbar still here</nav>
      <RemoteSlot remote="buyer" module="my-orders-page" label="your orders" />
    </MemoryRouter>,
  );

beforeEach(() => {
  load.mockReset();
  alreadyLoaded.mockReset();
  entry.mockReturnValue('http://localhost:4202/remoteEntry.js');
});

describe('a remote slot', () => {
  it('shows the remote page once it has loaded', async () => {
    load.mockResolvedValue({ default: () => <h1>My Orders</h1> });
    slot();
    expect(screen.getByRole('status')).toHaveTextContent(/loading your orders/i);
    expect(await screen.findByRole('heading', { name: 'My Orders' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('buyer', 'my-orders-page', 0);
  });

  it('shows a page its route has loaded already at once, with no spinner in between', () => {
    alreadyLoaded.mockReturnValue({ default: () => <h1>My Orders</h1>, buildId: 'build-7' });
    slot();
    expect(screen.getByRole('heading', { name: 'My Orders' }).closest('[data-remote]')).toHaveAttribute('data-build', 'build-7');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
  });

  it('keeps a failing remote to its slot, and Retry loads it again without reloading the page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    load.mockRejectedValueOnce(new Error('remoteEntry.js: connection refused')).mockResolvedValueOnce({ default: () => <h1>My Orders</h1> });
    slot();
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load your orders");
    expect(screen.getByText('navbar still here')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'My Orders' })).toBeInTheDocument();
    expect(load).toHaveBeenLastCalledWith('buyer', 'my-orders-page', 1);
  });

  it('catches a remote page that crashes while rendering', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    load.mockResolvedValue({
      default: () => {
        throw new Error('boom');
      },
    });
    slot();
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('shows "coming soon" for a remote the manifest does not list', () => {
    entry.mockReturnValue(undefined);
    slot();
    expect(screen.getByRole('heading', { name: 'Coming soon' })).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
  });
});
