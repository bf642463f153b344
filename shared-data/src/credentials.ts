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

type PersonListener = (now: string | null, before: string | null | undefined) => void;
/** Whose calls these are (their account's id), null when nobody is signed in; undefined until identity has said. */
let person: string | null | undefined;
const personListeners = new Set<PersonListener>();

/**
 * Identity says who is signed in now (shared-auth, at every change): the live stream starts or stops with it, and the
 * cache forgets what another person's calls answered.
 */
export function setSignedIn(uid: string | null): void {
  if (uid === person) return;
  const before = person;
  person = uid;
  for (const listener of [...personListeners]) listener(uid, before);
}

/** Whether someone is signed in (the live stream runs only then). */
export const signedIn = (): boolean => typeof person === 'string';

/** Hears each change of who is signed in; answers what stops it. */
export function onPersonChange(listener: PersonListener): () => void {
  personListeners.add(listener);
  return () => personListeners.delete(listener);
}
