import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatTaka } from '../i18n/format';
import { Price } from './price';

describe('formatTaka', () => {
  it.each([
    [12500, 'Tk 12,500'],
    [0, 'Tk 0'],
    [1000000, 'Tk 1,000,000'],
    [999, 'Tk 999'],
    [21000.4, 'Tk 21,000'],
  ])('formats %d as %s', (amount, expected) => {
    expect(formatTaka(amount)).toBe(expected);
  });
});

describe('Price', () => {
  it('shows the amount in Taka', () => {
    render(<Price amount={12500} />);
    expect(screen.getByText('Tk 12,500')).toBeInTheDocument();
  });

  it('strikes through a price that no longer applies', () => {
    render(
      <>
        <Price amount={30000} strike />
        <Price amount={21000} />
      </>,
    );
    expect(screen.getByText('Tk 30,000').tagName).toBe('S');
    expect(screen.getByText('Tk 21,000').tagName).not.toBe('S');
  });
});
