import { createStore, useStore } from 'zustand';
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

const store = createStore<SessionState>(() => ({
  // On a server (issue 13), signed out unless server.tsx sets a user for the one render it makes.
  status: typeof window === 'undefined' ? 'signed-out' : 'restoring',
  user: null,
  role: null,
  roleStatus: 'idle',
}));

// React renders on a server from a store's server snapshot, which zustand takes from the state the store began with:
// here it is the state now, so a page composed for a returning user (server.tsx) renders as theirs. The browser never
// hydrates, so there it is never read.
const rendered = { ...store, getInitialState: store.getState };

function useSessionState(): SessionState;
function useSessionState<T>(selector: (state: SessionState) => T): T;
function useSessionState<T>(selector?: (state: SessionState) => T): T | SessionState {
  return useStore<typeof rendered, T | SessionState>(rendered, selector ?? ((state) => state));
}

/** The one session store. shared-auth is a Module Federation singleton, so every remote sees this same store. */
export const useSession = Object.assign(useSessionState, store);

export const signedOutState: SessionState = { status: 'signed-out', user: null, role: null, roleStatus: 'idle' };

/**
 * A session restored from the API's token, with the role it names: the browser's at start (actions.ts) and a server's
 * for the page it composes (server.tsx) are this same state, so both render the same page.
 */
export const rememberedState = (user: { email: string; name: string; uid?: string; photoURL?: string | null }, role: Role): SessionState => ({
  status: 'signed-in',
  user: { uid: user.uid ?? '', email: user.email, name: user.name, photoURL: user.photoURL ?? null },
  role,
  roleStatus: 'ready',
});

/** The user a server is rendering a page for, and their token (decision 018). */
export interface RenderSession {
  token: string;
  user: SessionUser;
}

let renderSessionSource: () => RenderSession | undefined = () => undefined;
/** Set by `@phonehaat/shared-auth/server` only: whom the render in progress is for. In a browser, never set. */
export function setRenderSessionSource(source: () => RenderSession | undefined) {
  renderSessionSource = source;
}
export const renderSession = (): RenderSession | undefined => renderSessionSource();

/**
 * The signed-in user, for code that runs outside a component (a route loader): in a browser the store's, on a
 * server the user the page is being rendered for.
 */
export const currentUser = (): SessionUser | null => renderSession()?.user ?? useSession.getState().user;
