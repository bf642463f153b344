import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { ToastHost } from '@phonehaat/shared-ui';
import { setSession } from '@phonehaat/shared-auth/testing';
import { mockApi } from '@phonehaat/shared-data/testing';
import AllBuyersPage from './all-buyers-page';

const initialBuyers = [
  { _id: 'b0000000-0000-4000-8000-000000000001', name: 'Tanvir Ahmed', email: 'tanvir@example.com', role: 'Buyer', verified: false, bookings: 3, phoneEnding: '567' as string | null, createdAt: '2026-09-01T00:00:00.000Z' },
  { _id: 'b0000000-0000-4000-8000-000000000002', name: 'Rafiq Islam', email: 'rafiq@example.com', role: 'Buyer', verified: false, bookings: 0, phoneEnding: null, createdAt: '2026-09-02T00:00:00.000Z' },
];
let buyers = initialBuyers;

beforeEach(() => {
  buyers = initialBuyers;
  setSession({ role: 'admin', email: 'ayesha@example.com' });
  mockApi({
    'GET /users/allbuyers': () => ({ users: buyers, total: buyers.length, page: 1, limit: 10 }),
    'DELETE /users/b0000000-0000-4000-8000-000000000001/phone': () => {
      buyers = buyers.map((buyer) => (buyer._id === 'b0000000-0000-4000-8000-000000000001' ? { ...buyer, phoneEnding: null } : buyer));
      return { modifiedCount: 1 };
    },
    'DELETE /buyer/b0000000-0000-4000-8000-000000000002': () => {
      buyers = buyers.filter((buyer) => buyer._id !== 'b0000000-0000-4000-8000-000000000002');
      return { deletedCount: 1 };
    },
  });
});

describe('All Buyers', () => {
  it('lists buyers with their bookings and removes one after confirming', async () => {
    render(
      <MemoryRouter>
        <AllBuyersPage />
        <ToastHost />
      </MemoryRouter>,
    );
    const rows = await screen.findAllByTestId('buyer-row');
    expect(rows[0]).toHaveTextContent('tanvir@example.com');
    expect(within(rows[0]!).getByText('3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Rafiq Islam' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Rafiq Islam?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted Successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('buyer-row')).toHaveLength(1));
  });

  it("shows only the last 3 digits of a buyer's verified number, and resets it after confirming", async () => {
    render(
      <MemoryRouter>
        <AllBuyersPage />
        <ToastHost />
      </MemoryRouter>,
    );
    const [tanvir, rafiq] = await screen.findAllByTestId('buyer-row');
    expect(tanvir).toHaveTextContent('•••567');
    expect(within(tanvir!).getByText('Verified number ending in 567')).toBeInTheDocument();
    expect(rafiq).toHaveTextContent('No number');
    expect(within(rafiq!).queryByRole('button', { name: /Reset/ })).not.toBeInTheDocument();
    await userEvent.click(within(tanvir!).getByRole('button', { name: 'Reset number for Tanvir Ahmed' }));
    const dialog = await screen.findByRole('dialog', { name: "Reset Tanvir Ahmed's phone number?" });
    expect(dialog).toHaveTextContent('The number ending in 567 is taken off');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset number' }));
    expect(await screen.findByText("Tanvir Ahmed's phone number was reset")).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('buyer-row')[0]).toHaveTextContent('No number'));
  });
});
