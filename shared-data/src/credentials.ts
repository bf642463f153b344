// Who the API calls are made for: identity (shared-auth) tells the data layer, which never imports it (identity calls
// the API: the dependency goes one way, shared-auth → shared-data).

export interface Credentials {
  /** The access token a call carries, if any. */
  token(): string | null;
  /** On a server rendering a page for a returning user (decision 018): their token, for this render only. */
  serverToken(): string | undefined;
  /** A fresh access token after a 401, or null when the person must sign in again. */
  refresh(): Promise<string | null>;
}

const anonymous: Credentials = { token: () => null, serverToken: () => undefined, refresh: async () => null };
let current: Credentials = anonymous;

/** Set once by shared-auth's session (a part left out stays as it was). */
export function setCredentials(credentials: Partial<Credentials>) {
  current = { ...current, ...credentials };
}

export const credentials = (): Credentials => current;
