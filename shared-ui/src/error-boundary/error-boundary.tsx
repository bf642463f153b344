import { Component, type ErrorInfo, type ReactNode } from 'react';

export interface ErrorBoundaryFallbackProps {
  error: Error;
  /** Clears the error and renders the children again. */
  reset(): void;
}

export interface ErrorBoundaryProps {
  fallback: (props: ErrorBoundaryFallbackProps) => ReactNode;
  onError?: (error: Error, info: ErrorInfo) => void;
  /** The boundary resets itself when any of these changes (e.g. the route's location key). */
  resetKeys?: unknown[];
  children?: ReactNode;
}

interface State {
  error: Error | null;
}

const changed = (a: unknown[] = [], b: unknown[] = []) =>
  a.length !== b.length || a.some((value, index) => !Object.is(value, b[index]));

/** Catches a render error below it and shows `fallback` instead of unmounting the whole app. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(thrown: unknown): State {
    return { error: thrown instanceof Error ? thrown : new Error(String(thrown)) };
  }

  override componentDidCatch(thrown: unknown, info: ErrorInfo) {
    this.props.onError?.(thrown instanceof Error ? thrown : new Error(String(thrown)), info);
  }

  override componentDidUpdate(prevProps: ErrorBoundaryProps, prevState: State) {
    // Only an error that was already showing is cleared: the update that caught it may also have changed the keys.
    if (this.state.error && prevState.error && changed(prevProps.resetKeys, this.props.resetKeys)) this.reset();
  }

  reset = () => {
    this.setState({ error: null });
  };

  override render() {
    const { error } = this.state;
    return error ? this.props.fallback({ error, reset: this.reset }) : this.props.children;
  }
}
