import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import type { Permission } from '@phonehaat/shared-api/permissions';
import { ErrorState, PageSpinner } from '@phonehaat/shared-ui';
import { useT } from './i18n';
import { useRole } from './role';
import { paths } from './routes';
import { useSession } from './session-store';

/** Sends the visitor to /login, remembering where they wanted to go. */
function ToLogin() {
  const location = useLocation();
  return <Navigate to={paths.login} replace state={{ from: `${location.pathname}${location.search}${location.hash}` }} />;
}

/** Signed-in users only; a spinner while the session is restored. */
export function RequireSignedIn({ children }: { children: ReactNode }) {
  const status = useSession((s) => s.status);
  const t = useT();
  if (status === 'restoring') return <PageSpinner label={t('guard.session')} />;
  if (status === 'signed-out') return <ToLogin />;
  return <>{children}</>;
}

/**
 * Only users whose role grants the permission; a spinner while the user or role loads. These guards
 * are for comfort: the API enforces every rule itself.
 */
export function RequirePermission({ permission, children }: { permission: Permission; children: ReactNode }) {
  const status = useSession((s) => s.status);
  const { loading, unavailable, retry, can } = useRole();
  const t = useT();
  if (loading) return <PageSpinner label={t('guard.access')} />;
  // The server could not be asked: say so, rather than sending a signed-in user to the login page.
  if (unavailable) return (
      <ErrorState title={t('guard.accessFailed')} message={t('guard.notResponding')} retryLabel={t('guard.retry')} onRetry={retry} />
    );
  if (status !== 'signed-in' || !can(permission)) return <ToLogin />;
  return <>{children}</>;
}
