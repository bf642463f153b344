import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ReportGroup, ReportPage } from '@phonehaat/shared-api';
import { ToastHost } from '@phonehaat/shared-ui';
import { setSession } from '@phonehaat/shared-auth/testing';
import { mockApi, type RecordedCall } from '@phonehaat/shared-data/testing';
import ReportsPage from './reports-page';

const group = (i: number, count: number): ReportGroup => ({
  product: { _id: `b0000000-0000-4000-8000-00000000000${i}`, name: `Phone ${i}`, img: '/p.webp', resalePrice: 20000 + i, status: 'available', removedReason: null, imeiLast4: i === 1 ? '4821' : null, priceWarning: null },
  seller: { _id: `a0000000-0000-4000-8000-00000000000${i}`, name: `Seller ${i}`, email: `s${i}@example.com`, verified: false, removed: false, removedListings: i - 1 },
  count,
  reports: Array.from({ length: count }, (_, n) => ({
    _id: `c0000000-0000-4000-8000-0000000000${i}${n}`,
    reason: i === 1 && n === 0 ? 'stolen' : 'scam',
    note: i === 1 && n === 0 ? 'IMEI blacklisted' : '',
    reporterName: `Buyer ${n}`,
    flagged: [],
    message: null,
    status: 'open',
    createdAt: '2026-11-20T10:00:00.000Z',
    resolvedAt: null,
  })),
});
const SENDER = 'a0000000-0000-4000-8000-000000000009';
const pageOf = (groups: ReportGroup[]): ReportPage => ({ groups, total: groups.length, page: 1, limit: 10, openCount: groups.length });

let calls: RecordedCall[];
let open: ReportGroup[];
const render_ = () =>
  render(
    <MemoryRouter>
      <ReportsPage />
      <ToastHost />
    </MemoryRouter>,
  );

beforeEach(() => {
  setSession({ role: 'admin', email: 'admin@example.com' });
  open = [group(1, 3), group(2, 1)];
  calls = mockApi({
    'GET /admin/holds': [],
    'GET /reports': ({ url }) => (url.includes('status=resolved') ? pageOf([]) : pageOf(open)),
    [`POST /reports/${group(2, 1).product._id}/dismiss`]: () => {
      open = open.filter((g) => g.product._id !== group(2, 1).product._id);
      return { modifiedCount: 1 };
    },
    [`DELETE /admin/products/${group(1, 3).product._id}`]: () => {
      open = open.filter((g) => g.product._id !== group(1, 3).product._id);
      return { acknowledged: true };
    },
    [`DELETE /seller/${group(1, 3).seller._id}`]: { deletedCount: 1 },
  });
});

describe('Reports', () => {
  it("lists reported listings with their seller's record and every report", async () => {
    render_();
    const cards = await screen.findAllByTestId('report-group');
    expect(cards[0]).toHaveTextContent('Phone 1');
    expect(cards[0]).toHaveTextContent('3 reports');
    expect(cards[0]).toHaveTextContent('Suspected stolen: “IMEI blacklisted” by Buyer 0');
    expect(cards[0]).toHaveTextContent('no listing removed before');
    expect(cards[1]).toHaveTextContent('1 listing removed before');
    expect(screen.getByRole('button', { name: 'Open (2)' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('dismisses after a confirmation naming the listing', async () => {
    render_();
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss reports of Phone 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dismiss the reports of Phone 2?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dismiss reports' }));
    expect(await screen.findByText('Reports dismissed')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('report-group')).toHaveLength(1));
  });

  it('removes a listing and its seller with the reason the seller will see', async () => {
    render_();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove listing and seller: Phone 1, Seller 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Phone 1 and its seller Seller 1?' });
    const reason = within(dialog).getByLabelText('Reason (the seller sees it)');
    expect(reason).toHaveValue('Reported: suspected stolen, scam or fake');
    await userEvent.clear(reason);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove listing and seller' }));
    expect(reason).toHaveAccessibleDescription(/at least 3 characters/);
    await userEvent.type(reason, 'Stolen phone');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove listing and seller' }));
    expect(await screen.findByText('Listing and seller removed')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'DELETE' && call.url.startsWith('/admin/products/'))?.body).toEqual({ reason: 'Stolen phone' });
    expect(calls.some((call) => call.method === 'DELETE' && call.url === `/seller/${group(1, 3).seller._id}`)).toBe(true);
  });

  it('confirms a "Suspected stolen" report: the listing removed and its phone blocked', async () => {
    calls = mockApi({
      'GET /reports': () => pageOf(open),
      [`DELETE /admin/products/${group(1, 3).product._id}`]: () => ((open = open.slice(1)), { acknowledged: true, imeiBlocked: true }),
    });
    render_();
    const [stolen, scam] = await screen.findAllByTestId('report-group');
    expect(stolen).toHaveTextContent('IMEI •••• 4821');
    expect(within(scam!).queryByRole('button', { name: /stolen/ })).not.toBeInTheDocument();
    await userEvent.click(within(stolen!).getByRole('button', { name: 'Confirm stolen: Phone 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Phone 1 is stolen?' });
    expect(dialog).toHaveTextContent('its phone (IMEI •••• 4821) is blocked: nobody can list it again');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm stolen' }));
    expect(await screen.findByText('Listing removed and phone blocked')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'DELETE')?.body).toEqual({ reason: 'Reported: suspected stolen, scam or fake', stolen: true });
    await waitFor(() => expect(screen.getAllByTestId('report-group')).toHaveLength(1));
  });

  it("quotes a reported message from a conversation and removes it, with a reason", async () => {
    const reported = group(3, 1);
    reported.reports[0] = { ...reported.reports[0]!, reason: 'scam', note: 'Wants money first', message: { _id: '42', body: 'Send by bKash first', senderId: SENDER, senderName: 'Seller 3', removed: false, senderHeld: false, before: [] } };
    open = [reported];
    calls = mockApi({ 'GET /admin/holds': [], 'GET /reports': () => pageOf(open), 'DELETE /admin/messages/42': () => ((open = []), { acknowledged: true }) });
    render_();
    const card = await screen.findByTestId('report-group');
    expect(card).toHaveTextContent('A message from Seller 3:');
    expect(card).toHaveTextContent('Send by bKash first');
    await userEvent.click(within(card).getByRole('button', { name: 'Remove message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this message?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove message' }));
    expect(await screen.findByText('Message removed')).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/admin/messages/42')?.body).toEqual({ reason: 'Reported: scam or fake' });
  });

  it("says when PhoneHaat's scam rules, not a person, flagged a message, and what they saw in it (issue 70)", async () => {
    const flagged = group(4, 1);
    flagged.reports[0] = { ...flagged.reports[0]!, reporterName: 'PhoneHaat', flagged: ['mistaken-payment', 'advance'], message: { _id: '43', body: 'Sent 5000 by mistake, send it back', senderId: SENDER, senderName: 'Seller 4', removed: false, senderHeld: false, before: [{ senderName: 'Buyer 9', body: 'Is it still available?', createdAt: '2026-11-20T09:58:00.000Z' }] } };
    open = [flagged];
    calls = mockApi({ 'GET /admin/holds': [], 'GET /reports': () => pageOf(open) });
    render_();
    const card = await screen.findByTestId('report-group');
    expect(within(card).getByTestId('flagged-by-rules')).toHaveTextContent("Flagged by PhoneHaat's scam rules: money “sent by mistake” to be sent back; asks for money outside PhoneHaat");
    expect(card).toHaveTextContent('by PhoneHaat');
    expect(card).toHaveTextContent('Sent 5000 by mistake, send it back');
    // The conversation just before it, to judge it in context.
    expect(within(card).getByRole('list', { name: 'Before it in the conversation' })).toHaveTextContent('Buyer 9: Is it still available?');
  });

  it('holds a flagged message\'s sender from its report, then lists them as held and releases them, saying what was delivered (issue 70)', async () => {
    const flagged = group(5, 1);
    const quoted = { _id: '44', body: 'Pay advance to my bKash', senderId: SENDER, senderName: 'Seller 5', removed: false, senderHeld: false, before: [] };
    let held = false;
    const reports = () => {
      flagged.reports[0] = { ...flagged.reports[0]!, reporterName: 'PhoneHaat', flagged: ['advance'], message: { ...quoted, senderHeld: held } };
      return pageOf([flagged]);
    };
    const holds = () =>
      held ? [{ user: { _id: SENDER, name: 'Seller 5', email: 's5@example.com', removed: false }, heldAt: '2026-11-20T11:00:00.000Z', heldBy: { kind: 'admin', name: 'Site Admin' }, flaggedPeople: 1, waiting: 2 }] : [];
    calls = mockApi({
      'GET /admin/holds': holds,
      'GET /reports': reports,
      [`POST /admin/users/${SENDER}/hold`]: () => ((held = true), { acknowledged: true }),
      [`DELETE /admin/users/${SENDER}/hold`]: () => ((held = false), { acknowledged: true, delivered: 2 }),
    });
    render_();
    const card = await screen.findByTestId('report-group');
    expect(screen.queryByTestId('held-sender')).not.toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Hold the sender (Seller 5)' }));
    expect(await screen.findByText('Seller 5 is held for review')).toBeInTheDocument();
    const listed = await screen.findByTestId('held-sender');
    expect(listed).toHaveTextContent('Seller 5 (s5@example.com)');
    expect(listed).toHaveTextContent('Held by Site Admin');
    expect(listed).toHaveTextContent('2 messages waiting');
    expect(await within(card).findByTestId('sender-held')).toHaveTextContent('Its sender is held for review');
    expect(within(card).queryByRole('button', { name: 'Hold the sender (Seller 5)' })).not.toBeInTheDocument();
    await userEvent.click(within(listed).getByRole('button', { name: 'Release' }));
    expect(await screen.findByText('Seller 5 released: 2 waiting messages delivered')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('held-sender')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.url.startsWith('/admin/users/')).map((call) => call.method)).toEqual(['POST', 'DELETE']);
  });

  it("says when a new seller's price is far below the guide's range, and that dismissing is the review (issue 70)", async () => {
    const cheap = group(6, 1);
    cheap.product.priceWarning = { low: 31_250, high: 33_750 };
    cheap.reports[0] = { ...cheap.reports[0]!, reason: 'price', reporterName: 'PhoneHaat' };
    calls = mockApi({ 'GET /admin/holds': [], 'GET /reports': () => pageOf([cheap]) });
    render_();
    const card = await screen.findByTestId('report-group');
    expect(within(card).getByTestId('price-review')).toHaveTextContent("A new seller's price far below the price guide's Tk 31,250–Tk 33,750 for this model");
    expect(card).toHaveTextContent('Price too good to be true');
  });

  it('shows the resolved list, with no actions, and a clear empty state', async () => {
    render_();
    await screen.findAllByTestId('report-group');
    await userEvent.click(screen.getByRole('button', { name: 'Resolved' }));
    expect(await screen.findByText('Nothing resolved yet')).toBeInTheDocument();
  });
});
