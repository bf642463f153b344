import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './error-boundary';

let broken = true;
function Listing() {
  if (broken) throw new Error('listing failed');
  return <p>Samsung Galaxy A52</p>;
}

const fallback = ({ error, reset }: { error: Error; reset(): void }) => (
  <div>
    <p>Could not show this: {error.message}</p>
    <button type="button" onClick={reset}>
      Try again
    </button>
  </div>
);

describe('ErrorBoundary', () => {
  beforeEach(() => {
    broken = true;
    // React reports every caught render error on the console; the test asserts on onError instead.
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the fallback with the error instead of the broken children, and reports it', () => {
    const onError = vi.fn();
    render(
      <ErrorBoundary fallback={fallback} onError={onError}>
        <Listing />
      </ErrorBoundary>,
    );
    expect(screen.getByText('Could not show this: listing failed')).toBeInTheDocument();
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'listing failed' }), expect.anything());
  });

  it('renders the children when nothing throws', () => {
    broken = false;
    render(
      <ErrorBoundary fallback={fallback}>
        <Listing />
      </ErrorBoundary>,
    );
    expect(screen.getByText('Samsung Galaxy A52')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('reset renders the children again', async () => {
    render(
      <ErrorBoundary fallback={fallback}>
        <Listing />
      </ErrorBoundary>,
    );
    broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('Samsung Galaxy A52')).toBeInTheDocument();
  });

  it('resets itself when a reset key changes, not on other re-renders', () => {
    const { rerender } = render(
      <ErrorBoundary fallback={fallback} resetKeys={['/phones/1']}>
        <Listing />
      </ErrorBoundary>,
    );
    broken = false;
    rerender(
      <ErrorBoundary fallback={fallback} resetKeys={['/phones/1']}>
        <Listing />
      </ErrorBoundary>,
    );
    expect(screen.getByText(/Could not show this/)).toBeInTheDocument();

    rerender(
      <ErrorBoundary fallback={fallback} resetKeys={['/phones/2']}>
        <Listing />
      </ErrorBoundary>,
    );
    expect(screen.getByText('Samsung Galaxy A52')).toBeInTheDocument();
  });

  it('keeps showing an error caught in the same update that changed the keys, and reports it once', () => {
    broken = false;
    const onError = vi.fn();
    const { rerender } = render(
      <ErrorBoundary fallback={fallback} onError={onError} resetKeys={['/phones/1']}>
        <Listing />
      </ErrorBoundary>,
    );
    broken = true;
    rerender(
      <ErrorBoundary fallback={fallback} onError={onError} resetKeys={['/phones/2']}>
        <Listing />
      </ErrorBoundary>,
    );
    expect(screen.getByText('Could not show this: listing failed')).toBeInTheDocument();
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('turns a thrown non-Error into an Error', () => {
    function ThrowsString(): never {
      throw 'plain string';
    }
    render(
      <ErrorBoundary fallback={fallback}>
        <ThrowsString />
      </ErrorBoundary>,
    );
    expect(screen.getByText('Could not show this: plain string')).toBeInTheDocument();
  });
});
