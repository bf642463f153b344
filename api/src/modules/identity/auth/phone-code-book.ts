// The book of one-time codes behind a verified number, a fresh confirmation and a phone sign-in (issue 46, decision
// 038): each code asked for is a row (at most CODES_PER_NUMBER to a number in WINDOW_MINUTES, whoever asks, counted
// and reserved under the number's lock; with app
// verification, only with the browser's reCAPTCHA token), Firebase's verdict on it, WRONG_CODES wrong tries then a wait.
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { conflict, invalid, notFound, tooMany, unavailable } from '../../../domain-error.ts';
import { rows } from '../../../db/rows.ts';
import { PhoneCodeRefused, type PhoneCodes } from './phone-codes.ts';

export const CODES_PER_NUMBER = 3;
export const WINDOW_MINUTES = 15;
export const WRONG_CODES = 5;

export const EXPIRED = 'The code expired: ask for a new one';
const TOO_MANY_WRONG = `Too many wrong codes: ask for a new code in ${WINDOW_MINUTES} minutes`;
/** How long to wait is said (issue 65): until the oldest code of the window leaves it. */
const tooManyCodes = (waitMinutes: number) =>
  `${CODES_PER_NUMBER} codes were sent to this number in the last ${WINDOW_MINUTES} minutes: ask again in ${waitMinutes} ${waitMinutes === 1 ? 'minute' : 'minutes'}`;
const NOT_MOBILE = 'Enter a Bangladeshi mobile number, e.g. 01712-345678';
const NOT_VERIFIED_APP = 'PhoneHaat could not check this request came from its app: reload the page and try again';
/** Firebase's refusals of the app's reCAPTCHA token (its web SDK's server errors). */
const APP_REFUSED = new Set(['MISSING_RECAPTCHA_TOKEN', 'INVALID_RECAPTCHA_TOKEN', 'INVALID_RECAPTCHA_ACTION', 'CAPTCHA_CHECK_FAILED', 'MISSING_CLIENT_TYPE', 'MISSING_RECAPTCHA_VERSION', 'INVALID_RECAPTCHA_VERSION']);

export type Purpose = 'verify' | 'confirm' | 'sign-in';

/** 01XXXXXXXXX, as people write it, and +8801XXXXXXXXX, as Firebase keeps it. */
export const e164 = (local: string) => `+88${local}`;
export const local = (international: string) => international.replace(/^\+88/, '');

/**
 * `appVerification`: every code sent needs the browser's reCAPTCHA Enterprise token (production); a request without
 * one, or one Firebase refuses, is told to reload rather than sent.
 */
export function createCodeBook({ db, codes, appVerification = false }: { db: Db; codes: PhoneCodes; appVerification?: boolean }) {
  const unreachable = () => unavailable('The code could not be sent just now: try again in a minute');
  const unverifiedApp = () => invalid(NOT_VERIFIED_APP, [{ field: 'captchaResponse', message: NOT_VERIFIED_APP }]);

  /** With app verification on, a code is only asked for with the browser's token (Firebase would refuse it anyway). */
  function assertVerifiedApp(captchaResponse: string | undefined) {
    if (appVerification && !captchaResponse) throw unverifiedApp();
  }

  /**
   * Refused while this account is waiting out wrong codes on the number, or the number had its codes for now. `tx`: in
   * a transaction that holds the number's lock (reserve), so the count and the reservation are one step.
   */
  async function assertMaySend(userId: string | null, number: string, tx: Db | Tx = db) {
    // `waitSeconds`: until the window's oldest code leaves it (a fourth may then be sent).
    const [recent] = await rows<{ sent: number; locked: boolean; waitSeconds: number }>(
      tx,
      sql`SELECT count(*)::int AS sent, coalesce(bool_or(user_id IS NOT DISTINCT FROM ${userId}::uuid AND wrong_codes >= ${WRONG_CODES}), false) AS locked,
            coalesce(extract(epoch FROM min(created_at) + make_interval(mins => ${WINDOW_MINUTES}) - now()), 0)::float8 AS "waitSeconds"
          FROM phone_verifications WHERE phone = ${number} AND created_at > now() - make_interval(mins => ${WINDOW_MINUTES})`,
    );
    if (recent?.locked) throw tooMany(TOO_MANY_WRONG, WINDOW_MINUTES * 60);
    if ((recent?.sent ?? 0) >= CODES_PER_NUMBER) throw tooMany(tooManyCodes(Math.max(1, Math.ceil(recent!.waitSeconds / 60))), recent!.waitSeconds);
  }

  /**
   * Counts the number's codes and reserves the next one in one step (issue 66: 12 requests racing sent 7 codes to one
   * number): the number's advisory lock is held while it is counted and its row inserted, so a fourth waits and is
   * refused. The row's session is empty until Firebase answers.
   */
  async function reserve(userId: string | null, number: string, purpose: Purpose): Promise<string> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`phone-code:${number}`}))`);
      await assertMaySend(userId, number, tx);
      const [made] = await rows<{ id: string }>(
        tx,
        sql`INSERT INTO phone_verifications (user_id, phone, session_info, purpose) VALUES (${userId}, ${number}, '', ${purpose}) RETURNING id`,
      );
      return made!.id;
    });
  }

  /**
   * Reserves one of the number's codes, runs `first` (a check that may still refuse: it then spends nothing), asks
   * Firebase to send the code and keeps its session for this account; our id for it. A send that fails gives the
   * reservation back.
   */
  async function send(userId: string | null, number: string, purpose: Purpose, captchaResponse: string | undefined, first?: () => Promise<void>): Promise<string> {
    const id = await reserve(userId, number, purpose);
    try {
      await first?.();
      let sessionInfo: string;
      try {
        sessionInfo = await codes.send(number, captchaResponse);
      } catch (error) {
        if (error instanceof PhoneCodeRefused && error.reason === 'INVALID_PHONE_NUMBER') throw invalid(NOT_MOBILE, [{ field: 'phone', message: NOT_MOBILE }]);
        if (error instanceof PhoneCodeRefused && APP_REFUSED.has(error.reason)) throw unverifiedApp();
        if (error instanceof PhoneCodeRefused && error.reason === 'TOO_MANY_ATTEMPTS_TRY_LATER') throw tooMany(tooManyCodes(WINDOW_MINUTES), WINDOW_MINUTES * 60);
        throw unreachable();
      }
      await db.execute(sql`UPDATE phone_verifications SET session_info = ${sessionInfo} WHERE id = ${id}`);
      return id;
    } catch (error) {
      await db.execute(sql`DELETE FROM phone_verifications WHERE id = ${id}`);
      throw error;
    }
  }

  /** Firebase's verdict on a code (`field`: where a form shows what was wrong); a wrong one counted, five then a wait. */
  async function checked<T>(verificationId: string, field: string, check: () => Promise<T>): Promise<T> {
    try {
      return await check();
    } catch (error) {
      if (!(error instanceof PhoneCodeRefused)) throw unreachable();
      if (error.reason === 'SESSION_EXPIRED' || error.reason === 'INVALID_SESSION_INFO') throw invalid(EXPIRED, [{ field, message: EXPIRED }]);
      if (error.reason !== 'INVALID_CODE') throw unreachable();
      const [counted] = await rows<{ wrongCodes: number }>(db, sql`UPDATE phone_verifications SET wrong_codes = wrong_codes + 1 WHERE id = ${verificationId} RETURNING wrong_codes AS "wrongCodes"`);
      const left = WRONG_CODES - (counted?.wrongCodes ?? WRONG_CODES);
      if (left <= 0) throw tooMany(TOO_MANY_WRONG);
      const wrong = `That code is not right: ${left} ${left === 1 ? 'try' : 'tries'} left`;
      throw invalid(wrong, [{ field, message: wrong }]);
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
    if (asked.wrongCodes >= WRONG_CODES) throw tooMany(TOO_MANY_WRONG);
    return asked;
  }

  /** Marks a checked code used: once only, whoever races. */
  async function markUsed(verificationId: string): Promise<void> {
    const [used] = await rows<{ id: string }>(db, sql`UPDATE phone_verifications SET verified_at = now() WHERE id = ${verificationId} AND verified_at IS NULL RETURNING id`);
    if (!used) throw conflict('This code was used already');
  }

  return { unreachable, assertVerifiedApp, assertMaySend, send, checked, unused, markUsed };
}
export type CodeBook = ReturnType<typeof createCodeBook>;
