import { isInaccessible, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProductCardSkeleton } from '../skeleton/product-card-skeleton';
import { PageSpinner } from './page-spinner';
import { Spinner } from './spinner';

describe('Spinner', () => {
  it('announces its label as a status', () => {
    render(<Spinner label="Loading phones" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading phones');
  });

  it('says "Loading" by default, also as a page spinner', () => {
    render(<PageSpinner />);
    expect(screen.getByRole('status')).toHaveTextContent(/^Loading$/);
  });
});

describe('ProductCardSkeleton', () => {
  it('is hidden from screen readers', () => {
    const { container } = render(<ProductCardSkeleton />);
    expect(isInaccessible(container.firstElementChild!)).toBe(true);
  });
});
