// A verified phone number on an account (issue 46): a code asked for (at most CODES_PER_NUMBER to a number in
// WINDOW_MINUTES, whoever asks), checked by Firebase with WRONG_CODES wrong tries then a wait, linked to the person's
// own Firebase account and kept on theirs — one account per number. Decision 038.
import { sql } from 'drizzle-orm';
import type { PhoneCodeSent, PhoneConfirmation, PhoneConfirmationSent, PhoneSignedIn, PhoneStatus } from '@phonehaat/shared-api';
import type { Db } from '../db/client.ts';
import { conflict, forbidden, HttpError, isUniqueViolation, notFound } from '../errors.ts';
import { rows } from '../repositories/rows.ts';
import type { AuditRepository } from '../repositories/audit.ts';
import type { IdentityProvider } from './identity.ts';
import { PhoneCodeRefused, type PhoneCodes } from './phone-codes.ts';

export const CODES_PER_NUMBER = 3;
export const WINDOW_MINUTES = 15;
export const WRONG_CODES = 5;

const IN_USE = 'This number is verified on another account: use another number';
const TOO_MANY_WRONG = `Too many wrong codes: ask for a new code in ${WINDOW_MINUTES} minutes`;
const EXPIRED = 'The code expired: ask for a new one';
const TOO_MANY_CODES = `${CODES_PER_NUMBER} codes were sent to this number in the last ${WINDOW_MINUTES} minutes: wait a while, then ask again`;
type Purpose = 'verify' | 'confirm' | 'sign-in';
const REMOVED = 'This account has been removed by an administrator';
const NOT_MOBILE = 'Enter a Bangladeshi mobile number, e.g. 01712-345678';
const NUMBER_FIRST = 'Verify your phone number first: a payout wallet is set with a code sent to it';
const CONFIRM_CURRENT = 'Changing your number needs a code sent to your current number first';
const NOT_VERIFIED_APP = 'PhoneHaat could not check this request came from its app: reload the page and try again';
/** Firebase's refusals of the app's reCAPTCHA token (its web SDK's server errors). */
const APP_REFUSED = new Set(['MISSING_RECAPTCHA_TOKEN', 'INVALID_RECAPTCHA_TOKEN', 'INVALID_RECAPTCHA_ACTION', 'CAPTCHA_CHECK_FAILED', 'MISSING_CLIENT_TYPE', 'MISSING_RECAPTCHA_VERSION', 'INVALID_RECAPTCHA_VERSION']);

/** 01XXXXXXXXX, as people write it, and +8801XXXXXXXXX, as Firebase keeps it. */
const e164 = (local: string) => `+88${local}`;
const local = (international: string) => international.replace(/^\+88/, '');

/**
 * `appVerification`: every code sent needs the browser's reCAPTCHA Enterprise token (production); a request without
 * one, or one Firebase refuses, is told to reload rather than sent.
 */
export function createPhoneVerification({ db, codes, identity, audit, appVerification = false }: { db: Db; codes: PhoneCodes; identity: Pick<IdentityProvider, 'verifyIdToken' | 'customToken'>; audit: AuditRepository; appVerification?: boolean }) {
  const unreachable = () => new HttpError(503, 'The code could not be sent just now: try again in a minute');
  const unverifiedApp = () => new HttpError(400, NOT_VERIFIED_APP, [{ field: 'captchaResponse', message: NOT_VERIFIED_APP }]);

  async function status(userId: string): Promise<PhoneStatus> {
    const [row] = await rows<{ phone: string | null; verifiedAt: Date | string | null }>(db, sql`SELECT phone, phone_verified_at AS "verifiedAt" FROM users WHERE id = ${userId}`);
    return { phone: row?.phone ? local(row.phone) : null, verifiedAt: row?.verifiedAt ? new Date(row.verifiedAt).toISOString() : null };
  }

  /** With app verification on, a code is only asked for with the browser's token (Firebase would refuse it anyway). */
  function assertVerifiedApp(captchaResponse: string | undefined) {
    if (appVerification && !captchaResponse) throw unverifiedApp();
  }

  /** Refused while this account is waiting out wrong codes on the number, or the number had its codes for now. */
  async function assertMaySend(userId: string | null, number: string) {
    const [recent] = await rows<{ sent: number; locked: boolean }>(
      db,
      sql`SELECT count(*)::int AS sent, coalesce(bool_or(user_id IS NOT DISTINCT FROM ${userId}::uuid AND wrong_codes >= ${WRONG_CODES}), false) AS locked
          FROM phone_verifications WHERE phone = ${number} AND created_at > now() - make_interval(mins => ${WINDOW_MINUTES})`,
    );
    if (recent?.locked) throw new HttpError(429, TOO_MANY_WRONG);
    if ((recent?.sent ?? 0) >= CODES_PER_NUMBER) throw new HttpError(429, TOO_MANY_CODES);
  }

  /** Asks Firebase to send the code and keeps its session for this account; our id for it. */
  async function send(userId: string | null, number: string, purpose: Purpose, captchaResponse: string | undefined): Promise<string> {
    let sessionInfo: string;
    try {
      sessionInfo = await codes.send(number, captchaResponse);
    } catch (error) {
      if (error instanceof PhoneCodeRefused && error.reason === 'INVALID_PHONE_NUMBER') throw new HttpError(400, NOT_MOBILE, [{ field: 'phone', message: NOT_MOBILE }]);
      if (error instanceof PhoneCodeRefused && APP_REFUSED.has(error.reason)) throw unverifiedApp();
      if (error instanceof PhoneCodeRefused && error.reason === 'TOO_MANY_ATTEMPTS_TRY_LATER') throw new HttpError(429, TOO_MANY_CODES);
      throw unreachable();
    }
    const [made] = await rows<{ id: string }>(
      db,
      sql`INSERT INTO phone_verifications (user_id, phone, session_info, purpose) VALUES (${userId}, ${number}, ${sessionInfo}, ${purpose}) RETURNING id`,
    );
    return made!.id;
  }

  /** Firebase's verdict on a code (`field`: where a form shows what was wrong); a wrong one counted, five then a wait. */
  async function checked<T>(verificationId: string, field: string, check: () => Promise<T>): Promise<T> {
    try {
      return await check();
    } catch (error) {
      if (!(error instanceof PhoneCodeRefused)) throw unreachable();
      if (error.reason === 'SESSION_EXPIRED' || error.reason === 'INVALID_SESSION_INFO') throw new HttpError(400, EXPIRED, [{ field, message: EXPIRED }]);
      if (error.reason !== 'INVALID_CODE') throw unreachable();
      const [counted] = await rows<{ wrongCodes: number }>(db, sql`UPDATE phone_verifications SET wrong_codes = wrong_codes + 1 WHERE id = ${verificationId} RETURNING wrong_codes AS "wrongCodes"`);
      const left = WRONG_CODES - (counted?.wrongCodes ?? WRONG_CODES);
      if (left <= 0) throw new HttpError(429, TOO_MANY_WRONG);
      const wrong = `That code is not right: ${left} ${left === 1 ? 'try' : 'tries'} left`;
      throw new HttpError(400, wrong, [{ field, message: wrong }]);
    }
  }

  /** A code request of this account's, not yet used nor locked by wrong codes. */
  async function unused(userId: string | null, verificationId: string, purpose: Purpose) {
    const [asked] = await rows<{ phone: string; sessionInfo: string; wrongCodes: number; verified: boolean }>(
      db,
      sql`SELECT phone, session_info AS "sessionInfo", wrong_codes AS "wrongCodes", verified_at IS NOT NULL AS verified
          FROM phone_verifications WHERE id = ${verificationId} AND user_id IS NOT DISTINCT FROM ${userId}::uuid AND purpose = ${purpose}`,
    );
    if (!asked) throw notFound('Code request');
    if (asked.verified) throw conflict('This code was used already');
    if (asked.wrongCodes >= WRONG_CODES) throw new HttpError(429, TOO_MANY_WRONG);
    return asked;
  }

  /**
   * A fresh code sent to the account's verified number, typed back (issue 46: asked again before the payout wallet or
   * the number changes). Used once; a code sent before the number changed is no longer good.
   */
  async function confirm(user: { id: string; phone: string | null }, confirmation: PhoneConfirmation): Promise<void> {
    if (!user.phone) throw forbidden(NUMBER_FIRST);
    const asked = await unused(user.id, confirmation.verificationId, 'confirm');
    if (asked.phone !== user.phone) throw new HttpError(400, EXPIRED, [{ field: 'confirmation.code', message: EXPIRED }]);
    await checked(confirmation.verificationId, 'confirmation.code', () => codes.confirm(asked.sessionInfo, confirmation.code));
    const [used] = await rows<{ id: string }>(db, sql`UPDATE phone_verifications SET verified_at = now() WHERE id = ${confirmation.verificationId} AND verified_at IS NULL RETURNING id`);
    if (!used) throw conflict('This code was used already');
  }

  /** A token the browser signs in to this Firebase account with. */
  async function customToken(uid: string): Promise<string> {
    if (!identity.customToken) throw unreachable();
    return identity.customToken(uid).catch(() => {
      throw new HttpError(503, 'Sign-in cannot be checked just now; please try again in a moment');
    });
  }

  return {
    status,
    confirm,

    /** Sends a code to sign in (or sign up) with this number alone (issue 46): no account is signed in yet. */
    async requestSignIn(phone: string, captchaResponse?: string): Promise<PhoneCodeSent> {
      const number = e164(phone);
      assertVerifiedApp(captchaResponse);
      await assertMaySend(null, number);
      return { verificationId: await send(null, number, 'sign-in', captchaResponse), phone };
    },

    /**
     * Checks a sign-in code. The account is the one the number is verified on (its own Firebase account, even if the
     * number was never linked to it there); else the number's Firebase account, a new person who registers next.
     */
    async signIn(input: PhoneConfirmation): Promise<PhoneSignedIn> {
      const asked = await unused(null, input.verificationId, 'sign-in');
      const { uid } = await checked(input.verificationId, 'code', () => codes.confirm(asked.sessionInfo, input.code));
      const [used] = await rows<{ id: string }>(db, sql`UPDATE phone_verifications SET verified_at = now() WHERE id = ${input.verificationId} AND verified_at IS NULL RETURNING id`);
      if (!used) throw conflict('This code was used already');
      const [account] = await rows<{ firebaseUid: string | null; removed: boolean }>(
        db,
        sql`SELECT firebase_uid AS "firebaseUid", deleted_at IS NOT NULL AS removed FROM users
            WHERE phone = ${asked.phone} OR firebase_uid = ${uid} ORDER BY (phone IS NOT DISTINCT FROM ${asked.phone}) DESC LIMIT 1`,
      );
      if (account?.removed) throw forbidden(REMOVED);
      return { customToken: await customToken(account?.firebaseUid ?? uid), newAccount: !account };
    },

    /** Sends a fresh code to the account's verified number, to confirm a change (the wallet, the number). */
    async requestConfirmation(user: { id: string; phone: string | null }, captchaResponse?: string): Promise<PhoneConfirmationSent> {
      if (!user.phone) throw forbidden(NUMBER_FIRST);
      assertVerifiedApp(captchaResponse);
      await assertMaySend(user.id, user.phone);
      return { verificationId: await send(user.id, user.phone, 'confirm', captchaResponse), phoneEnding: user.phone.slice(-3) };
    },

    /**
     * Sends a code to this number (01XXXXXXXXX) for this account. Changing a verified number needs `confirmation`, a
     * fresh code to the current one, checked only once the new number may have a code (so a refusal does not spend it).
     */
    async request(user: { id: string; phone: string | null }, phone: string, confirmation?: PhoneConfirmation, captchaResponse?: string): Promise<PhoneCodeSent> {
      const number = e164(phone);
      const [owner] = await rows<{ id: string }>(db, sql`SELECT id FROM users WHERE phone = ${number}`);
      if (owner?.id === user.id) throw conflict('This number is already verified on your account');
      if (owner) throw conflict(IN_USE);
      if (user.phone && !confirmation) throw forbidden(CONFIRM_CURRENT);
      assertVerifiedApp(captchaResponse);
      await assertMaySend(user.id, number);
      if (user.phone && confirmation) await confirm(user, confirmation);
      return { verificationId: await send(user.id, number, 'verify', captchaResponse), phone };
    },

    /** Checks the code sent for `verificationId` (this account's) and keeps the number on the account. */
    async verify(user: { id: string; name: string; firebaseUid: string | null; phone: string | null }, input: { verificationId: string; code: string; idToken: string }): Promise<PhoneStatus> {
      const asked = await unused(user.id, input.verificationId, 'verify');
      const signedIn = await identity.verifyIdToken(input.idToken).catch(() => undefined);
      if (!signedIn || signedIn.uid !== user.firebaseUid) throw forbidden('Sign in again to verify your number');
      const linked = await checked(input.verificationId, 'code', () => codes.check(asked.sessionInfo, input.code, input.idToken));
      if (!linked.linked) throw conflict(IN_USE);
      try {
        await db.transaction(async (tx) => {
          await tx.execute(sql`UPDATE users SET phone = ${asked.phone}, phone_verified_at = now() WHERE id = ${user.id}`);
          await tx.execute(sql`UPDATE phone_verifications SET verified_at = now() WHERE id = ${input.verificationId}`);
          // In the activity log, as the person's own act: a first number, or a change (which number, by its last 3 digits).
          const label = user.phone ? `${user.name} (…${user.phone.slice(-3)} → …${asked.phone.slice(-3)})` : `${user.name} (…${asked.phone.slice(-3)})`;
          await audit.record(tx, { actor: user, action: user.phone ? 'change-phone' : 'verify-phone', target: { type: 'user', id: user.id, label } });
        });
      } catch (error) {
        if (isUniqueViolation(error, 'users_one_account_per_phone')) throw conflict(IN_USE);
        throw error;
      }
      return status(user.id);
    },
  };
}
export type PhoneVerification = ReturnType<typeof createPhoneVerification>;
