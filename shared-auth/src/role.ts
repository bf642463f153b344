import { useEffect } from 'react';
import type { IsAdmin, IsBuyer, IsSeller } from '@phonehaat/shared-api';
import { hasPermission, type Permission, type Role } from '@phonehaat/shared-api/permissions';
import { http } from './api-client';
import { useSession } from './session-store';

let inflight: { email: string; promise: Promise<void> } | undefined;

/** Asks the server which role this user has (the server owns roles; the token's claim is not trusted here). */
function loadRole(email: string): Promise<void> {
  if (inflight?.email === email) return inflight.promise;
  useSession.setState({ roleStatus: 'loading' });
  const path = encodeURIComponent(email);
  const promise = Promise.all([
    http.get<IsAdmin>(`/users/admin/${path}`),
    http.get<IsSeller>(`/users/seller/${path}`),
    http.get<IsBuyer>(`/users/buyers/${path}`),
  ])
    .then(([{ isAdmin }, { isSeller }, { isBuyer }]) => {
      const role: Role | null = isAdmin ? 'admin' : isSeller ? 'Seller' : isBuyer ? 'Buyer' : null;
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

/** The server could not be asked (it is down, or the network is): not the same as having no role. */
export class RoleUnavailableError extends Error {
  constructor() {
    super("We couldn't check what your account may do. Please try again in a moment.");
    this.name = 'RoleUnavailableError';
  }
}

/**
 * The signed-in user's role, asking the server if not known yet (for route loaders, which run before
 * any component). Null when signed out; RoleUnavailableError when the server could not be asked.
 */
export async function currentRole(): Promise<Role | null> {
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
