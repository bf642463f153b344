import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EmptyState } from '../empty-state/empty-state';
import { ErrorState } from './error-state';

describe('ErrorState', () => {
  it('is announced as an alert, with a default title and a retry', async () => {
    const onRetry = vi.fn();
    render(<ErrorState message="Check your connection." onRetry={onRetry} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong');
    expect(alert).toHaveTextContent('Check your connection.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('offers no retry without onRetry', () => {
    render(<ErrorState title="Could not load bookings" />);
    expect(screen.getByRole('heading', { name: 'Could not load bookings' })).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('EmptyState', () => {
  it('names what is missing and offers the next step', () => {
    render(<EmptyState title="No phones yet" message="Add your first phone to start selling." action={<a href="/sell">Add a phone</a>} />);
    expect(screen.getByRole('heading', { level: 2, name: 'No phones yet' })).toBeInTheDocument();
    expect(screen.getByText('Add your first phone to start selling.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a phone' })).toHaveAttribute('href', '/sell');
  });
});
