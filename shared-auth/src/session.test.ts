import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Firebase's SDK, as the session sees it: whether it was asked for, and who it says is signed in once it is.
const firebase = vi.hoisted(() => ({
  requested: false,
  signedOut: false,
  user: null as { email: string; uid: string; displayName: string; photoURL: null; getIdToken(): Promise<string> } | null,
}));
vi.mock('./firebase', () => ({
  firebaseRequested: () => firebase.requested,
  authErrorMessage: () => 'failed',
  loadFirebase: async () => {
    firebase.requested = true;
    return {
      auth: { authStateReady: async () => undefined, currentUser: firebase.user },
      sdk: {
        onAuthStateChanged: (_auth: unknown, callback: (user: unknown) => void) => queueMicrotask(() => callback(firebase.user)),
        signOut: async () => {
          firebase.signedOut = true;
        },
      },
    };
  },
}));

/** A token as the API writes it (the signature is not read in the browser). */
const token = (claims: Record<string, unknown>) =>
  ['e30', btoa(JSON.stringify(claims)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''), 'signature'].join('.');
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

// startSession runs once per page: each test gets fresh modules.
async function start(options?: { confirmAfter?: Promise<unknown> }) {
  const [{ startSession, signOut }, { useSession }, { accessToken }, { mockApi }] = await Promise.all([
    import('./actions'),
    import('./session-store'),
    import('./token'),
    import('./testing'),
  ]);
  const calls = mockApi({
    'GET /me': { _id: '00000000-0000-4000-8000-000000000001', name: 'Someone', email: 'rina@example.com', role: 'Seller', verified: false },
    'GET /jwt': { accessToken: token({ email: 'rina@example.com', role: 'Seller', exp: inAnHour() }) },
  });
  startSession(options);
  return { session: useSession, accessToken, calls, signOut };
}

function remember(accessToken: string) {
  localStorage.setItem('phonehaat.session', JSON.stringify({ email: 'rina@example.com', name: 'Rina', uid: 'uid-rina', photoURL: null }));
  localStorage.setItem('accessToken', accessToken);
}

beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
  firebase.requested = false;
  firebase.signedOut = false;
  firebase.user = { email: 'rina@example.com', uid: 'uid-rina', displayName: 'Rina Akter', photoURL: null, getIdToken: async () => 'firebase-id-token' };
});
afterEach(() => localStorage.clear());

describe('starting the session', () => {
  it('signs a first-time visitor out at once without loading Firebase', async () => {
    localStorage.setItem('accessToken', 'stale-token-without-session');
    const { session, accessToken } = await start();
    expect(session.getState().status).toBe('signed-out');
    expect(firebase.requested).toBe(false);
    expect(accessToken.get()).toBeNull();
  });

  it('shows a returning user with a good token at once, as the token says, and asks Firebase only after the first page', async () => {
    remember(token({ email: 'rina@example.com', role: 'Buyer', exp: inAnHour() }));
    let pageShown: () => void = () => undefined;
    const { session, calls } = await start({ confirmAfter: new Promise<void>((resolve) => (pageShown = resolve)) });
    expect(session.getState()).toMatchObject({ status: 'signed-in', user: { email: 'rina@example.com', name: 'Rina' }, role: 'Buyer', roleStatus: 'ready' });
    await settle();
    expect(firebase.requested).toBe(false);

    pageShown();
    await vi.waitFor(() => expect(session.getState().user?.name).toBe('Rina Akter'));
    // The token's role may be an hour old: the server's answer replaces it, with no wait shown meanwhile.
    await vi.waitFor(() => expect(session.getState().role).toBe('Seller'));
    expect(session.getState().roleStatus).toBe('ready');
    expect(calls.map((call) => call.url)).toContain('/me');
  });

  it('keeps a sign-out made before Firebase confirmed the session, and signs Firebase out too', async () => {
    remember(token({ email: 'rina@example.com', role: 'Buyer', exp: inAnHour() }));
    let pageShown: () => void = () => undefined;
    const { session, signOut } = await start({ confirmAfter: new Promise<void>((resolve) => (pageShown = resolve)) });
    await signOut();
    expect(session.getState().status).toBe('signed-out');
    expect(firebase.signedOut).toBe(true);
    // Firebase answers late with the user it had stored: the session stays ended.
    pageShown();
    await settle();
    await settle();
    expect(session.getState().status).toBe('signed-out');
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('ends a remembered session that Firebase no longer has', async () => {
    remember(token({ email: 'rina@example.com', role: 'Buyer', exp: inAnHour() }));
    firebase.user = null;
    const { session, accessToken } = await start();
    expect(session.getState().status).toBe('signed-in');
    await vi.waitFor(() => expect(session.getState().status).toBe('signed-out'));
    expect(accessToken.get()).toBeNull();
    expect(localStorage.getItem('phonehaat.session')).toBeNull();
  });

  it.each([
    ['expires within the minute', token({ email: 'rina@example.com', role: 'Buyer', exp: Math.floor(Date.now() / 1000) + 30 })],
    ["is someone else's", token({ email: 'someone@example.com', role: 'admin', exp: inAnHour() })],
    ['names no known role', token({ email: 'rina@example.com', role: 'owner', exp: inAnHour() })],
    ['is not a token', 'not-a-token'],
    ['is not JSON inside', 'a.b.c'],
  ])('waits for Firebase when the stored token %s', async (_case, stored) => {
    remember(stored);
    const { session } = await start();
    expect(session.getState().status).toBe('restoring');
    expect(firebase.requested).toBe(true);
    await vi.waitFor(() => expect(session.getState()).toMatchObject({ status: 'signed-in', user: { name: 'Rina Akter' }, role: null, roleStatus: 'idle' }));
  });
});
