// The API's access token and the "a session may exist" marker, kept in localStorage. The marker
// lets a visitor who never signed in skip loading Firebase's SDK altogether.
import { REMEMBERED_TOKEN_MARGIN_MS } from '@phonehaat/shared-api/limits';
import { roles, type Role } from '@phonehaat/shared-api/permissions';

const TOKEN_KEY = 'accessToken';
const SESSION_KEY = 'phonehaat.session';

export interface SessionHint {
  email: string;
  name: string;
  uid?: string;
  photoURL?: string | null;
}

const storage = (): Storage | undefined => {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // private mode or blocked storage: behave as signed out
  }
};

export const accessToken = {
  get: (): string | null => storage()?.getItem(TOKEN_KEY) ?? null,
  set: (token: string) => storage()?.setItem(TOKEN_KEY, token),
  clear: () => storage()?.removeItem(TOKEN_KEY),
};

export const sessionHint = {
  get(): SessionHint | null {
    const raw = storage()?.getItem(SESSION_KEY);
    if (!raw) return null;
    try {
      const value = JSON.parse(raw) as Partial<SessionHint>;
      if (typeof value.email !== 'string') return null;
      return { email: value.email, name: value.name ?? '', uid: value.uid ?? '', photoURL: value.photoURL ?? null };
    } catch {
      return null;
    }
  },
  set: (hint: SessionHint) => storage()?.setItem(SESSION_KEY, JSON.stringify(hint)),
  clear: () => storage()?.removeItem(SESSION_KEY),
};

export interface TokenClaims {
  email: string;
  role: Role;
  /** Expiry, in ms since the epoch. */
  expiresAt: number;
}

/**
 * What the API wrote into its token about its holder. Read, not verified: only the API can verify it, and it does
 * on every call; the pages use this only to know whom to show before Firebase has confirmed the session.
 */
export function readClaims(token: string): TokenClaims | null {
  try {
    const payload = token.split('.')[1];
    if (!payload) return null;
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;
    const role = roles.find((known) => known === claims.role);
    if (typeof claims.email !== 'string' || !role || typeof claims.exp !== 'number') return null;
    return { email: claims.email.toLowerCase(), role, expiresAt: claims.exp * 1000 };
  } catch {
    return null; // not a token this API wrote
  }
}

/** The stored token's claims, if it belongs to the remembered user and lives long enough to be used now. */
export function rememberedClaims(now = Date.now()): TokenClaims | null {
  const hint = sessionHint.get();
  const token = accessToken.get();
  const claims = token ? readClaims(token) : null;
  if (!hint || !claims || claims.email !== hint.email.toLowerCase()) return null;
  return claims.expiresAt - now >= REMEMBERED_TOKEN_MARGIN_MS ? claims : null;
}
