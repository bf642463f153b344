import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Product, SearchResults } from '@phonehaat/shared-api';
import { setSession } from '@phonehaat/shared-auth/testing';
import { mockApi, type RecordedCall } from '@phonehaat/shared-data/testing';
import { appleId, listing } from '../test/listing';
import SearchPage, { loader } from './search-page';

const apple = appleId;
const samsung = '7a0c1d2e-3f4a-4b5c-8d6e-7f8091a2b3c4';
const phone = (i: number, overrides: Partial<Product> = {}): Product => listing(i, { name: `iPhone 13 variant ${i}`, usedYear: 2022, ...overrides });

const results = (overrides: Partial<SearchResults> = {}): SearchResults => ({
  products: [phone(1), phone(2)],
  total: 14,
  page: 1,
  limit: 12,
  sort: 'relevance',
  facets: {
    brands: [
      { _id: apple, name: 'Apple', count: 12 },
      { _id: samsung, name: 'Samsung', count: 2 },
    ],
    conditions: [
      { condition: 'Excellent', count: 5 },
      { condition: 'Good', count: 7 },
      { condition: 'Fair', count: 2 },
    ],
  },
  ...overrides,
});

let calls: RecordedCall[];
let answer: (url: string) => unknown;
const renderPage = (path = '/search?q=iphone+13') => {
  const router = createMemoryRouter(
    [
      { path: '/search', element: <SearchPage />, loader },
      { path: '/product/:id', element: <p>product page</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
};
const searchOf = (router: ReturnType<typeof renderPage>) => new URLSearchParams(router.state.location.search);

beforeEach(() => {
  setSession({ role: 'Buyer' });
  answer = () => results();
  calls = mockApi({ 'GET /search': ({ url }) => answer(url) as never });
});

describe('the search page', () => {
  it('loads the results of the address before it shows, with counts beside each brand and condition', async () => {
    renderPage('/search?q=iphone+13&condition=Good');
    expect(await screen.findByRole('heading', { level: 1, name: 'Phones matching “iphone 13”' })).toBeInTheDocument();
    expect(screen.getByText('14 phones for sale')).toBeInTheDocument();
    expect(calls[0]?.url).toBe('/search?q=iphone+13&condition=Good');
    expect(screen.getAllByRole('article')).toHaveLength(2);
    const filters = screen.getByRole('form', { name: 'Filters' });
    expect(within(filters).getByRole('checkbox', { name: 'Apple (12)' })).not.toBeChecked();
    expect(within(filters).getByRole('checkbox', { name: 'Samsung (2)' })).toBeInTheDocument();
    expect(within(filters).getByRole('checkbox', { name: 'Good (7)' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toBeInTheDocument();
    // Each card opens the phone's own page.
    expect(screen.getByRole('link', { name: 'iPhone 13 variant 1' })).toHaveAttribute('href', `/product/${phone(1)._id}`);
  });

  it('keeps every choice in the address: brands, price, sort and page', async () => {
    const user = userEvent.setup();
    const router = renderPage();
    const filters = await screen.findByRole('form', { name: 'Filters' });
    await user.click(within(filters).getByRole('checkbox', { name: 'Samsung (2)' }));
    await user.click(within(filters).getByRole('checkbox', { name: 'Apple (12)' }));
    expect(searchOf(router).getAll('brand')).toEqual([samsung, apple]);
    await user.type(within(filters).getByRole('textbox', { name: 'Min' }), '20,000');
    await user.type(within(filters).getByRole('textbox', { name: 'Max' }), '50000{Enter}');
    expect(searchOf(router).get('minPrice')).toBe('20000');
    expect(searchOf(router).get('maxPrice')).toBe('50000');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Seller rating: best first');
    expect(searchOf(router).get('sort')).toBe('rating');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Price: low to high');
    expect(searchOf(router).get('sort')).toBe('price_asc');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(searchOf(router).get('page')).toBe('2');
    // A filter change starts again at page 1.
    await user.click(within(filters).getByRole('checkbox', { name: 'Verified sellers only' }));
    expect(searchOf(router).get('page')).toBeNull();
    expect(searchOf(router).get('verified')).toBe('true');
    expect(calls.at(-1)?.url).toContain('verified=true');
    await user.click(within(filters).getByRole('checkbox', { name: 'IMEI checked only' }));
    expect(searchOf(router).get('imeiChecked')).toBe('true');
    expect(calls.at(-1)?.url).toContain('imeiChecked=true');
    await user.click(within(filters).getByRole('checkbox', { name: 'Sellers with a verified phone number' }));
    expect(searchOf(router).get('phoneVerified')).toBe('true');
    expect(calls.at(-1)?.url).toContain('phoneVerified=true');
  });

  it('refuses a price range that makes no sense, without searching', async () => {
    const user = userEvent.setup();
    const router = renderPage();
    const filters = await screen.findByRole('form', { name: 'Filters' });
    await user.type(within(filters).getByRole('textbox', { name: 'Min' }), '50000');
    await user.type(within(filters).getByRole('textbox', { name: 'Max' }), '10000');
    await user.click(within(filters).getByRole('button', { name: 'Apply price' }));
    expect(within(filters).getByRole('alert')).toHaveTextContent('The maximum must be at least the minimum');
    expect(searchOf(router).get('minPrice')).toBeNull();
    await user.clear(within(filters).getByRole('textbox', { name: 'Max' }));
    await user.type(within(filters).getByRole('textbox', { name: 'Max' }), 'cheap{Enter}');
    expect(within(filters).getByRole('alert')).toHaveTextContent('Prices are whole Taka');
  });

  it('shows each filter as a chip that takes it off', async () => {
    const user = userEvent.setup();
    const router = renderPage(`/search?q=iphone&brand=${samsung}&verified=true&maxPrice=30000&imeiChecked=true`);
    const chips = await screen.findByRole('list', { name: 'Filters on' });
    expect(within(chips).getAllByRole('button').map((chip) => chip.getAttribute('aria-label') ?? chip.textContent)).toEqual([
      'Remove filter: Samsung',
      'Remove filter: Up to Tk 30,000',
      'Remove filter: Verified sellers only',
      'Remove filter: IMEI checked only',
      'Clear all',
    ]);
    await user.click(within(chips).getByRole('button', { name: 'Remove filter: Verified sellers only' }));
    expect(searchOf(router).get('verified')).toBeNull();
    expect(searchOf(router).get('brand')).toBe(samsung);
    await user.click(within(await screen.findByRole('list', { name: 'Filters on' })).getByRole('button', { name: 'Clear all' }));
    expect(router.state.location.search).toBe('?q=iphone');
  });

  it('when nothing matches, offers to drop the filter that emptied the list', async () => {
    const user = userEvent.setup();
    answer = (url) =>
      url.includes('verified')
        ? results({ products: [], total: 0, withoutFilter: [{ filter: 'q', total: 0 }, { filter: 'verified', total: 3 }] })
        : results();
    const router = renderPage('/search?q=iphone&verified=true');
    expect(await screen.findByRole('heading', { name: 'No phones match “iphone”' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Search without the words/ })).not.toBeInTheDocument();
    expect(screen.getByText('Your choice “Verified sellers only” ruled everything out. Take it off to see these:')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove “Verified sellers only” (3 phones)' }));
    expect(searchOf(router).get('verified')).toBeNull();
    expect(await screen.findAllByRole('article')).toHaveLength(2);
  });

  it('says what emptied the list: the words with the choices, or the words alone when no filter was chosen', async () => {
    answer = () => results({ products: [], total: 0, withoutFilter: [{ filter: 'q', total: 12 }, { filter: 'verified', total: 0 }] });
    renderPage('/search?q=iphone+banana&verified=true');
    expect(await screen.findByText('No phone matches all of your words with these choices. Without the words:')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Search without the words/ })).toBeInTheDocument();
    cleanup();
    answer = () => results({ products: [], total: 0, withoutFilter: [{ filter: 'q', total: 12 }] });
    renderPage('/search?q=iphone+banana');
    expect(await screen.findByRole('heading', { name: 'No phones match “iphone banana”' })).toBeInTheDocument();
    expect(screen.getByText(/^Check the spelling/)).toBeInTheDocument();
    expect(screen.queryByText(/choices/)).not.toBeInTheDocument();
  });

  it('says which words it searched when it corrected a typo', async () => {
    answer = () => results({ interpretedAs: 'samsung galaxy' });
    renderPage('/search?q=samsng+galaxy');
    expect(await screen.findByText('“samsung galaxy”')).toBeInTheDocument();
  });

  it('explains a choice in the address that the server refused, with a way out', async () => {
    const user = userEvent.setup();
    calls = mockApi({
      'GET /search': ({ url }) =>
        url.includes('maxPrice') ? [400, { statusCode: 400, message: 'querystring.maxPrice: maxPrice must be at least minPrice' }] : results(),
    });
    const router = renderPage('/search?q=iphone&minPrice=5000&maxPrice=10');
    expect(await screen.findByRole('alert')).toHaveTextContent('maxPrice must be at least minPrice');
    await user.click(screen.getByRole('button', { name: 'Search again without filters' }));
    expect(router.state.location.search).toBe('?q=iphone');
    expect(await screen.findAllByRole('article')).toHaveLength(2);
  });

  it('books a phone from its card', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Book Now: iPhone 13 variant 2' }));
    expect(screen.getByRole('dialog', { name: 'Book iPhone 13 variant 2' })).toBeInTheDocument();
  });
});

describe('saving a search', () => {
  it('keeps the search as its address has it (not its page) under a name the person may change', async () => {
    calls = mockApi({
      'GET /search': () => results() as never,
      'POST /saved-searches': (call) => ({ _id: 'b0000000-0000-4000-8000-000000000001', name: (call.body as { name: string }).name, query: 'q=iphone+13&maxPrice=40000', createdAt: '2026-11-25T10:00:00.000Z' }),
    });
    renderPage('/search?q=iphone+13&maxPrice=40000&page=2');
    await userEvent.click(await screen.findByRole('button', { name: 'Save this search' }));
    const dialog = screen.getByRole('dialog', { name: 'Save this search' });
    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    expect(name).toHaveValue('iphone 13');
    await userEvent.clear(name);
    await userEvent.type(name, 'iPhone 13 under 40k');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('New phones that match will show in your notifications');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'iPhone 13 under 40k', query: 'q=iphone+13&maxPrice=40000' });
  });

  it('is not offered to an admin (who does not shop)', async () => {
    setSession({ role: 'admin' });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save this search' })).not.toBeInTheDocument();
  });

  it("shows the API's refusal", async () => {
    calls = mockApi({ 'GET /search': () => results() as never, 'POST /saved-searches': [409, { message: 'You can keep at most 50 saved searches: delete one first' }] });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Save this search' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You can keep at most 50 saved searches: delete one first');
  });
});

