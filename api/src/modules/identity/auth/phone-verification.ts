// A verified phone number on an account (issue 46): a code asked for and checked through the code book
// (phone-code-book.ts), linked to the person's own Firebase account and kept on theirs — one account per number; a
// fresh code to it before the payout wallet or the number changes; and signing in by it (phone-sign-in.ts). Decision 038.
import { sql } from 'drizzle-orm';
import type { PhoneCodeSent, PhoneConfirmation, PhoneConfirmationSent, PhoneStatus } from '@phonehaat/shared-api';
import type { Db } from '../../../db/client.ts';
import { isUniqueViolation } from '../../../errors.ts';
import { conflict, forbidden, invalid } from '../../../domain-error.ts';
import { rows } from '../../../db/rows.ts';
import type { AuditRepository } from '../../../audit/audit.ts';
import type { IdentityProvider } from './identity.ts';
import { createCodeBook, e164, EXPIRED, local } from './phone-code-book.ts';
import type { PhoneCodes } from './phone-codes.ts';
import { createPhoneSignIn } from './phone-sign-in.ts';

const IN_USE = 'This number is verified on another account: use another number';
const NUMBER_FIRST = 'Verify your phone number first: a payout wallet is set with a code sent to it';
const CONFIRM_CURRENT = 'Changing your number needs a code sent to your current number first';

/**
 * `appVerification`: every code sent needs the browser's reCAPTCHA Enterprise token (production); a request without
 * one, or one Firebase refuses, is told to reload rather than sent.
 */
export function createPhoneVerification({ db, codes, identity, audit, appVerification = false }: { db: Db; codes: PhoneCodes; identity: Pick<IdentityProvider, 'verifyIdToken' | 'customToken'>; audit: AuditRepository; appVerification?: boolean }) {
  const book = createCodeBook({ db, codes, appVerification });

  async function status(userId: string): Promise<PhoneStatus> {
    const [row] = await rows<{ phone: string | null; verifiedAt: Date | string | null }>(db, sql`SELECT phone, phone_verified_at AS "verifiedAt" FROM users WHERE id = ${userId}`);
    return { phone: row?.phone ? local(row.phone) : null, verifiedAt: row?.verifiedAt ? new Date(row.verifiedAt).toISOString() : null };
  }

  /**
   * A fresh code sent to the account's verified number, typed back (issue 46: asked again before the payout wallet or
   * the number changes). Used once; a code sent before the number changed is no longer good.
   */
  async function confirm(user: { id: string; phone: string | null }, confirmation: PhoneConfirmation): Promise<void> {
    if (!user.phone) throw forbidden(NUMBER_FIRST);
    const asked = await book.unused(user.id, confirmation.verificationId, 'confirm');
    if (asked.phone !== user.phone) throw invalid(EXPIRED, [{ field: 'confirmation.code', message: EXPIRED }]);
    await book.checked(confirmation.verificationId, 'confirmation.code', () => codes.confirm(asked.sessionInfo, confirmation.code));
    await book.markUsed(confirmation.verificationId);
  }

  return {
    status,
    confirm,
    ...createPhoneSignIn({ db, book, codes, identity }),

    /** Sends a fresh code to the account's verified number, to confirm a change (the wallet, the number). */
    async requestConfirmation(user: { id: string; phone: string | null }, captchaResponse?: string): Promise<PhoneConfirmationSent> {
      if (!user.phone) throw forbidden(NUMBER_FIRST);
      book.assertVerifiedApp(captchaResponse);
      return { verificationId: await book.send(user.id, user.phone, 'confirm', captchaResponse), phoneEnding: user.phone.slice(-3) };
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
      book.assertVerifiedApp(captchaResponse);
      // The current number's code is checked once the new number may have a code (so a refusal does not spend it).
      const confirmCurrent = user.phone && confirmation ? () => confirm(user, confirmation) : undefined;
      return { verificationId: await book.send(user.id, number, 'verify', captchaResponse, confirmCurrent), phone };
    },

    /** Checks the code sent for `verificationId` (this account's) and keeps the number on the account. */
    async verify(user: { id: string; name: string; firebaseUid: string | null; phone: string | null }, input: { verificationId: string; code: string; idToken: string }): Promise<PhoneStatus> {
      const asked = await book.unused(user.id, input.verificationId, 'verify');
      const signedIn = await identity.verifyIdToken(input.idToken).catch(() => undefined);
      if (!signedIn || signedIn.uid !== user.firebaseUid) throw forbidden('Sign in again to verify your number');
      const linked = await book.checked(input.verificationId, 'code', () => codes.check(asked.sessionInfo, input.code, input.idToken));
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
