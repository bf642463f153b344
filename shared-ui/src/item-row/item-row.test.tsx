import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ItemList, ItemRow } from './item-row';

describe('ItemList and ItemRow', () => {
  it('show each item with its title as a heading, its details and its actions', () => {
    render(
      <ItemList label="Your phones">
        <ItemRow img="/a.svg" title="Pixel 8" actions={<button type="button">Delete</button>} testId="row">
          <p>Tk 61,000</p>
        </ItemRow>
        <ItemRow img="/b.svg" title="Nokia G21" headingLevel={3} />
      </ItemList>,
    );
    const list = screen.getByRole('list', { name: 'Your phones' });
    const [first, second] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('heading', { level: 2, name: 'Pixel 8' })).toBeInTheDocument();
    expect(first).toHaveTextContent('Tk 61,000');
    expect(within(first).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(first).toHaveAttribute('data-testid', 'row');
    expect(within(second).getByRole('heading', { level: 3, name: 'Nokia G21' })).toBeInTheDocument();
    expect(within(second).queryByRole('button')).not.toBeInTheDocument();
  });
});
