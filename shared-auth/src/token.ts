// The API's access token and the "a session may exist" marker, kept in localStorage. The marker
// lets a visitor who never signed in skip loading Firebase's SDK altogether.
const TOKEN_KEY = 'accessToken';
const SESSION_KEY = 'phonehaat.session';

export interface SessionHint {
  email: string;
  name: string;
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
      return typeof value.email === 'string' ? { email: value.email, name: value.name ?? '' } : null;
    } catch {
      return null;
    }
  },
  set: (hint: SessionHint) => storage()?.setItem(SESSION_KEY, JSON.stringify(hint)),
  clear: () => storage()?.removeItem(SESSION_KEY),
};
