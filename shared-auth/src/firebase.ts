import type * as AuthSdk from 'firebase/auth';
import type { Auth } from 'firebase/auth';
import { env } from './config/env';

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

const messages: Record<string, string> = {
  'auth/invalid-credential': 'The email or password is incorrect.',
  'auth/wrong-password': 'The email or password is incorrect.',
  'auth/user-not-found': 'No account uses this email address.',
  'auth/invalid-email': 'The email address is not valid.',
  'auth/user-disabled': 'This account has been disabled by an administrator.',
  'auth/email-already-in-use': 'An account already uses this email address. Sign in instead.',
  'auth/weak-password': 'Password must be 6 characters or longer',
  'auth/too-many-requests': 'Too many attempts. Wait a moment and try again.',
  'auth/network-request-failed': 'We could not reach the sign-in service. Check your connection.',
  'auth/popup-closed-by-user': 'The Google sign-in window was closed before finishing.',
  'auth/popup-blocked': 'The browser blocked the Google sign-in window. Allow pop-ups and try again.',
};

/** The identity provider's error in words a person can act on. */
export function authErrorMessage(error: unknown): string {
  const code = (error as { code?: string } | null)?.code;
  if (code && messages[code]) return messages[code];
  if (error instanceof Error && error.message) return error.message.replace(/^Firebase:\s*/, '');
  return 'Sign-in failed. Please try again.';
}
