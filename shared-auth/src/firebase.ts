import type * as AuthSdk from 'firebase/auth';
import type { Auth } from 'firebase/auth';
import { env } from './config/env';
import { t } from './i18n';

export type AuthModule = typeof AuthSdk;
export interface FirebaseKit {
  auth: Auth;
  sdk: AuthModule;
}

let kit: Promise<FirebaseKit> | undefined;

/**
 * Firebase's SDK is loaded on demand: only when a session may exist or the user starts to sign in,
 * so a first-time visitor's page never downloads it.
 */
export function loadFirebase(): Promise<FirebaseKit> {
  kit ??= (async () => {
    const [{ initializeApp }, sdk] = await Promise.all([import('firebase/app'), import('firebase/auth')]);
    const app = initializeApp({
      apiKey: env.firebaseApiKey,
      authDomain: env.firebaseAuthDomain,
      projectId: env.firebaseProjectId,
      ...(env.firebaseAppId ? { appId: env.firebaseAppId } : {}),
    });
    const auth = sdk.getAuth(app);
    if (env.firebaseEmulatorUrl) sdk.connectAuthEmulator(auth, env.firebaseEmulatorUrl, { disableWarnings: true });
    return { auth, sdk };
  })();
  kit.catch(() => (kit = undefined));
  return kit;
}

/** Whether the SDK has been asked for (so signing out must also sign Firebase out). */
export const firebaseRequested = () => kit !== undefined;

type AuthKey = Parameters<typeof t>[0];
const messages: Record<string, AuthKey> = {
  'auth/invalid-credential': 'auth.invalidCredential',
  'auth/wrong-password': 'auth.invalidCredential',
  'auth/user-not-found': 'auth.userNotFound',
  'auth/invalid-email': 'auth.invalidEmail',
  'auth/user-disabled': 'auth.userDisabled',
  'auth/email-already-in-use': 'auth.emailInUse',
  'auth/weak-password': 'auth.weakPassword',
  'auth/too-many-requests': 'auth.tooMany',
  'auth/network-request-failed': 'auth.network',
  'auth/popup-closed-by-user': 'auth.popupClosed',
  'auth/popup-blocked': 'auth.popupBlocked',
};

/** The identity provider's error in words a person can act on, in the page's language. */
export function authErrorMessage(error: unknown): string {
  const code = (error as { code?: string } | null)?.code;
  const key = code ? messages[code] : undefined;
  if (key) return t(key);
  // Our own errors (the role could not be asked, …) are already in the page's language; the SDK's others are not.
  if (!code?.startsWith('auth/') && error instanceof Error && error.message) return error.message;
  return t('auth.failed');
}
