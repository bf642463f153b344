import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TabNav } from './tab-nav';

describe('TabNav', () => {
  it('lists its tabs as links in a named navigation, the current one marked as the page', () => {
    render(
      <TabNav label="Sections">
        <a href="/notifications" aria-current="page">
          Notifications
        </a>
        <a href="/notifications/settings">E-mail settings</a>
      </TabNav>,
    );
    const nav = screen.getByRole('navigation', { name: 'Sections' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Notifications', 'E-mail settings']);
    expect(within(nav).getByRole('link', { current: 'page' })).toHaveTextContent('Notifications');
    expect(within(nav).getAllByRole('listitem')).toHaveLength(2);
  });
});
