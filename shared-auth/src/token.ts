// The API's access token and the "a session may exist" marker, kept in localStorage. The marker
// lets a visitor who never signed in skip loading Firebase's SDK altogether. Both are mirrored into one cookie for
// the shell's server, which composes a returning user's first page with it (decision 018).
import { REMEMBERED_TOKEN_MARGIN_MS } from '@phonehaat/shared-api/limits';
import { readClaims, SESSION_COOKIE, type CookieSession, type TokenClaims } from './claims';

export { readClaims, type TokenClaims } from './claims';

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
  set: (token: string) => {
    storage()?.setItem(TOKEN_KEY, token);
    syncSessionCookie();
  },
  clear: () => {
    storage()?.removeItem(TOKEN_KEY);
    syncSessionCookie();
  },
};

const BROWSER_KEY = 'phonehaat.browser';

/** A random UUID (v4); randomUUID exists only on secure pages, getRandomValues everywhere. */
function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
let thisBrowser: string | undefined;

/**
 * A random id this browser keeps across sign-ins (not a fingerprint): the API notes a sign-in from a browser the account
 * has not used before (issue 46). Kept when signing out, so signing in again here is not "a new browser".
 */
export function browserId(): string {
  thisBrowser ??= storage()?.getItem(BROWSER_KEY) ?? undefined;
  if (!thisBrowser) {
    thisBrowser = randomId();
    storage()?.setItem(BROWSER_KEY, thisBrowser);
  }
  return thisBrowser;
}

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
  set: (hint: SessionHint) => {
    storage()?.setItem(SESSION_KEY, JSON.stringify(hint));
    syncSessionCookie();
  },
  clear: () => {
    storage()?.removeItem(SESSION_KEY);
    syncSessionCookie();
  },
};

/** The stored token's claims, if it belongs to the remembered user and lives long enough to be used now. */
export function rememberedClaims(now = Date.now()): TokenClaims | null {
  const hint = sessionHint.get();
  const token = accessToken.get();
  const claims = token ? readClaims(token) : null;
  if (!hint || !claims || claims.email !== hint.email.toLowerCase()) return null;
  return claims.expiresAt - now >= REMEMBERED_TOKEN_MARGIN_MS ? claims : null;
}

/**
 * Writes the cookie from what is stored now, or removes it: it lives only while the token is good enough for
 * `rememberedClaims`, so a page the server composed for this user is one the browser would also show at once.
 * Not HttpOnly (the token is in localStorage already); SameSite=Lax and, on https, Secure.
 */
export function syncSessionCookie(now = Date.now()): void {
  if (typeof document === 'undefined') return;
  const claims = rememberedClaims(now);
  const token = accessToken.get();
  const name = sessionHint.get()?.name ?? '';
  const seconds = claims && token ? Math.floor((claims.expiresAt - now - REMEMBERED_TOKEN_MARGIN_MS) / 1000) : 0;
  const secure = globalThis.location?.protocol === 'https:' ? '; Secure' : '';
  const value = seconds > 0 && token ? encodeURIComponent(JSON.stringify({ token, name } satisfies CookieSession)) : '';
  document.cookie = `${SESSION_COOKIE}=${value}; Path=/; Max-Age=${Math.max(0, seconds)}; SameSite=Lax${secure}`;
}

