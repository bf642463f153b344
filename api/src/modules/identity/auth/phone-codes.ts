// Firebase's one-time codes to phone numbers (issue 46), asked by the API so it can bound them (per number, per client,
// wrong codes): the Identity Toolkit's REST calls `accounts:sendVerificationCode` and `accounts:signInWithPhoneNumber`
// (firebase-admin has neither: it cannot send or check a code). With an ID token the checked number is linked to that
// Firebase account, so the person can later sign in with it. Against the Auth emulator no SMS is sent: it keeps the
// codes, listed at /emulator/v1/projects/<project>/verificationCodes.
import type { Env } from '../../../config/env.ts';

/** Firebase's verdict on a phone-code call, by its error message's code (INVALID_CODE, SESSION_EXPIRED, …). */
export class PhoneCodeRefused extends Error {
  readonly reason: string;
  constructor(reason: string) {
    super(`Firebase refused the phone code: ${reason}`);
    this.name = 'PhoneCodeRefused';
    this.reason = reason;
  }
}

/** The checked number was linked, or it is already another Firebase account's (a temporary proof, no link). */
export type Checked = { linked: true; phoneNumber: string } | { linked: false; phoneNumber: string };

export interface PhoneCodes {
  /**
   * Sends a code to the number (E.164); Firebase's session for it. `captchaResponse`: the browser's reCAPTCHA
   * Enterprise token (issue 46's app verification), passed on as Firebase's web SDK sends it.
   */
  send(phoneNumber: string, captchaResponse?: string): Promise<string>;
  /** Checks the code of that session and links the number to the ID token's account. */
  check(sessionInfo: string, code: string, idToken: string): Promise<Checked>;
  /**
   * Checks the code of that session only: whoever typed it holds the number (a fresh code to an account's own number, a
   * phone sign-in). The Firebase account the number signs in to (made by Firebase if it had none).
   */
  confirm(sessionInfo: string, code: string): Promise<{ uid: string }>;
}

export function createPhoneCodes(env: Pick<Env, 'FIREBASE_AUTH_EMULATOR_HOST' | 'FIREBASE_API_KEY'>, fetcher: typeof fetch = fetch): PhoneCodes {
  const base = env.FIREBASE_AUTH_EMULATOR_HOST ? `http://${env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1` : 'https://identitytoolkit.googleapis.com/v1';
  async function call<T>(operation: string, body: Record<string, unknown>): Promise<T> {
    const response = await fetcher(`${base}/accounts:${operation}?key=${encodeURIComponent(env.FIREBASE_API_KEY)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    const answer = (await response.json().catch(() => ({}))) as T & { error?: { message?: string } };
    if (response.ok) return answer;
    const reason = (answer.error?.message ?? `HTTP ${response.status}`).split(' ')[0]!;
    // Firebase's own verdicts (4xx) on what was sent; anything else is Firebase being unreachable or failing.
    if (response.status >= 400 && response.status < 500) throw new PhoneCodeRefused(reason);
    throw new Error(`Firebase ${operation} failed: ${reason}`);
  }
  return {
    async send(phoneNumber, captchaResponse) {
      const verified = captchaResponse ? { captchaResponse, clientType: 'CLIENT_TYPE_WEB', recaptchaVersion: 'RECAPTCHA_ENTERPRISE' } : {};
      const { sessionInfo } = await call<{ sessionInfo: string }>('sendVerificationCode', { phoneNumber, ...verified });
      return sessionInfo;
    },
    async check(sessionInfo, code, idToken) {
      const answer = await call<{ phoneNumber?: string; temporaryProof?: string }>('signInWithPhoneNumber', { sessionInfo, code, idToken });
      return { linked: !answer.temporaryProof, phoneNumber: answer.phoneNumber ?? '' };
    },
    async confirm(sessionInfo, code) {
      // Without an ID token Firebase signs in the number's own account (the person's, linked when they verified it);
      // the API needs only the verdict on the code.
      const { localId } = await call<{ localId: string }>('signInWithPhoneNumber', { sessionInfo, code });
      return { uid: localId };
    },
  };
}
