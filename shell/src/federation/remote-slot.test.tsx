import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadedRemoteModule, loadRemoteModule, remoteListed } from './load-remote-module';
import { markFailedBeforeHydration, RemoteSlot } from './remote-slot';

vi.mock('./load-remote-module', () => ({ loadRemoteModule: vi.fn(), loadedRemoteModule: vi.fn(), remoteListed: vi.fn() }));

const load = vi.mocked(loadRemoteModule);
const alreadyLoaded = vi.mocked(loadedRemoteModule);
const listed = vi.mocked(remoteListed);

const slot = () =>
  render(
    <MemoryRouter>
      <nav>navbar still here</nav>
      <RemoteSlot remote="buyer" module="my-orders-page" label={{ en: 'your orders', bn: 'আপনার অর্ডারগুলো' }} />
    </MemoryRouter>,
  );

beforeEach(() => {
  load.mockReset();
  alreadyLoaded.mockReset();
  listed.mockReturnValue(true);
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
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
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
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows "coming soon" for a remote the manifest does not list', () => {
    listed.mockReturnValue(false);
    slot();
    expect(screen.getByRole('heading', { name: 'Coming soon' })).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
  });

  it('keeps a composed page readable when its code could not start in this browser, and says so, with a Retry', async () => {
    // The server rendered the page (its remote loaded there)…
    alreadyLoaded.mockReturnValue({ default: () => <a href="/blog">Read the blog</a>, buildId: 'b1' });
    const slotted = (
      <MemoryRouter>
        <RemoteSlot remote="buyer" module="my-orders-page" label={{ en: 'your orders', bn: 'আপনার অর্ডারগুলো' }} />
      </MemoryRouter>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(slotted);
    document.body.append(container);
    const link = container.querySelector('a');
    // …but this browser could not load it before hydrating.
    alreadyLoaded.mockReturnValue(undefined);
    markFailedBeforeHydration('buyer', 'my-orders-page');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    errors.mockClear();
    await act(async () => void hydrateRoot(container, slotted));
    expect(errors).not.toHaveBeenCalled();
    // The server's HTML stays, the same element, its link a plain link; the slot says the page could not start.
    expect(screen.getByRole('link', { name: 'Read the blog' })).toBe(link);
    expect(screen.getByRole('alert')).toHaveTextContent("We couldn't start your orders");
    load.mockResolvedValue({ default: () => <h1>My Orders</h1> });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'My Orders' })).toBeInTheDocument();
    expect(load).toHaveBeenLastCalledWith('buyer', 'my-orders-page', 1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    container.remove();
  });
});
