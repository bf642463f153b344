import type { User } from 'firebase/auth';
import type { AccountType, PhoneCodeSent } from '@phonehaat/shared-api';
import type { Language } from '@phonehaat/shared-api/languages';
import { api, ApiRequestError, authenticatedClient, setCredentials } from '@phonehaat/shared-data';
import './credentials';
import { env } from './config/env';
import { authErrorMessage, firebaseRequested, loadFirebase } from './firebase';
import { rememberedState, signedOutState, useSession, type SessionUser } from './session-store';
import { refreshRole } from './role';
import { accessToken, browserId, rememberedClaims, sessionHint, syncSessionCookie } from './token';
import { appVerification } from './app-verification';

const bearer = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

const toSessionUser = (user: User): SessionUser => ({
  uid: user.uid,
  email: (user.email ?? '').toLowerCase(),
  name: user.displayName ?? user.email?.split('@')[0] ?? user.phoneNumber ?? '',
  photoURL: user.photoURL,
});

/** Exchanges the Firebase sign-in for the API's access token (GET /jwt) and remembers it. */
async function exchange(user: User, forceRefresh = false): Promise<string> {
  const idToken = await user.getIdToken(forceRefresh);
  const email = (user.email ?? '').toLowerCase();
  // An account made by phone has no address: the API finds it by the sign-in's own Firebase account.
  // The browser's own id: a sign-in from a browser the account has not used before is noted in their notifications.
  const headers = { ...bearer(idToken).headers, 'X-PhoneHaat-Browser': browserId() };
  const { accessToken: token } = await api.exchangeToken({ query: email ? { email } : {} }, { headers });
  accessToken.set(token);
  return token;
}

/** After Firebase accepts the user: get the token, store it, mark the session. */
async function establish(user: User): Promise<void> {
  try {
    await exchange(user);
  } catch (error) {
    await endFirebaseSession();
    throw error;
  }
  const sessionUser = toSessionUser(user);
  sessionHint.set(sessionUser);
  useSession.setState({ status: 'signed-in', user: sessionUser, role: null, roleStatus: 'idle' });
}

/**
 * Set while the same person's Firebase sign-in is renewed: Firebase's passing "no one" must not end their session, and
 * a call refused meanwhile (its token from before the change) waits for the renewed token instead of finding no one.
 */
let renewal: Promise<unknown> | undefined;

/**
 * The same person, signed in to Firebase again (their sign-in's details changed): a fresh access token and their new
 * details; the role and the page they are on stay (no guard waits for the role again).
 */
async function renew(user: User): Promise<void> {
  await exchange(user);
  const sessionUser = toSessionUser(user);
  sessionHint.set(sessionUser);
  useSession.setState({ user: sessionUser });
}

/** Whether Firebase may hold a signed-in user in this browser (a session was remembered at start). */
let firebaseMayHaveUser = false;

async function endFirebaseSession() {
  // A remembered session signed out before Firebase was asked to confirm it: Firebase still keeps that user.
  if (!firebaseRequested() && !firebaseMayHaveUser) return;
  const { auth, sdk } = await loadFirebase();
  await sdk.signOut(auth).catch(() => undefined);
}

function clearLocalSession() {
  accessToken.clear();
  sessionHint.clear();
  useSession.setState(signedOutState);
}

/** Wraps a sign-in step so the caller gets one readable message, whichever service failed. */
async function readable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    console.error('PhoneHaat sign-in failed', error);
    if (error instanceof ApiRequestError) throw error;
    throw new Error(authErrorMessage(error));
  }
}

export function signIn(email: string, password: string): Promise<void> {
  return readable(async () => {
    const { auth, sdk } = await loadFirebase();
    const { user } = await sdk.signInWithEmailAndPassword(auth, email, password);
    await establish(user);
  });
}

export function signUp(input: { name: string; email: string; password: string; role: AccountType }): Promise<void> {
  return readable(async () => {
    const { auth, sdk } = await loadFirebase();
    const { user } = await sdk.createUserWithEmailAndPassword(auth, input.email, input.password);
    await sdk.updateProfile(user, { displayName: input.name });
    await api.registerUser({ body: { name: input.name, email: user.email ?? input.email, role: input.role } }, bearer(await user.getIdToken()));
    await establish(user);
  });
}

/** Sends a one-time code to sign in, or up, with this Bangladeshi mobile number alone (issue 46). */
export const requestSignInCode = async (phone: string): Promise<PhoneCodeSent> =>
  // The browser's own id: the API counts code requests per device, not per carrier address (issue 66).
  api.requestSignInCode({ body: { phone, ...(await appVerification()) } }, { headers: { 'X-PhoneHaat-Browser': browserId() } });

/**
 * Checks the code the API sent; signs in to the number's Firebase account with the API's token. `newAccount`: nobody
 * has this number on PhoneHaat yet; the person is signed in to Firebase only until `finishPhoneSignUp` registers them.
 */
export function signInWithPhoneCode(verificationId: string, code: string): Promise<{ newAccount: boolean }> {
  return readable(async () => {
    const { customToken, newAccount } = await api.signInWithPhone({ body: { verificationId, code } });
    const { auth, sdk } = await loadFirebase();
    const { user } = await sdk.signInWithCustomToken(auth, customToken);
    if (!newAccount) await establish(user);
    return { newAccount };
  });
}

/** A person new to PhoneHaat, signed in by phone: their name and Buyer or Seller, as the original sign-up asks. */
export function finishPhoneSignUp(input: { name: string; role: AccountType }): Promise<void> {
  return readable(async () => {
    const { auth, sdk } = await loadFirebase();
    const user = auth.currentUser;
    if (!user) throw new Error(authErrorMessage({ code: 'auth/user-not-found' }));
    await sdk.updateProfile(user, { displayName: input.name });
    await api.registerUser({ body: { name: input.name, role: input.role } }, bearer(await user.getIdToken()));
    await establish(user);
  });
}

/** E-mails a link that adds this address to an account made by phone (issue 46), in the page's language. */
export const requestEmailLink = (email: string, language: Language): Promise<unknown> => api.requestEmailLink({ body: { email, language } });

/**
 * The e-mailed link's token, opened by the person: the address goes on their account and Firebase sign-in. Firebase
 * ends the sign-in's older tokens when its address changes, so this browser signs in again with the API's token (the
 * session now carries the address). The address added.
 */
export function addEmailAddress(token: string): Promise<string> {
  return readable(async () => {
    const { email, customToken } = await api.confirmEmail({ body: { token } });
    const { auth, sdk } = await loadFirebase();
    const renewed = (async () => {
      // The old sign-in's tokens ended with the address change: it is left first, so nothing of it still in flight (a
      // look-up Firebase now refuses) can sign the new one out.
      await sdk.signOut(auth);
      const { user } = await sdk.signInWithCustomToken(auth, customToken);
      await renew(user);
    })();
    renewal = renewed;
    try {
      await renewed;
    } finally {
      renewal = undefined;
    }
    return email;
  });
}

/** Google sign-in also registers a first-time user, as a Buyer; a returning one keeps their role. */
async function registerGoogleUser(user: User) {
  const name = user.displayName ?? user.email?.split('@')[0] ?? 'PhoneHaat user';
  await api.registerUser({ body: { name, email: user.email ?? '', role: 'Buyer' } }, bearer(await user.getIdToken()));
  await establish(user);
}

export function signInWithGoogle(): Promise<void> {
  return readable(async () => {
    const { auth, sdk } = await loadFirebase();
    const { user } = await sdk.signInWithPopup(auth, new sdk.GoogleAuthProvider());
    await registerGoogleUser(user);
  });
}

/** The same flow from a Google ID token (the Auth emulator accepts a fake one; used by the end-to-end tests). */
export function signInWithGoogleIdToken(idToken: string): Promise<void> {
  return readable(async () => {
    const { auth, sdk } = await loadFirebase();
    const { user } = await sdk.signInWithCredential(auth, sdk.GoogleAuthProvider.credential(idToken));
    await registerGoogleUser(user);
  });
}

export async function signOut(): Promise<void> {
  clearLocalSession();
  await endFirebaseSession();
}

let started = false;

export interface StartOptions {
  /**
   * A session remembered from a good access token shows its pages at once; Firebase's SDK, which confirms it,
   * loads once this settles (the shell passes its first page being on screen), so it does not compete with that
   * page for the network. Default: at once.
   */
  confirmAfter?: Promise<unknown>;
}

/**
 * Restores the session once at start-up. Without the session marker the visitor is signed out at once and
 * Firebase is never loaded. With it and an access token that is still good, the user is signed in at once, as the
 * token says (the API checks the token on every call; the pages only need to know whom to show), and Firebase
 * confirms later: if it has no such user, the session ends. Otherwise Firebase restores the session first.
 */
export function startSession(options: StartOptions = {}): void {
  if (started) return;
  started = true;
  syncSessionCookie(); // a session from before the cookie existed gets it; one past its time loses it
  setCredentials({ refresh: async () => {
    try {
      // Between leaving the old sign-in and the new one Firebase has no user: the renewal's token is the fresh one.
      if (renewal && (await renewal.then(() => true, () => false))) return accessToken.get();
      const { auth } = await loadFirebase();
      await auth.authStateReady();
      if (!auth.currentUser) throw new Error('no Firebase user');
      return await exchange(auth.currentUser, true);
    } catch {
      clearLocalSession();
      return null;
    }
  } });
  if (env.firebaseEmulatorUrl) exposeTestHooks();
  const hint = sessionHint.get();
  if (!hint) {
    accessToken.clear();
    useSession.setState(signedOutState);
    return;
  }
  firebaseMayHaveUser = true;
  // A returning user's first calls carry a token: fetch the HTTP client at once.
  authenticatedClient().catch(() => undefined);
  const claims = rememberedClaims();
  if (claims) {
    useSession.setState(rememberedState({ ...hint, email: claims.email }, claims.role));
    void Promise.resolve(options.confirmAfter)
      .catch(() => undefined)
      .then(confirmWithFirebase);
    return;
  }
  useSession.setState({ status: 'restoring' });
  confirmWithFirebase();
}

/** Firebase says who is signed in: no one ends the session; a user signs in, or confirms the remembered one. */
function confirmWithFirebase(): void {
  loadFirebase()
    .then(({ auth, sdk }) => {
      sdk.onAuthStateChanged(auth, async (user) => {
        if (renewal) return;
        if (!user) {
          clearLocalSession();
          return;
        }
        const state = useSession.getState();
        if (state.status === 'signed-in') {
          // Remembered: now with Firebase's details, and the role as the server has it today.
          if (state.user?.email === toSessionUser(user).email) {
            useSession.setState({ user: toSessionUser(user) });
            refreshRole();
          }
          return;
        }
        // Signed out here meanwhile (or signing in, which sets the session itself): not restored behind their back.
        if (state.status !== 'restoring') return;
        try {
          if (!accessToken.get()) await exchange(user);
          useSession.setState({ status: 'signed-in', user: toSessionUser(user), role: null, roleStatus: 'idle' });
        } catch {
          clearLocalSession();
        }
      });
    })
    .catch((error: unknown) => {
      console.error('PhoneHaat could not load the sign-in service', error);
      clearLocalSession();
    });
}

/** Emulator builds only: lets end-to-end tests drive Google sign-in, which needs a popup otherwise. */
function exposeTestHooks() {
  (globalThis as { phonehaatAuth?: unknown }).phonehaatAuth = { signInWithGoogleIdToken };
}

/** Resolves once the session is known (restored or not), for route loaders that run before any guard renders. */
export function sessionReady(): Promise<void> {
  if (useSession.getState().status !== 'restoring') return Promise.resolve();
  return new Promise((resolve) => {
    const stop = useSession.subscribe((state) => {
      if (state.status !== 'restoring') {
        stop();
        resolve();
      }
    });
  });
}
