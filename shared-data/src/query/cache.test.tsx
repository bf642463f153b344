import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../api-client';
import { setSignedIn } from '../credentials';
import { mockApi } from '../testing';
import { useAction } from '../use-action';
import { invalidateReads, QueryView, updatePages, updateRead, useApiPages, useApiQuery } from './public';

function Brands() {
  const brands = useApiQuery('listBrands');
  return (
    <QueryView query={brands} loading={<p>Loading brands</p>} isEmpty={(list) => list.length === 0} empty={{ title: 'No brands yet' }}>
      {(list) => <p>{list.map((brand) => brand.name).join(', ')}</p>}
    </QueryView>
  );
}

const brand = (name: string) => ({ _id: `b-${name}`, name, onSale: 1 });

describe('the cache', () => {
  it('shows what a read answered, an empty answer as empty, and a failure with a Retry that asks again', async () => {
    let answer: unknown = [503, { message: 'The database is busy' }];
    const calls = mockApi({ 'GET /categories': () => answer as never });
    render(<Brands />);
    // A 5xx is asked once more before it is shown.
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is busy');
    expect(calls).toHaveLength(2);
    answer = [];
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No brands yet')).toBeInTheDocument();
  });

  it('changes an answer in place (updateRead), and reads it again when a change says so, in every screen that shows it', async () => {
    let brands = [brand('Apple')];
    mockApi({ 'GET /categories': () => brands, 'PUT /product/p1/watch': { watching: true } });
    // Any change: what it invalidates is read again.
    function AddBrand() {
      const adding = useAction(() => api.watchProduct({ params: { id: 'p1' } }), { invalidates: ['listBrands'] });
      return <button onClick={() => void adding.run()}>Add</button>;
    }
    render(
      <>
        <Brands />
        <Brands />
        <AddBrand />
      </>,
    );
    expect(await screen.findAllByText('Apple')).toHaveLength(2);
    act(() => updateRead('listBrands', undefined, (list) => [...list, brand('Samsung')]));
    expect(await screen.findAllByText('Apple, Samsung')).toHaveLength(2);
    brands = [brand('Apple'), brand('Samsung'), brand('Nokia')];
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.getAllByText('Apple, Samsung, Nokia')).toHaveLength(2));
  });

  it('reads page by page, and changes the newest page in place', async () => {
    const item = (id: string) => ({ _id: id, kind: 'booked' as const, params: {}, link: '/x', createdAt: '2026-12-01T10:00:00.000Z', read: false });
    mockApi({
      'GET /notifications': ({ url }) => (url.includes('before=n2') ? { items: [item('n1')], hasMore: false, unread: 3 } : { items: [item('n3'), item('n2')], hasMore: true, unread: 3 }),
    });
    function List() {
      const pages = useApiPages('listNotifications', undefined, { next: (page) => (page.hasMore ? page.items.at(-1)?._id : undefined), at: (before) => ({ query: { before } }) });
      const items = pages.data?.pages.flatMap((page) => page.items) ?? [];
      return (
        <>
          <p>{items.map((one) => one._id).join(' ')}</p>
          {pages.hasNextPage && <button onClick={() => void pages.fetchNextPage()}>Older</button>}
        </>
      );
    }
    render(<List />);
    expect(await screen.findByText('n3 n2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('n3 n2 n1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Older' })).not.toBeInTheDocument();
    act(() => updatePages('listNotifications', undefined, ([newest, ...older]) => [{ ...newest!, items: [item('n4'), ...newest!.items] }, ...older]));
    expect(await screen.findByText('n4 n3 n2 n1')).toBeInTheDocument();
  });

  it('asks only the read named again when invalidated with its input', async () => {
    const calls = mockApi({ 'GET /bookings/a/delivery': { parcel: null }, 'GET /bookings/b/delivery': { parcel: null } });
    function Delivery({ id }: { id: string }) {
      useApiQuery('getDelivery', { params: { id } });
      return null;
    }
    render(
      <>
        <Delivery id="a" />
        <Delivery id="b" />
      </>,
    );
    await waitFor(() => expect(calls).toHaveLength(2));
    act(() => invalidateReads('getDelivery', { params: { id: 'a' } }));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]!.url).toBe('/bookings/a/delivery');
  });

  it('forgets what one person was answered when they sign out, or someone else signs in', async () => {
    let name = 'Tanvir';
    const calls = mockApi({ 'GET /categories': () => [brand(name)] });
    setSignedIn('tanvir@example.com');
    const { unmount } = render(<Brands />);
    expect(await screen.findByText('Tanvir')).toBeInTheDocument();
    unmount();
    name = 'Farhana';
    act(() => setSignedIn('farhana@example.com'));
    render(<Brands />);
    // Not Tanvir's answer shown while Farhana's is asked.
    expect(screen.getByText('Loading brands')).toBeInTheDocument();
    expect(await screen.findByText('Farhana')).toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });
});

describe("a composed page's answers", () => {
  it('make the same page whenever they are composed (no times in them), and are dated when the browser takes them in', async () => {
    const { browserQueryClient, createQueryClient, dehydrateCache, hydrateCache } = await import('./cache');
    // A key no other test reads, at times after theirs (hydrating never overwrites a newer answer).
    const key = ['listBrands', { composedPage: true }];
    const later = Date.now() + 86_400_000;
    const composedAt = (at: number) => {
      vi.setSystemTime(at);
      const render = createQueryClient();
      render.setQueryData(key, [brand('Apple')]);
      return JSON.stringify(dehydrateCache(render));
    };
    try {
      // The same answers, read ten seconds apart: the same bytes, so the page's ETag stays.
      expect(composedAt(later)).toBe(composedAt(later + 10_000));
      const composed = composedAt(later + 20_000);
      vi.setSystemTime(later + 60_000);
      hydrateCache(JSON.parse(composed));
      const taken = browserQueryClient().getQueryCache().find({ queryKey: key })!;
      expect(taken.state.data).toEqual([brand('Apple')]);
      // Fresh from the moment it arrived: read again only once its 30 s have passed.
      expect(taken.state.dataUpdatedAt).toBe(later + 60_000);
      expect(taken.isStale()).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
