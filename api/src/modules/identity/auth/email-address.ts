// An e-mail address for an account made by phone (issue 46: "one can be added later for e-mails", decision 038). A link
// with a one-time token goes to the address through PhoneHaat's mail server, in the person's language (as "Forgot
// password?" does); opened on PhoneHaat's Settings page by the same account, it puts the address on the account and on
// its Firebase sign-in. Firebase keeps an address on one account only, so no one can later sign up with it and be taken
// for this person; Firebase ends the sign-in's older tokens when its address changes, so the answer carries a token
// that signs this browser in again.
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { paths, type EmailAdded } from '@phonehaat/shared-api';
import { basenameOf, type Language } from '@phonehaat/shared-api/languages';
import type { Env } from '../../../config/env.ts';
import type { Db } from '../../../db/client.ts';
import type { Mailer } from '../../../email/mailer.ts';
import { sendLinkEmail, type LinkWords } from '../../../email/link-email.ts';
import { isUniqueViolation } from '../../../errors.ts';
import { conflict, invalid, tooMany, unavailable } from '../../../domain-error.ts';
import { rows } from '../../../db/rows.ts';
import { EmailTaken, type IdentityProvider } from './identity.ts';

export const LINKS_PER_HOUR = 3;
export const LINK_HOURS = 24;

const HAS_ONE = 'Your account already has an e-mail address';
const TAKEN = 'This e-mail address is used by another account: use another address';
const STALE = 'This link is used or too old: ask for a new one in Settings';

const words: Record<Language, LinkWords> = {
  en: {
    subject: 'Add this e-mail address to PhoneHaat',
    lines: ['Someone (we hope you) asked to add this address to their PhoneHaat account, to get its e-mails.', `The link works once, for ${LINK_HOURS} hours, on the device signed in to that account.`],
    action: 'Add this address',
    ignore: 'If it was not you, ignore this e-mail: nothing changes.',
  },
  bn: {
    subject: 'এই ই-মেইল ঠিকানাটি ফোনহাটে যোগ করুন',
    lines: ['কেউ (আশা করি আপনি) ফোনহাটের ই-মেইল পেতে এই ঠিকানাটি তাঁর ফোনহাট অ্যাকাউন্টে যোগ করতে চেয়েছেন।', 'লিংকটি একবারই, ২৪ ঘণ্টার জন্য, সেই অ্যাকাউন্টে সাইন-ইন করা ডিভাইসে কাজ করে।'],
    action: 'এই ঠিকানাটি যোগ করুন',
    ignore: 'আপনি না চাইলে এই ই-মেইলটি উপেক্ষা করুন: কিছুই বদলাবে না।',
  },
};

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export function createEmailAddress(deps: { db: Db; identity: Pick<IdentityProvider, 'setEmail' | 'customToken'>; mailer: Mailer | undefined; env: Pick<Env, 'WEB_URL'> }) {
  const { db } = deps;
  const unsent = () => unavailable('The e-mail could not be sent just now. Try again in a few minutes.');
  const unadded = () => unavailable('The address could not be added just now. Try again in a few minutes.');

  async function assertFree(userId: string, email: string) {
    const [owner] = await rows<{ id: string }>(db, sql`SELECT id FROM users WHERE email = ${email}`);
    if (owner && owner.id !== userId) throw conflict(TAKEN);
  }

  return {
    /** E-mails a link to the address; the account must have none yet, and the address be no one else's. */
    async request(user: { id: string; email: string | null }, email: string, language: Language): Promise<void> {
      if (user.email) throw conflict(HAS_ONE);
      await assertFree(user.id, email);
      const [recent] = await rows<{ sent: number }>(db, sql`SELECT count(*)::int AS sent FROM email_links WHERE user_id = ${user.id} AND created_at > now() - interval '1 hour'`);
      if ((recent?.sent ?? 0) >= LINKS_PER_HOUR) throw tooMany(`${LINKS_PER_HOUR} links were sent in the last hour: wait a while, then ask again`);
      if (!deps.mailer) throw unsent();
      const token = randomBytes(32).toString('base64url');
      const link = `${deps.env.WEB_URL.replace(/\/$/, '')}${basenameOf(language)}${paths.notificationSettings}?${new URLSearchParams({ emailToken: token })}`;
      try {
        await sendLinkEmail(deps.mailer, email, words, language, link);
      } catch {
        throw unsent();
      }
      await db.execute(sql`INSERT INTO email_links (user_id, email, token_hash) VALUES (${user.id}, ${email}, ${hashOf(token)})`);
    },

    /** The link's token, opened by the account that asked: the address goes on the account and its Firebase sign-in. */
    async confirm(user: { id: string; email: string | null; firebaseUid: string | null }, token: string): Promise<EmailAdded> {
      const [link] = await rows<{ id: string; email: string }>(
        db,
        sql`SELECT id, email FROM email_links
            WHERE token_hash = ${hashOf(token)} AND user_id = ${user.id} AND used_at IS NULL AND created_at > now() - make_interval(hours => ${LINK_HOURS})`,
      );
      if (!link) throw invalid(STALE, [{ field: 'token', message: STALE }]);
      if (user.email) throw conflict(HAS_ONE);
      if (!user.firebaseUid || !deps.identity.setEmail || !deps.identity.customToken) throw unadded();
      // Made first: once the address is added, nothing is left that could fail.
      const customToken = await deps.identity.customToken(user.firebaseUid).catch(() => {
        throw unadded();
      });
      try {
        await db.transaction(async (tx) => {
          await tx.execute(sql`UPDATE users SET email = ${link.email} WHERE id = ${user.id} AND email IS NULL`);
          await tx.execute(sql`UPDATE email_links SET used_at = now() WHERE id = ${link.id}`);
          // Last, so a refusal (another Firebase account has it) undoes the rest.
          await deps.identity.setEmail!(user.firebaseUid!, link.email);
        });
      } catch (error) {
        if (error instanceof EmailTaken || isUniqueViolation(error, 'users_email_key')) throw conflict(TAKEN);
        throw unadded();
      }
      return { email: link.email, customToken };
    },
  };
}
export type EmailAddress = ReturnType<typeof createEmailAddress>;
