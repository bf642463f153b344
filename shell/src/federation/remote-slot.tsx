import { lazy, Suspense, useMemo, useState, type ComponentType } from 'react';
import { ErrorBoundary, ErrorState, PageSpinner } from '@phonehaat/shared-ui';
import { ComingSoon } from '../app/routes/coming-soon';
import { loadedRemoteModule, loadRemoteModule } from './load-remote-module';
import { remoteEntry, type RemoteName } from './manifest';
import { RemoteStamp } from './remote-stamp';

export interface RemoteSlotProps {
  remote: RemoteName;
  /** The exposed module, e.g. 'home-page'. */
  module: string;
  /** What the slot shows, for the loading and error messages ("the home page"). */
  label: string;
}

interface PageModule {
  default: ComponentType;
  buildId?: string;
}

/** The remote's page, stamped with which deployment of the remote is showing (for support and the redeploy test). */
function stamped(remote: RemoteName, page: PageModule): ComponentType {
  const Component = page.default;
  return function RemotePage() {
    return (
      <RemoteStamp remote={remote} build={page.buildId}>
        <Component />
      </RemoteStamp>
    );
  };
}

/**
 * One remote's page inside the shell: Suspense while it loads, and an error boundary that keeps the
 * failure to this slice (navbar, footer and other slices keep working) with a Retry that reloads the
 * remote without reloading the page. A page its route loader has loaded already shows at once: no
 * fallback, so React's 300 ms throttle on revealing suspended content does not apply.
 */
export function RemoteSlot({ remote, module, label }: RemoteSlotProps) {
  const [attempt, setAttempt] = useState(0);
  // Decided once per attempt: a page that finishes loading later must not swap (and remount) the component.
  const Page = useMemo(() => {
    const ready = attempt === 0 ? loadedRemoteModule<PageModule>(remote, module) : undefined;
    if (ready) return stamped(remote, ready);
    // React.lazy remembers a failed import forever, so every retry gets a fresh lazy component.
    return lazy(async () => ({ default: stamped(remote, await loadRemoteModule<PageModule>(remote, module, attempt)) }));
  }, [remote, module, attempt]);
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
