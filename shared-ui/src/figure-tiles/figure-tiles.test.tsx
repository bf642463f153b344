import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FigureTiles } from './figure-tiles';

describe('FigureTiles', () => {
  it('pairs each label with its value, each tile named for tests', () => {
    render(
      <FigureTiles
        testIdPrefix="money"
        figures={[
          { key: 'held', label: 'Held', value: 'Tk 21,000' },
          { key: 'paidOut', label: 'Paid out', value: 'Tk 0' },
        ]}
      />,
    );
    const held = screen.getByTestId('money-held');
    expect(within(held).getByRole('term')).toHaveTextContent('Held');
    expect(within(held).getByRole('definition')).toHaveTextContent('Tk 21,000');
    expect(within(screen.getByTestId('money-paidOut')).getByRole('definition')).toHaveTextContent('Tk 0');
  });
});
