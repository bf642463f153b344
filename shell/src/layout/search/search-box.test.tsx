import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '@phonehaat/shared-auth/testing';
import { mockApi, unmockApi, type RecordedCall } from '@phonehaat/shared-data/testing';
import { SearchBox } from './search-box';
import { SUGGEST_DEBOUNCE_MS } from './use-suggestions';

const suggestions = {
  suggestions: [
    { text: 'Samsung', kind: 'brand' },
    { text: 'Galaxy S21 FE 128GB', kind: 'product' },
    { text: 'Galaxy S23 Ultra 256GB', kind: 'product' },
  ],
};

let calls: RecordedCall[];
const renderBox = (path = '/') => {
  const router = createMemoryRouter(
    [
      { path: '/', element: <SearchBox /> },
      { path: '/search', element: <SearchBox /> },
      { path: '/blog', element: <SearchBox /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
};
const box = () => screen.getByRole('combobox', { name: 'Search phones' });
/** Lets the debounce run out and the answer arrive. */
const settle = () => act(() => vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS + 10));

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  setSession('signed-out');
  calls = mockApi({ 'GET /search/suggest': suggestions });
});
afterEach(() => vi.useRealTimers());

describe('the navbar search box', () => {
  it('opens /search?q=… with the words typed, on Enter', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const router = renderBox();
    await user.type(box(), 'iphone 13 128{Enter}');
    expect(router.state.location.pathname).toBe('/search');
    expect(router.state.location.search).toBe('?q=iphone+13+128');
  });

  it('asks for suggestions from 2 characters, once typing pauses', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderBox();
    await user.type(box(), 'g');
    await settle();
    expect(calls).toHaveLength(0);
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    await user.type(box(), 'alax');
    await settle();
    // One request for what was typed by the pause, not one per key.
    expect(calls.map((call) => call.url)).toEqual(['/search/suggest?q=galax']);
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['SamsungBrand', 'Galaxy S21 FE 128GB', 'Galaxy S23 Ultra 256GB']);
  });

  it('moves through the suggestions with the arrow keys and picks one with Enter', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const router = renderBox();
    await user.type(box(), 'gal');
    await settle();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const second = screen.getByRole('option', { name: 'Galaxy S21 FE 128GB' });
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(box()).toHaveAttribute('aria-activedescendant', second.id);
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('option', { name: 'Galaxy S23 Ultra 256GB' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(router.state.location.search).toBe('?q=Galaxy+S23+Ultra+256GB');
    expect(box()).toHaveValue('Galaxy S23 Ultra 256GB');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('closes the list on Escape, then clears the box on a second Escape', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderBox();
    await user.type(box(), 'gal');
    await settle();
    await user.keyboard('{Escape}');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(box()).toHaveValue('gal');
    await user.keyboard('{Escape}');
    expect(box()).toHaveValue('');
  });

  it('picks a suggestion with the mouse', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const router = renderBox();
    await user.type(box(), 'sam');
    await settle();
    await user.click(screen.getByRole('option', { name: /Samsung/ }));
    expect(router.state.location.search).toBe('?q=Samsung');
  });

  it('cancels a request that newer typing replaced, so a late answer never shows', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const aborted: string[] = [];
    // The real transport (axios over fetch) down to the fake fetch, to see what it cancels.
    unmockApi();
    const originalFetch = globalThis.fetch;
    globalThis.fetch = (input, init) => {
      const request = new Request(input, init);
      request.signal.addEventListener('abort', () => aborted.push(request.url));
      // The answer for "ip" is slow; the one for "iph" is fast.
      return request.url.endsWith('q=ip')
        ? new Promise((resolve) => setTimeout(() => resolve(originalFetch(input, init)), 1000))
        : originalFetch(input, init);
    };
    renderBox();
    await user.type(box(), 'ip');
    await settle();
    await user.type(box(), 'h');
    await settle();
    expect(aborted).toEqual([expect.stringMatching(/q=ip$/)]);
  });

  it('shows the words of the search on the results page, and nothing elsewhere', async () => {
    const router = renderBox('/search?q=pixel+7&sort=newest');
    expect(box()).toHaveValue('pixel 7');
    await act(() => router.navigate('/blog'));
    expect(box()).toHaveValue('');
  });
});
