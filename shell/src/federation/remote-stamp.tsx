import type { ReactNode } from 'react';
import type { RemoteName } from './manifest';

/**
 * The element around a remote's page, stamped with the remote and its build (for support, and the redeploy test).
 * The same markup in the browser (RemoteSlot) and in the pages the shell's server composes.
 */
export function RemoteStamp({ remote, build, children }: { remote: RemoteName; build: string | undefined; children: ReactNode }) {
  return (
    <div data-remote={remote} data-build={build}>
      {children}
    </div>
  );
}
