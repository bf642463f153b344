import { applicationDefault, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import type { Env } from '../../../config/env.ts';

export interface VerifiedIdentity {
  uid: string;
  email: string | undefined;
  name: string | undefined;
  /** The verified phone number (E.164) a phone sign-in carries (issue 46). */
  phoneNumber?: string | undefined;
}

/** The identity provider as the API uses it: verify a sign-in, switch an account off. */
export interface IdentityProvider {
  /** Rejects a bad, expired, revoked or disabled-account token. */
  verifyIdToken(idToken: string): Promise<VerifiedIdentity>;
  disableUser(uid: string): Promise<void>;
  /** A token the browser signs in to this Firebase account with (after the API checked a phone sign-in's code). */
  customToken?(uid: string): Promise<string>;
  /** Takes the phone number off the Firebase account (an admin's reset): it no longer signs in by it. */
  unlinkPhone?(uid: string): Promise<void>;
  /** Puts a proven address on the Firebase account (issue 46); EmailTaken when another Firebase account has it. */
  setEmail?(uid: string, email: string): Promise<void>;
  /** The provider's one-time code for resetting this account's password; undefined when no account has the address. */
  passwordResetCode?(email: string): Promise<string | undefined>;
}

/** Another Firebase account has this e-mail address. */
export class EmailTaken extends Error {
  constructor() {
    super('Another Firebase account has this e-mail address');
    this.name = 'EmailTaken';
  }
}

/** Firebase could not be asked (a network error or its own fault): not a verdict on the token. */
export class IdentityUnavailableError extends Error {
  constructor(cause: unknown) {
    super('The identity provider could not be reached', { cause });
    this.name = 'IdentityUnavailableError';
  }
}

/** Firebase's own verdicts on a token (malformed, expired, revoked, account disabled) carry an `auth/` code. */
function isVerdict(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && code.startsWith('auth/') && code !== 'auth/internal-error';
}

let appCount = 0;

export function createFirebaseIdentity(env: Env): IdentityProvider & { auth: Auth; app: App } {
  if (env.FIREBASE_AUTH_EMULATOR_HOST) {
    // firebase-admin reads the emulator address from the process environment itself.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = env.FIREBASE_AUTH_EMULATOR_HOST;
  }
  const app = initializeApp(
    env.FIREBASE_AUTH_EMULATOR_HOST
      ? { projectId: env.FIREBASE_PROJECT_ID }
      : { projectId: env.FIREBASE_PROJECT_ID, credential: applicationDefault() },
    `phonehaat-api-${++appCount}`,
  );
  const auth = getAuth(app);
  return {
    app,
    auth,
    async verifyIdToken(idToken) {
      // Checking revocation asks Firebase over the network: a reset connection is tried once more, then reported as
      // unavailability (503), never as a bad sign-in (401), which would sign the person out.
      let decoded;
      for (let attempt = 1; ; attempt++) {
        try {
          decoded = await auth.verifyIdToken(idToken, true);
          break;
        } catch (error) {
          if (isVerdict(error)) throw error;
          if (attempt === 2) throw new IdentityUnavailableError(error);
        }
      }
      return {
        uid: decoded.uid,
        email: decoded.email?.toLowerCase(),
        name: typeof decoded.name === 'string' ? decoded.name : undefined,
        phoneNumber: decoded.phone_number,
      };
    },
    async customToken(uid) {
      // Against the emulator firebase-admin makes an unsigned token, as the emulator takes; in production it is signed
      // with the service account's key (its credentials must be able to sign: iam.serviceAccounts.signBlob).
      try {
        return await auth.createCustomToken(uid);
      } catch (error) {
        throw new IdentityUnavailableError(error);
      }
    },
    async passwordResetCode(email) {
      try {
        // Firebase's own link (to its action handler); the e-mail leads to PhoneHaat's page with the same code.
        return new URL(await auth.generatePasswordResetLink(email)).searchParams.get('oobCode') ?? undefined;
      } catch (error) {
        if (['auth/user-not-found', 'auth/email-not-found'].includes((error as { code?: string }).code ?? '')) return undefined;
        throw error;
      }
    },
    async setEmail(uid, email) {
      try {
        // Proven by PhoneHaat's own link, so verified; Firebase ends the account's older tokens (a major account change).
        await auth.updateUser(uid, { email, emailVerified: true });
      } catch (error) {
        if ((error as { code?: string }).code === 'auth/email-already-exists') throw new EmailTaken();
        throw error;
      }
    },
    async unlinkPhone(uid) {
      try {
        await auth.updateUser(uid, { phoneNumber: null });
      } catch (error) {
        if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
      }
    },
    async disableUser(uid) {
      try {
        await auth.updateUser(uid, { disabled: true });
        await auth.revokeRefreshTokens(uid);
      } catch (error) {
        // An account already gone from Firebase cannot sign in either.
        if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
      }
    },
  };
}
