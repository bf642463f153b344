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

/** The session a page was composed for on the server, while the browser hydrates that page (decision 019). */
let hydrating: SessionState | undefined;

/**
 * Until the browser has hydrated the page the server composed, React renders it with the session the server used, so
 * the first render matches that HTML; it then renders again with the browser's own, if that differs (a remembered
 * session Firebase is still restoring on a visitor's page, say). Set once, before hydrating.
 */
export function setHydrationSession(state: SessionState | undefined): void {
  hydrating = state;
}

// React renders on a server, and hydrates in the browser, from a store's server snapshot, which zustand takes from the
// state the store began with: here it is the state now on a server (server.tsx sets the user for the one render it
// makes), and the composed page's session in a browser.
const rendered = { ...store, getInitialState: () => hydrating ?? store.getState() };

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

/** The user a server is rendering a page for, their token and their role (decision 018). */
export interface RenderSession {
  token: string;
  user: SessionUser;
  role: Role;
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
