import { render as renderAlone, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Role } from '@phonehaat/shared-api/permissions';
import { useSession } from '@phonehaat/shared-auth';
import { setSession } from '@phonehaat/shared-auth/testing';
import { api, useAction } from '@phonehaat/shared-data';
import { mockApi } from '@phonehaat/shared-data/testing';
import type { ReactNode } from 'react';
import { declaredPages } from '../../test/declared-pages';
import { RemotePagesContext } from '../remote-pages-context';
import { DashboardLayout } from './dashboard-layout';

/** Rendered in an app started with the releases' pages: here, the ones the checkout's remotes declare. */
const render = (ui: ReactNode) => renderAlone(<RemotePagesContext.Provider value={declaredPages}>{ui}</RemotePagesContext.Provider>);

const menuFor = (role: Role) => {
  setSession({ role });
  render(
    <MemoryRouter>
      <DashboardLayout />
    </MemoryRouter>,
  );
  return within(screen.getByRole('navigation', { name: 'Dashboard menu' }))
    .getAllByRole('link')
    .map((link) => link.textContent);
};

describe('the dashboard drawer', () => {
  it("is the dashboard's own page on a phone: its menu shown, with no button to open it", () => {
    setSession({ role: 'Seller' });
    mockApi({});
    const { unmount } = render(
      <MemoryRouter initialEntries={['/dashboard']}>
        <DashboardLayout />
      </MemoryRouter>,
    );
    expect(screen.getByRole('complementary', { name: 'Dashboard' })).toHaveClass(/open/);
    expect(screen.queryByRole('button', { name: 'Dashboard menu' })).not.toBeInTheDocument();
    unmount();
    render(
      <MemoryRouter initialEntries={['/dashboard/myproducts']}>
        <DashboardLayout />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: 'Dashboard menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it.each<[Role, string[]]>([
    ['Buyer', ['My Orders', 'Offers']],
    ['Seller', ['Add a product', 'My Product', 'Earnings', 'Offers']],
    ['admin', ['All Sellers', 'All Buyers', 'Reports', 'Disputes', 'Money', 'Activity', 'Blocked phones', 'Releases']],
  ])('shows a %s only their own pages', (role, items) => {
    mockApi({ 'GET /reports': { groups: [], total: 0, page: 1, limit: 1, openCount: 0 } });
    expect(menuFor(role)).toEqual(items);
  });

  it('shows an admin how many listings have open reports, and counts again when a moderation anywhere changes them', async () => {
    let openCount = 3;
    mockApi({
      'GET /reports': () => ({ groups: [], total: openCount, page: 1, limit: 1, openCount }),
      'POST /reports/p1/dismiss': () => ((openCount = 2), { modifiedCount: 1 }),
    });
    setSession({ role: 'admin' });
    // The admin's slice, elsewhere on the page: its change says what it invalidates, and nothing else links the two.
    function Moderation() {
      const dismiss = useAction(() => api.dismissReports({ params: { productId: 'p1' } }), { invalidates: ['listReports'] });
      return (
        <button type="button" onClick={() => void dismiss.run()}>
          Dismiss
        </button>
      );
    }
    render(
      <MemoryRouter>
        <DashboardLayout />
        <Moderation />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('link', { name: /^Reports\s*3\s*open$/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByRole('link', { name: /^Reports\s*2\s*open$/ })).toBeInTheDocument();
  });

  it('says when the menu could not be loaded, and loads it again on request', async () => {
    setSession({ role: null, email: 'rina@example.com' });
    useSession.setState({ roleStatus: 'error' });
    mockApi({
      'GET /me': { _id: '00000000-0000-4000-8000-000000000001', name: 'Someone', email: 'rina@example.com', role: 'admin', verified: false },
    });
    render(
      <MemoryRouter>
        <DashboardLayout />
      </MemoryRouter>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Your menu could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Reload menu' }));
    expect(await screen.findByRole('link', { name: 'All Sellers' })).toBeInTheDocument();
  });
});
