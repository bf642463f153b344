import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BlockedImei } from '@phonehaat/shared-api';
import { ToastHost } from '@phonehaat/shared-ui';
import { setSession } from '@phonehaat/shared-auth/testing';
import { mockApi, type RecordedCall } from '@phonehaat/shared-data/testing';
import BlockedPhonesPage from './blocked-phones-page';

const entry = (i: number, last4: string): BlockedImei => ({
  _id: `d0000000-0000-4000-8000-00000000000${i}`,
  imeiLast4: last4,
  reason: `Police report ${i}`,
  blockedBy: 'Site Admin',
  createdAt: '2026-11-20T10:00:00.000Z',
});
let blocked: BlockedImei[];
let calls: RecordedCall[];
const renderPage = () =>
  render(
    <MemoryRouter>
      <BlockedPhonesPage />
      <ToastHost />
    </MemoryRouter>,
  );

beforeEach(() => {
  setSession({ role: 'admin' });
  blocked = [entry(1, '4821')];
  calls = mockApi({
    'GET /admin/blocked-imeis': () => ({ entries: blocked, total: blocked.length, page: 1, limit: 25 }),
    'POST /admin/blocked-imeis': ({ body }) => {
      const { imei } = body as { imei: string };
      if (imei.length !== 15) return [400, { statusCode: 400, message: 'IMEI must be 15 digits', fields: [{ field: 'imei', message: 'IMEI must be 15 digits' }] }];
      blocked = [entry(2, imei.slice(-4)), ...blocked];
      return [201, { acknowledged: true, insertedId: entry(2, '')._id }];
    },
    [`DELETE /admin/blocked-imeis/${entry(1, '')._id}`]: () => ((blocked = blocked.filter(({ _id }) => _id !== entry(1, '')._id)), { modifiedCount: 1 }),
  });
});

describe('Blocked phones', () => {
  it('lists blocked phones by their last 4 digits, and blocks one by hand, showing the API’s refusal beside the field', async () => {
    renderPage();
    const [row] = await screen.findAllByTestId('blocked-row');
    expect(row).toHaveTextContent('•••• 4821');
    expect(row).toHaveTextContent('Police report 1');
    expect(row).toHaveTextContent('Site Admin');

    const form = screen.getByRole('form', { name: 'Block a phone' });
    await userEvent.type(within(form).getByLabelText('IMEI'), '12345');
    await userEvent.type(within(form).getByLabelText('Reason'), 'Owner called support');
    await userEvent.click(within(form).getByRole('button', { name: 'Block phone' }));
    await waitFor(() => expect(within(form).getByLabelText('IMEI')).toHaveAccessibleDescription('IMEI must be 15 digits'));
    await userEvent.clear(within(form).getByLabelText('IMEI'));
    await userEvent.type(within(form).getByLabelText('IMEI'), '352099001761481');
    await userEvent.click(within(form).getByRole('button', { name: 'Block phone' }));
    expect(await screen.findByText('Phone blocked. Its listing on sale, if any, was removed.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').at(-1)?.body).toEqual({ imei: '352099001761481', reason: 'Owner called support' });
    await waitFor(() => expect(screen.getAllByTestId('blocked-row')).toHaveLength(2));
    expect(screen.getAllByTestId('blocked-row')[0]).toHaveTextContent('•••• 1481');
  });

  it('unblocks a phone only with a reason', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Unblock the phone with IMEI ending 4821' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unblock the phone •••• 4821?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Unblock' }));
    expect(within(dialog).getByLabelText('Why (for the activity log)')).toHaveAccessibleDescription(/at least 3 characters/);
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await userEvent.type(within(dialog).getByLabelText('Why (for the activity log)'), 'Owner found it');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Unblock' }));
    expect(await screen.findByText('Phone unblocked')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'DELETE')?.body).toEqual({ reason: 'Owner found it' });
    expect(await screen.findByText('No blocked phones')).toBeInTheDocument();
  });
});
