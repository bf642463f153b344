import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Notification } from '@phonehaat/shared-api';
import { setSession } from '@phonehaat/shared-auth/testing';
import { mockApi, type Handler, type RecordedCall } from '@phonehaat/shared-data/testing';
import NotificationsPage, { loader } from './notifications-page';
import UnsubscribePage, { loader as unsubscribeLoader } from './unsubscribe-page';

const PRODUCT = 'e0000000-0000-4000-8000-000000000004';
const notification = (id: string, overrides: Partial<Notification> = {}): Notification => ({
  _id: id,
  kind: 'booked',
  params: { productId: PRODUCT, productName: 'Galaxy S21 FE', who: 'Nusrat Jahan' },
  link: '/dashboard/myproduct',
  createdAt: '2026-11-25T10:00:00.000Z',
  read: false,
  ...overrides,
});
const settings = { email: { booked: true, paid: true, released: true, 'sold-elsewhere': true, 'listing-removed': true, 'your-listing-removed': true, 'saved-search': true }, language: 'en' };

function page(path: string, routes: Record<string, Handler>): RecordedCall[] {
  const calls = mockApi({ 'POST /stream/tickets': [503, { message: 'not in unit tests' }], 'GET /notifications/unread': { count: 0 }, ...routes });
  render(
    <RouterProvider
      router={createMemoryRouter(
        [
          { path: '/notifications/:section?', element: <NotificationsPage />, loader },
          { path: '/unsubscribe', element: <UnsubscribePage />, loader: unsubscribeLoader },
          { path: '/dashboard/myproduct', element: <p>My Product</p> },
        ],
        { initialEntries: [path] },
      )}
    />,
  );
  return calls;
}

beforeEach(() => setSession({ role: 'Seller' }));

describe('the notifications page', () => {
  it('says what happened in words, marks the unread, and opens the thing, marking it read', async () => {
    const calls = page('/notifications', {
      'GET /notifications': {
        items: [
          notification('2'),
          notification('1', { kind: 'your-listing-removed', params: { productName: 'Pixel 7', reason: 'Photos of another phone' }, read: true }),
        ],
        hasMore: false,
        unread: 1,
      },
      'POST /notifications/read': { modifiedCount: 1 },
    });
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const links = within(list).getAllByRole('link');
    expect(links[0]).toHaveTextContent('Unread: Nusrat Jahan booked your Galaxy S21 FE.');
    expect(links[1]).toHaveTextContent('PhoneHaat removed your listing Pixel 7. The reason: Photos of another phone');
    expect(links[1]).not.toHaveTextContent('Unread');
    await userEvent.click(links[0]!);
    expect(await screen.findByText('My Product')).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/notifications/read')?.body).toEqual({ ids: ['2'] });
  });

  it('marks all read, and pages back to older ones', async () => {
    const calls = page('/notifications', {
      'GET /notifications': (call) =>
        call.url.includes('before=2')
          ? { items: [notification('1', { kind: 'verified', params: {}, read: true })], hasMore: false, unread: 0 }
          : { items: [notification('3'), notification('2')], hasMore: true, unread: 2 },
      'POST /notifications/read': { modifiedCount: 2 },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Mark all read' }));
    expect(calls.find((call) => call.url === '/notifications/read')?.body).toEqual({});
    expect(screen.queryByRole('button', { name: 'Mark all read' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Unread:/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show older' }));
    expect(await screen.findByText('You are now a verified seller: your listings carry the badge.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show older' })).not.toBeInTheDocument();
  });

  it('shows what to expect when there is nothing yet', async () => {
    page('/notifications', { 'GET /notifications': { items: [], hasMore: false, unread: 0 } });
    expect(await screen.findByText('Nothing yet')).toBeInTheDocument();
    expect(screen.getByText(/When someone books your phone/)).toBeInTheDocument();
  });

  it('shows a retry when it cannot load', async () => {
    page('/notifications', { 'GET /notifications': [500, { message: 'Something went wrong on our side (request r1)' }] });
    expect(await screen.findByText('Something went wrong on our side (request r1)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /try again|retry/i })).toBeInTheDocument();
  });

  it('turns a kind of e-mail off from the settings, and puts it back if that fails', async () => {
    const calls = page('/notifications/settings', {
      'GET /me/email-settings': settings,
      'PUT /me/email-settings': (call) =>
        (call.body as { email: Record<string, boolean> }).email.paid === false ? [500, { message: 'Something went wrong on our side (request r2)' }] : { ...settings, email: { ...settings.email, booked: false } },
    });
    const booked = await screen.findByRole('checkbox', { name: 'someone books one of my phones' });
    await userEvent.click(booked);
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ email: { booked: false } });
    expect(booked).not.toBeChecked();
    const paid = screen.getByRole('checkbox', { name: 'a booking is paid for' });
    await userEvent.click(paid);
    expect(calls.filter((call) => call.method === 'PUT').at(-1)?.body).toEqual({ email: { paid: false } });
    await waitFor(() => expect(paid).toBeChecked());
  });
});

describe('the saved searches', () => {
  const SEARCH = 'a0000000-0000-4000-8000-000000000009';
  it('open as they were saved, are renamed and deleted after a confirmation', async () => {
    const calls = page('/notifications/searches', {
      'GET /saved-searches': [{ _id: SEARCH, name: 'iPhone 13 under 40k', query: 'q=iphone+13&maxPrice=40000', createdAt: '2026-11-25T10:00:00.000Z' }],
      'PUT /saved-searches/a0000000-0000-4000-8000-000000000009': { _id: SEARCH, name: 'iPhone 13', query: 'q=iphone+13&maxPrice=40000', createdAt: '2026-11-25T10:00:00.000Z' },
      'DELETE /saved-searches/a0000000-0000-4000-8000-000000000009': { deletedCount: 1 },
    });
    const list = await screen.findByRole('list', { name: 'Your saved searches' });
    expect(within(list).getByRole('link', { name: 'iPhone 13 under 40k' })).toHaveAttribute('href', '/search?q=iphone+13&maxPrice=40000');
    await userEvent.click(within(list).getByRole('button', { name: 'Rename iPhone 13 under 40k' }));
    const field = within(list).getByLabelText('New name');
    await userEvent.clear(field);
    await userEvent.type(field, 'iPhone 13');
    await userEvent.click(within(list).getByRole('button', { name: 'Save' }));
    expect(await within(list).findByRole('link', { name: 'iPhone 13' })).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ name: 'iPhone 13' });
    await userEvent.click(within(list).getByRole('button', { name: 'Delete iPhone 13' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No saved searches yet')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });
});

describe('the unsubscribe page', () => {
  it('unsubscribes only when the person confirms, and says from what', async () => {
    const calls = page('/unsubscribe?token=u.booked.sig', { 'POST /unsubscribe': { kind: 'booked', unsubscribed: true } });
    await screen.findByText(/Stop getting this kind of e-mail/);
    expect(calls.filter((call) => call.url.startsWith('/unsubscribe'))).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Stop these e-mails' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Done: no more e-mails when someone books one of my phones.');
    expect(calls.find((call) => call.url.startsWith('/unsubscribe'))?.url).toBe('/unsubscribe?token=u.booked.sig');
  });

  it("shows the API's refusal of a bad link", async () => {
    page('/unsubscribe?token=forged', { 'POST /unsubscribe': [400, { message: 'This unsubscribe link is not valid: use the link from the e-mail, or change your settings after signing in' }] });
    await userEvent.click(await screen.findByRole('button', { name: 'Stop these e-mails' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^This unsubscribe link is not valid/);
  });

  it('tells of a sign-in from a new browser, naming the browser as its own name says it, and what to do if it was not them', async () => {
    page('/notifications', {
      'GET /notifications': {
        items: [
          notification('2', { kind: 'new-sign-in', params: { device: 'Chrome, Android' }, link: '/notifications/settings' }),
          notification('1', { kind: 'new-sign-in', params: {}, link: '/notifications/settings', read: true }),
        ],
        hasMore: false,
        unread: 1,
      },
    });
    const links = within(await screen.findByRole('list', { name: 'Notifications' })).getAllByRole('link');
    expect(links[0]).toHaveTextContent('Your account was signed in to from a browser it has not used before (Chrome, Android). Not you? Change your password');
    expect(links[0]).toHaveAttribute('href', '/notifications/settings');
    expect(links[1]).toHaveTextContent('Your account was signed in to from a browser it has not used before. Not you?');
  });
});

