import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { setSession } from '@phonehaat/shared-auth/testing';
import { mockApi } from '@phonehaat/shared-data/testing';
import ActivityPage from './activity-page';

describe('Activity', () => {
  it('lists what admins did, newest first, with the reason', async () => {
    setSession({ role: 'admin' });
    mockApi({
      'GET /audit': {
        entries: [
          { _id: '2', actorName: 'Site Admin', action: 'remove-listing', targetType: 'product', targetId: 'b0000000-0000-4000-8000-000000000001', targetLabel: 'Galaxy S23', reason: 'Stolen phone', createdAt: '2026-11-22T10:00:00.000Z' },
          { _id: '1', actorName: 'command line', action: 'grant-admin', targetType: 'user', targetId: 'a0000000-0000-4000-8000-000000000001', targetLabel: 'Rina (rina@example.com)', reason: null, createdAt: '2026-11-21T10:00:00.000Z' },
        ],
        total: 2,
        page: 1,
        limit: 25,
      },
    });
    render(
      <MemoryRouter>
        <ActivityPage />
      </MemoryRouter>,
    );
    const rows = await screen.findAllByTestId('activity-row');
    expect(rows[0]).toHaveTextContent('Site Admin');
    expect(rows[0]).toHaveTextContent('Removed listing Galaxy S23');
    expect(rows[0]).toHaveTextContent('Stolen phone');
    expect(rows[1]).toHaveTextContent('Made admin Rina (rina@example.com)');
    expect(screen.queryByRole('button', { name: /delete|edit/i })).not.toBeInTheDocument();
  });
});
