import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Message, Thread, ThreadDetail } from '@phonehaat/shared-api';
import { setSession } from '@phonehaat/shared-auth/testing';
import { mockApi, type Handler, type RecordedCall } from '@phonehaat/shared-data/testing';
import { outbox } from '../features/conversation/outbox';
import InboxPage, { loader } from './inbox-page';

const ME = 'b0000000-0000-4000-8000-000000000001';
const SELLER = 'c0000000-0000-4000-8000-000000000002';
const THREAD = 'd0000000-0000-4000-8000-000000000003';
const PRODUCT = 'e0000000-0000-4000-8000-000000000004';

const message = (id: string, senderId: string, body: string): Message => ({
  _id: id,
  threadId: THREAD,
  clientId: `f0000000-0000-4000-8000-00000000000${id}`,
  senderId,
  body,
  createdAt: '2026-11-25T10:0' + id + ':00.000Z',
  removed: false,
  offer: null,
  warnings: [],
  held: false,
});
const thread = (overrides: Partial<Thread> = {}): Thread => ({
  _id: THREAD,
  role: 'buyer',
  listing: { _id: PRODUCT, name: 'Galaxy S21 FE', img: 'http://localhost:4100/images/products/galaxy-s21-fe.svg', resalePrice: 31000 },
  other: { _id: SELLER, name: 'Rahim Uddin' },
  lastMessage: message('2', SELLER, 'Yes, the battery is original'),
  unread: 1,
  seenByOther: null,
  closed: null,
  createdAt: '2026-11-25T09:00:00.000Z',
  ...overrides,
});
const detail = (overrides: Partial<Thread> = {}, messages = [message('1', ME, 'Is the battery original?'), message('2', SELLER, 'Yes, the battery is original')]): ThreadDetail => ({
  thread: thread(overrides),
  messages,
  hasOlder: false,
});

/** The page in a router, as the shell shows it, at an address. */
function page(path: string, routes: Record<string, Handler>): RecordedCall[] {
  const calls = mockApi({ 'POST /stream/tickets': [503, { message: 'not in unit tests' }], 'GET /inbox/unread': { threads: 0 }, 'GET /me/phone': { phone: '01712345678', verifiedAt: '2026-11-20T10:00:00.000Z' }, ...routes });
  render(
    <RouterProvider
      router={createMemoryRouter(
        [
          { path: '/inbox/:id?', element: <InboxPage />, loader },
          { path: '/product/:id', element: <p>The phone's page</p> },
        ],
        { initialEntries: [path] },
      )}
    />,
  );
  return calls;
}

beforeEach(() => setSession({ role: 'Buyer' }));
afterEach(() => outbox.setState({ pending: [] }));

describe('the inbox', () => {
  it("reports the other person's message with a reason, and shows a message PhoneHaat removed as removed", async () => {
    const user = userEvent.setup();
    const calls = page(`/inbox/${THREAD}`, {
      'GET /threads': [thread()],
      [`GET /threads/${THREAD}`]: detail({}, [message('1', ME, 'Is the battery original?'), { ...message('2', SELLER, ''), removed: true }, message('3', SELLER, 'Pay by bKash first')]),
      [`POST /threads/${THREAD}/seen`]: { acknowledged: true },
      'POST /messages/3/report': [201, { acknowledged: true, insertedId: 'a0000000-0000-4000-8000-000000000001' }],
    });
    expect(await screen.findByText('This message was removed by PhoneHaat')).toBeInTheDocument();
    // Only the other person's messages, and not a removed one, can be reported.
    const reports = screen.getAllByRole('button', { name: 'Report' });
    expect(reports).toHaveLength(1);
    await user.click(reports[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Report this message' });
    expect(dialog).toHaveTextContent('Pay by bKash first');
    await user.type(within(dialog).getByLabelText('Anything the team should know (optional)'), 'Wants money first');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(calls.find((call) => call.url === '/messages/3/report')?.body).toEqual({ reason: 'scam', note: 'Wants money first' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('warns the reader under a message PhoneHaat saw a risk in, and tells its sender why under the first of theirs only', async () => {
    const scam = { ...message('2', SELLER, 'Sent 5000 by mistake, send it back'), warnings: ['mistaken-payment' as const, 'advance' as const] };
    const mineFlagged = [{ ...message('3', ME, 'my whatsapp?'), warnings: ['off-platform' as const] }, { ...message('4', ME, 'whatsapp again'), warnings: ['off-platform' as const] }];
    page(`/inbox/${THREAD}`, {
      'GET /threads': [thread()],
      [`GET /threads/${THREAD}`]: detail({}, [message('1', ME, 'Is it still available?'), scam, ...mineFlagged]),
      [`POST /threads/${THREAD}/seen`]: { acknowledged: true },
    });
    const warning = await screen.findByRole('note', { name: 'Be careful: this message may be a scam' });
    expect(warning).toHaveTextContent('check your own bKash or Nagad app');
    expect(warning).toHaveTextContent('Pay only on PhoneHaat: your money is held until you have the phone.');
    // Delivered and shown as sent; only the other person's message warns; the sender's note once.
    expect(screen.getByText('Sent 5000 by mistake, send it back')).toBeInTheDocument();
    expect(screen.getAllByTestId('scam-warning')).toHaveLength(1);
    expect(screen.getAllByTestId('scam-note')).toHaveLength(1);
    expect(screen.getByText('my whatsapp?').closest('li')).toContainElement(screen.getByTestId('scam-note'));
  });

  it('says under a message that waits for review that the other person does not see it yet, instead of the scam note', async () => {
    const waiting = { ...message('2', ME, 'Send Tk 2,000 advance to 01712345678'), warnings: ['advance' as const], held: true };
    page(`/inbox/${THREAD}`, {
      'GET /threads': [thread()],
      [`GET /threads/${THREAD}`]: detail({}, [message('1', SELLER, 'Is it still available?'), waiting]),
      [`POST /threads/${THREAD}/seen`]: { acknowledged: true },
    });
    const note = await screen.findByTestId('held-note');
    expect(note).toHaveTextContent("Waiting for PhoneHaat's review: the other person will see it once the team has looked at your account.");
    expect(screen.getByText('Send Tk 2,000 advance to 01712345678').closest('li')).toContainElement(note);
    expect(screen.queryByTestId('scam-note')).not.toBeInTheDocument();
  });

  it("shows a negotiation's steps as lines in the reader's words, not to be reported, and the list says an offer came last", async () => {
    const offerId = 'f0000000-0000-4000-8000-000000000001';
    const offered = { ...message('1', ME, ''), offer: { offerId, by: 'buyer' as const, action: 'offered' as const, amount: 19000 } };
    const countered = { ...message('2', SELLER, ''), offer: { offerId, by: 'seller' as const, action: 'countered' as const, amount: 20500 } };
    page(`/inbox/${THREAD}`, {
      'GET /threads': [thread({ lastMessage: countered })],
      [`GET /threads/${THREAD}`]: detail({ lastMessage: countered }, [offered, countered]),
      [`POST /threads/${THREAD}/seen`]: { acknowledged: true },
    });
    const lines = await screen.findAllByTestId('offer-line');
    expect(lines.map((line) => line.textContent)).toEqual(['Offered Tk 19,000 See the offer', 'Countered with Tk 20,500 See the offer']);
    expect(within(lines[1]!).getByRole('link', { name: 'See the offer' })).toHaveAttribute('href', '/dashboard/offers');
    expect(screen.queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Rahim Uddin/ })).toHaveTextContent('An offer: Tk 20,500');
  });

  it('shows a message once when the stream brought it before its send was answered (not also as sending)', async () => {
    const stored = message('1', ME, 'Is the battery original?');
    outbox.setState({ pending: [{ clientId: stored.clientId, threadId: THREAD, body: stored.body, createdAt: stored.createdAt, state: 'sending' }] });
    page(`/inbox/${THREAD}`, { 'GET /threads': [thread()], [`GET /threads/${THREAD}`]: detail({}, [stored]), [`POST /threads/${THREAD}/seen`]: { acknowledged: true } });
    expect(await screen.findByText('Is the battery original?')).toBeInTheDocument();
    expect(screen.getAllByText('Is the battery original?')).toHaveLength(1);
    expect(screen.queryByText('Sending…')).not.toBeInTheDocument();
  });

  it('lists conversations with the other person, the listing, the last message and what is unread', async () => {
    page('/inbox', { 'GET /threads': [thread(), thread({ _id: 'd0000000-0000-4000-8000-000000000009', other: { _id: SELLER, name: 'Nadia Islam' }, unread: 0, lastMessage: null })] });
    const list = await screen.findByRole('list', { name: 'Conversations' });
    const [first, second] = within(list).getAllByRole('link');
    expect(first).toHaveTextContent('Rahim Uddin');
    expect(first).toHaveTextContent('Galaxy S21 FE');
    expect(first).toHaveTextContent('Yes, the battery is original');
    expect(within(first!).getByLabelText('1 unread message')).toBeInTheDocument();
    expect(second).toHaveTextContent('No messages yet');
  });

  it('shows earlier messages on demand, in order, until there are none', async () => {
    const user = userEvent.setup();
    const calls = page(`/inbox/${THREAD}`, {
      'GET /threads': [thread()],
      [`GET /threads/${THREAD}`]: { ...detail(), hasOlder: true, messages: [message('5', SELLER, 'Five'), message('6', ME, 'Six')] },
      [`GET /threads/${THREAD}?before=5`]: { ...detail(), hasOlder: false, messages: [message('3', ME, 'Three'), message('4', SELLER, 'Four')] },
      [`POST /threads/${THREAD}/seen`]: { acknowledged: true },
    });
    await user.click(await screen.findByRole('button', { name: 'Show earlier messages' }));
    const list = screen.getByRole('list', { name: 'Messages' });
    await expect.poll(() => within(list).getAllByRole('listitem').map((item) => item.querySelector('p')?.textContent)).toEqual(['Three', 'Four', 'Five', 'Six']);
    expect(screen.queryByRole('button', { name: 'Show earlier messages' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.url.startsWith(`/threads/${THREAD}?`)).map((call) => call.url)).toEqual([`/threads/${THREAD}?before=5`]);
  });

  it('says when there is no conversation yet, and where to start one', async () => {
    page('/inbox', { 'GET /threads': [] });
    expect(await screen.findByRole('heading', { name: 'No conversations yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse phones' })).toHaveAttribute('href', '/');
  });

  it('shows a conversation with its listing on top, its messages, and "Seen" under the last one the other has seen', async () => {
    const calls = page(`/inbox/${THREAD}`, { 'GET /threads': [thread()], [`GET /threads/${THREAD}`]: detail({ seenByOther: '1' }), [`POST /threads/${THREAD}/seen`]: { acknowledged: true } });
    const conversation = await screen.findByRole('region', { name: 'Conversation with Rahim Uddin' });
    expect(within(conversation).getByRole('link', { name: /Galaxy S21 FE/ })).toHaveAttribute('href', `/product/${PRODUCT}`);
    expect(within(conversation).getByText('Tk 31,000')).toBeInTheDocument();
    const messages = within(within(conversation).getByRole('list', { name: 'Messages' })).getAllByRole('listitem');
    expect(messages.map((item) => item.querySelector('p')?.textContent)).toEqual(['Is the battery original?', 'Yes, the battery is original']);
    expect(messages[0]).toHaveTextContent('Seen');
    // The other person's newest message has been seen now.
    await screen.findByRole('list', { name: 'Conversations' });
    expect(calls.find((call) => call.url === `/threads/${THREAD}/seen`)?.body).toEqual({ upTo: '2' });
  });

  it('sends a message with an id of its own, showing it as sending until it is stored', async () => {
    const user = userEvent.setup();
    let release: (reply: unknown) => void = () => undefined;
    const calls = page(`/inbox/${THREAD}`, {
      'GET /threads': [thread()],
      [`GET /threads/${THREAD}`]: detail(),
      [`POST /threads/${THREAD}/seen`]: { acknowledged: true },
      [`POST /threads/${THREAD}/messages`]: ({ body }) => new Promise((resolve) => (release = () => resolve([201, { ...message('3', ME, (body as { body: string }).body), clientId: (body as { clientId: string }).clientId }]))),
    });
    await user.type(await screen.findByLabelText('Your message'), '  Can we meet in Mirpur?  {Enter}');
    expect(await screen.findByText('Sending…')).toBeInTheDocument();
    expect(screen.getByLabelText('Your message')).toHaveValue('');
    const sent = calls.find((call) => call.method === 'POST' && call.url.endsWith('/messages'))!.body as { clientId: string; body: string };
    expect(sent.body).toBe('Can we meet in Mirpur?');
    expect(sent.clientId).toMatch(/^[0-9a-f-]{36}$/);
    await act(async () => release(undefined));
    expect(screen.queryByText('Sending…')).not.toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Messages' })).getByText('Can we meet in Mirpur?')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Conversations' })).toHaveTextContent('You: Can we meet in Mirpur?'); // the list's last message
  });

  it("keeps a refused message's text with the server's reason, and sends it again with the same id", async () => {
    const user = userEvent.setup();
    let refuse = true;
    const calls = page(`/inbox/${THREAD}`, {
      'GET /threads': [thread()],
      [`GET /threads/${THREAD}`]: detail(),
      [`POST /threads/${THREAD}/seen`]: { acknowledged: true },
      [`POST /threads/${THREAD}/messages`]: ({ body }) =>
        refuse ? [403, { message: 'You blocked this person: unblock them to write' }] : [201, { ...message('3', ME, 'Hello?'), clientId: (body as { clientId: string }).clientId }],
    });
    await user.type(await screen.findByLabelText('Your message'), 'Hello?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Not sent: You blocked this person: unblock them to write');
    expect(within(screen.getByRole('list', { name: 'Messages' })).getByText('Hello?')).toBeInTheDocument();
    refuse = false;
    await user.click(within(alert).getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(screen.getByRole('list', { name: 'Conversations' })).toHaveTextContent('You: Hello?'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    const sends = calls.filter((call) => call.url.endsWith('/messages')).map((call) => (call.body as { clientId: string }).clientId);
    expect(new Set(sends).size).toBe(1);
  });

  it('shows a message written while offline as sending, and sends it once the network is back', async () => {
    const user = userEvent.setup();
    let online = false;
    const calls = page(`/inbox/${THREAD}`, {
      'GET /threads': [thread()],
      [`GET /threads/${THREAD}`]: detail(),
      [`POST /threads/${THREAD}/seen`]: { acknowledged: true },
      [`POST /threads/${THREAD}/messages`]: ({ body }) => {
        if (!online) throw new Error('network down');
        return [201, { ...message('3', ME, 'Written offline'), clientId: (body as { clientId: string }).clientId }];
      },
    });
    await user.type(await screen.findByLabelText('Your message'), 'Written offline{Enter}');
    expect(await screen.findByText('Sending…')).toBeInTheDocument();
    online = true;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.getByRole('list', { name: 'Conversations' })).toHaveTextContent('You: Written offline'));
    expect(screen.queryByText('Sending…')).not.toBeInTheDocument();
    const sends = calls.filter((call) => call.url.endsWith('/messages')).map((call) => (call.body as { clientId: string }).clientId);
    expect(sends.length).toBeGreaterThanOrEqual(2);
    expect(new Set(sends).size).toBe(1);
  });

  it('refuses to send nothing, and says so', async () => {
    const user = userEvent.setup();
    page(`/inbox/${THREAD}`, { 'GET /threads': [thread()], [`GET /threads/${THREAD}`]: detail(), [`POST /threads/${THREAD}/seen`]: { acknowledged: true } });
    await user.click(await screen.findByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Write something first');
  });

  it('shows why a conversation is closed instead of the composer', async () => {
    page(`/inbox/${THREAD}`, { 'GET /threads': [thread()], [`GET /threads/${THREAD}`]: detail({ closed: 'sold' }), [`POST /threads/${THREAD}/seen`]: { acknowledged: true } });
    expect(await screen.findByText('This phone has been sold: the conversation is closed.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Your message')).not.toBeInTheDocument();
  });

  it('opens the conversation about a listing from /inbox/new, then shows it at its own address', async () => {
    const calls = page(`/inbox/new?listing=${PRODUCT}`, {
      'POST /threads': thread(),
      'GET /threads': [thread()],
      [`GET /threads/${THREAD}`]: detail(),
      [`POST /threads/${THREAD}/seen`]: { acknowledged: true },
    });
    expect(await screen.findByRole('region', { name: 'Conversation with Rahim Uddin' })).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/threads' && call.method === 'POST')?.body).toEqual({ productId: PRODUCT });
  });

  it("says why a conversation could not be opened (the API's reason)", async () => {
    page(`/inbox/new?listing=${PRODUCT}`, { 'POST /threads': [409, { message: 'This phone has already been sold' }], 'GET /threads': [] });
    expect(await screen.findByText('This phone has already been sold')).toBeInTheDocument();
  });
});
