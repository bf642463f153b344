import { lazy, Suspense, useMemo, useState, type ComponentType } from 'react';
import { ErrorBoundary, ErrorState, PageSpinner } from '@phonehaat/shared-ui';
import { ComingSoon } from '../app/routes/coming-soon';
import { loadRemoteModule } from './load-remote-module';
import { remoteEntry, type RemoteName } from './manifest';

export interface RemoteSlotProps {
  remote: RemoteName;
  /** The exposed module, e.g. 'home-page'. */
  module: string;
  /** What the slot shows, for the loading and error messages ("the home page"). */
  label: string;
}

/**
 * One remote's page inside the shell: Suspense while it loads, and an error boundary that keeps the
 * failure to this slice (navbar, footer and other slices keep working) with a Retry that reloads the
 * remote without reloading the page.
 */
export function RemoteSlot({ remote, module, label }: RemoteSlotProps) {
  const [attempt, setAttempt] = useState(0);
  // React.lazy remembers a failed import forever, so every retry gets a fresh lazy component.
  const Page = useMemo(
    () =>
      lazy(async () => {
        const page = await loadRemoteModule<{ default: ComponentType; buildId?: string }>(remote, module, attempt);
        const Component = page.default;
        // Which deployment of the remote is showing: visible in the DOM for support and for the redeploy test.
        return {
          default: () => (
            <div data-remote={remote} data-build={page.buildId}>
              <Component />
            </div>
          ),
        };
      }),
    [remote, module, attempt],
  );
  if (!remoteEntry(remote)) return <ComingSoon label={label} />;
  return (
    <ErrorBoundary
      resetKeys={[attempt]}
      onError={(error) => console.error(`PhoneHaat: ${remote}/${module} failed`, error)}
      fallback={() => (
        <ErrorState
          title={`We couldn't load ${label}`}
          message="This part of PhoneHaat is not responding right now. The rest of the site still works."
          retryLabel="Retry"
          onRetry={() => setAttempt((n) => n + 1)}
        />
      )}
    >
      <Suspense fallback={<PageSpinner label={`Loading ${label}`} />}>
        <Page />
      </Suspense>
    </ErrorBoundary>
  );
}
