// What the API's access token says, and the session cookie (decision 018): read by the browser (token.ts) and by the
// shell's server, so nothing here touches the DOM.
import { REMEMBERED_TOKEN_MARGIN_MS } from '@phonehaat/shared-api/limits';
import { roles, type Role } from '@phonehaat/shared-api/permissions';

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

/** The cookie the shell's server reads: the remembered session, for as long as the browser itself would use it. */
export const SESSION_COOKIE = 'phonehaat_session';

/** What the cookie holds: the API's token (whom the API serves) and the name the pages greet. */
export interface CookieSession {
  token: string;
  name: string;
}

/** A remembered session a server can compose a page for, from the request's Cookie header (else null). */
export function sessionFromCookie(header: string | undefined, now = Date.now()): (CookieSession & TokenClaims) | null {
  const raw = header
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${SESSION_COOKIE}=`))
    ?.slice(SESSION_COOKIE.length + 1);
  if (!raw) return null;
  try {
    const value = JSON.parse(decodeURIComponent(raw)) as Partial<CookieSession>;
    if (typeof value.token !== 'string' || typeof value.name !== 'string') return null;
    const claims = readClaims(value.token);
    if (!claims || claims.expiresAt - now < REMEMBERED_TOKEN_MARGIN_MS) return null;
    return { token: value.token, name: value.name, ...claims };
  } catch {
    return null; // not a cookie we wrote
  }
}
