import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Role } from '@phonehaat/shared-api/permissions';
import { setSession } from '@phonehaat/shared-auth/testing';
import { DashboardLayout } from './dashboard-layout';

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
  it.each<[Role, string[]]>([
    ['Buyer', ['My Orders']],
    ['Seller', ['Add a product', 'My Product']],
    ['admin', ['All Sellers', 'All Buyers']],
  ])('shows a %s only their own pages', (role, items) => {
    expect(menuFor(role)).toEqual(items);
  });
});
