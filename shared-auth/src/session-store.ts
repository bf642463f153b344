import { create } from 'zustand';
import type { Role } from '@phonehaat/shared-api/permissions';

export interface SessionUser {
  uid: string;
  email: string;
  name: string;
  photoURL: string | null;
}

export type SessionStatus = 'restoring' | 'signed-in' | 'signed-out';

export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  /** The server's answer for this user; null until asked. */
  role: Role | null;
  roleStatus: 'idle' | 'loading' | 'ready' | 'error';
}

/** The one session store. shared-auth is a Module Federation singleton, so every remote sees this same store. */
export const useSession = create<SessionState>(() => ({
  // Rendered on a server (issue 13), the page is a visitor's: the browser restores its own session.
  status: typeof window === 'undefined' ? 'signed-out' : 'restoring',
  user: null,
  role: null,
  roleStatus: 'idle',
}));

export const signedOutState: SessionState = { status: 'signed-out', user: null, role: null, roleStatus: 'idle' };
