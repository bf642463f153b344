// Signing in, or up, with a phone number alone (issue 46, decision 038): a code to the number, checked, then a Firebase
// custom token for the account the number is verified on, or for the number's own Firebase account (a new person, who
// registers next). No one is signed in yet: the bounds are the number's, the wrong codes' and the client address's.
import { sql } from 'drizzle-orm';
import type { PhoneCodeSent, PhoneConfirmation, PhoneSignedIn } from '@phonehaat/shared-api';
import type { Db } from '../../../db/client.ts';
import { forbidden, unavailable } from '../../../domain-error.ts';
import { rows } from '../../../db/rows.ts';
import type { IdentityProvider } from './identity.ts';
import { e164, type CodeBook } from './phone-code-book.ts';
import type { PhoneCodes } from './phone-codes.ts';

const REMOVED = 'This account has been removed by an administrator';

export function createPhoneSignIn({ db, book, codes, identity }: { db: Db; book: CodeBook; codes: PhoneCodes; identity: Pick<IdentityProvider, 'customToken'> }) {
  /** A token the browser signs in to this Firebase account with. */
  async function customToken(uid: string): Promise<string> {
    if (!identity.customToken) throw book.unreachable();
    return identity.customToken(uid).catch(() => {
      throw unavailable('Sign-in cannot be checked just now; please try again in a moment');
    });
  }

  return {
    /** Sends a code to sign in (or sign up) with this number alone (issue 46): no account is signed in yet. */
    async requestSignIn(phone: string, captchaResponse?: string): Promise<PhoneCodeSent> {
      const number = e164(phone);
      book.assertVerifiedApp(captchaResponse);
      return { verificationId: await book.send(null, number, 'sign-in', captchaResponse), phone };
    },

    /**
     * Checks a sign-in code. The account is the one the number is verified on (its own Firebase account, even if the
     * number was never linked to it there); else the number's Firebase account, a new person who registers next.
     */
    async signIn(input: PhoneConfirmation): Promise<PhoneSignedIn> {
      const asked = await book.unused(null, input.verificationId, 'sign-in');
      const { uid } = await book.checked(input.verificationId, 'code', () => codes.confirm(asked.sessionInfo, input.code));
      await book.markUsed(input.verificationId);
      const [account] = await rows<{ firebaseUid: string | null; removed: boolean }>(
        db,
        sql`SELECT firebase_uid AS "firebaseUid", deleted_at IS NOT NULL AS removed FROM users
            WHERE phone = ${asked.phone} OR firebase_uid = ${uid} ORDER BY (phone IS NOT DISTINCT FROM ${asked.phone}) DESC LIMIT 1`,
      );
      if (account?.removed) throw forbidden(REMOVED);
      return { customToken: await customToken(account?.firebaseUid ?? uid), newAccount: !account };
    },
  };
}
