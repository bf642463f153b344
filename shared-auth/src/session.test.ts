import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Firebase's SDK, as the session sees it: whether it was asked for, and who it says is signed in once it is.
const firebase = vi.hoisted(() => ({
  requested: false,
  signedOut: false,
  user: null as { email: string; uid: string; displayName: string; photoURL: null; getIdToken(): Promise<string> } | null,
  listeners: [] as ((user: unknown) => void)[],
  /** Holds back the answer to a custom-token sign-in until it settles (a slow network). */
  customTokenAnswer: undefined as Promise<void> | undefined,
}));
vi.mock('./firebase', () => ({
  firebaseRequested: () => firebase.requested,
  authErrorMessage: () => 'failed',
  loadFirebase: async () => {
    firebase.requested = true;
    return {
      auth: {
        authStateReady: async () => undefined,
        get currentUser() {
          return firebase.user;
        },
      },
      sdk: {
        onAuthStateChanged: (_auth: unknown, callback: (user: unknown) => void) => {
          firebase.listeners.push(callback);
          queueMicrotask(() => callback(firebase.user));
        },
        // As Firebase does, each change is told to the listeners after the call.
        signOut: async () => {
          firebase.signedOut = true;
          firebase.user = null;
          for (const listener of firebase.listeners) queueMicrotask(() => listener(null));
        },
        signInWithCustomToken: async (_auth: unknown, customToken: string) => {
          await firebase.customTokenAnswer;
          const user = { email: 'rafiq@example.com', uid: customToken, displayName: 'Rafiq', photoURL: null, getIdToken: async () => 'renewed-id-token' };
          firebase.user = user;
          for (const listener of firebase.listeners) queueMicrotask(() => listener(user));
          return { user };
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
    import('@phonehaat/shared-data/testing'),
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
  firebase.listeners = [];
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

describe('adding an e-mail address (issue 46)', () => {
  it('renews the same person’s Firebase sign-in without ever ending their session, and keeps their role', async () => {
    // An account made by phone: no address in its session.
    localStorage.setItem('phonehaat.session', JSON.stringify({ email: '', name: 'Rafiq', uid: 'uid-rafiq', photoURL: null }));
    localStorage.setItem('accessToken', token({ email: '', role: 'Seller', exp: inAnHour() }));
    firebase.user = { email: '', uid: 'uid-rafiq', displayName: 'Rafiq', photoURL: null, getIdToken: async () => 'old-id-token' };
    const { session, accessToken } = await start();
    await vi.waitFor(() => expect(firebase.listeners).toHaveLength(1));
    await settle();
    const statuses: string[] = [];
    session.subscribe((state) => statuses.push(state.status));
    const [{ addEmailAddress }, { mockApi }] = await Promise.all([import('./actions'), import('@phonehaat/shared-data/testing')]);
    const renewed = token({ email: 'rafiq@example.com', role: 'Seller', exp: inAnHour() });
    const calls = mockApi({
      'POST /me/email/confirm': { email: 'rafiq@example.com', customToken: 'uid-rafiq' },
      'GET /jwt': { accessToken: renewed },
    });
    await expect(addEmailAddress('t'.repeat(43))).resolves.toBe('rafiq@example.com');
    await settle();
    expect(firebase.signedOut).toBe(true);
    expect(statuses).not.toContain('signed-out');
    expect(session.getState()).toMatchObject({ status: 'signed-in', user: { email: 'rafiq@example.com', uid: 'uid-rafiq' }, role: 'Seller' });
    expect(accessToken.get()).toBe(renewed);
    expect(calls.find((call) => call.url.startsWith('/jwt'))?.url).toBe('/jwt?email=rafiq%40example.com');
  });
  it('makes a call refused while the sign-in is renewed wait for the renewed token, never signing the person out', async () => {
    localStorage.setItem('phonehaat.session', JSON.stringify({ email: '', name: 'Rafiq', uid: 'uid-rafiq', photoURL: null }));
    localStorage.setItem('accessToken', token({ email: '', role: 'Seller', exp: inAnHour() }));
    firebase.user = { email: '', uid: 'uid-rafiq', displayName: 'Rafiq', photoURL: null, getIdToken: async () => 'old-id-token' };
    const { session } = await start();
    await vi.waitFor(() => expect(firebase.listeners).toHaveLength(1));
    await settle();
    const statuses: string[] = [];
    session.subscribe((state) => statuses.push(state.status));
    const [{ addEmailAddress }, { mockApi }, { api }] = await Promise.all([import('./actions'), import('@phonehaat/shared-data/testing'), import('@phonehaat/shared-data')]);
    const renewed = token({ email: 'rafiq@example.com', role: 'Seller', exp: inAnHour() });
    const me = { _id: '00000000-0000-4000-8000-000000000001', name: 'Rafiq', email: 'rafiq@example.com', role: 'Seller', verified: false };
    // The API takes only the renewed token once the address is on the account.
    mockApi({
      'POST /me/email/confirm': { email: 'rafiq@example.com', customToken: 'uid-rafiq' },
      'GET /jwt': { accessToken: renewed },
      'GET /me': ({ headers }) => (headers.Authorization === `Bearer ${renewed}` ? me : [401, { message: 'Sign in again' }]),
    });
    let answer!: () => void;
    firebase.customTokenAnswer = new Promise((resolve) => (answer = resolve));
    const adding = addEmailAddress('t'.repeat(43));
    // The old sign-in left, the new one not answered yet: a call whose token the API no longer takes asks for a new one.
    await vi.waitFor(() => expect(firebase.signedOut).toBe(true));
    const asked = api.getMe();
    await settle();
    answer();
    await expect(adding).resolves.toBe('rafiq@example.com');
    await expect(asked).resolves.toMatchObject({ email: 'rafiq@example.com' });
    await settle();
    expect(statuses).not.toContain('signed-out');
    expect(session.getState()).toMatchObject({ status: 'signed-in', user: { email: 'rafiq@example.com' } });
  });
});
