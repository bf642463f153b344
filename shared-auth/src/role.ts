import { useEffect } from 'react';
import { hasPermission, type Permission, type Role } from '@phonehaat/shared-api/permissions';
import { api } from '@phonehaat/shared-data';
import { renderSession, useSession } from './session-store';
import { t } from './i18n';

let inflight: { email: string; promise: Promise<void> } | undefined;

/** Which role the server gives the signed-in person (the server owns roles): one call about the caller, whatever their e-mail address. */
async function askRole(): Promise<Role | null> {
  const me = await api.getMe();
  return me.role;
}

function loadRole(email: string): Promise<void> {
  if (inflight?.email === email) return inflight.promise;
  useSession.setState({ roleStatus: 'loading' });
  const promise = askRole()
    .then((role) => {
      if (useSession.getState().user?.email === email) useSession.setState({ role, roleStatus: 'ready' });
    })
    .catch(() => {
      if (useSession.getState().user?.email === email) useSession.setState({ role: null, roleStatus: 'error' });
    })
    .finally(() => {
      if (inflight?.promise === promise) inflight = undefined;
    });
  inflight = { email, promise };
  return promise;
}

/**
 * Asks the server again, without showing a wait: for a session restored with the role its access token names,
 * which may be up to an hour old. If the server cannot be asked, the role shown stays (the API decides anyway).
 */
export function refreshRole(): void {
  const email = useSession.getState().user?.email;
  if (!email) return;
  askRole()
    .then((role) => {
      const state = useSession.getState();
      if (state.user?.email === email && state.role !== role) useSession.setState({ role, roleStatus: 'ready' });
    })
    .catch(() => undefined);
}

/** The server could not be asked (it is down, or the network is): not the same as having no role. */
export class RoleUnavailableError extends Error {
  constructor() {
    super(t('role.unavailable'));
    this.name = 'RoleUnavailableError';
  }
}

/**
 * The signed-in user's role, asking the server if not known yet (for route loaders, which run before
 * any component). Null when signed out; RoleUnavailableError when the server could not be asked.
 */
export async function currentRole(): Promise<Role | null> {
  // On a server composing a user's page: the role their token names (the API checks it on every call anyway).
  const rendering = renderSession();
  if (rendering) return rendering.role;
  const { status, user, roleStatus } = useSession.getState();
  if (status !== 'signed-in' || !user) return null;
  if (roleStatus !== 'ready') await loadRole(user.email);
  const answer = useSession.getState();
  if (answer.status === 'signed-in' && answer.roleStatus === 'error') throw new RoleUnavailableError();
  return answer.role;
}

export interface RoleAnswer {
  role: Role | null;
  /** True while the user or their role is still being found out. */
  loading: boolean;
  /** True when the server could not be asked; `retry` asks again. */
  unavailable: boolean;
  retry(): void;
  can(permission: Permission): boolean;
}

export function useRole(): RoleAnswer {
  const status = useSession((s) => s.status);
  const email = useSession((s) => s.user?.email);
  const role = useSession((s) => s.role);
  const roleStatus = useSession((s) => s.roleStatus);
  useEffect(() => {
    if (status === 'signed-in' && email && roleStatus === 'idle') void loadRole(email);
  }, [status, email, roleStatus]);
  const loading = status === 'restoring' || (status === 'signed-in' && (roleStatus === 'idle' || roleStatus === 'loading'));
  return {
    role,
    loading,
    unavailable: status === 'signed-in' && roleStatus === 'error',
    retry: () => {
      if (email) void loadRole(email);
    },
    can: (permission) => hasPermission(role, permission),
  };
}
