import type { FastifyBaseLogger } from 'fastify';
import { paths } from '@phonehaat/shared-api';
import { basenameOf, type Language } from '@phonehaat/shared-api/languages';
import type { Env } from '../../../config/env.ts';
import type { Mailer } from '../../../email/mailer.ts';
import { sendLinkEmail, type LinkWords } from '../../../email/link-email.ts';
import type { IdentityProvider } from './identity.ts';

const words: Record<Language, LinkWords> = {
  en: {
    subject: 'Reset your PhoneHaat password',
    lines: ['Someone (we hope you) asked to reset the password of your PhoneHaat account.', 'The link works once, for an hour.'],
    action: 'Choose a new password',
    ignore: 'If it was not you, ignore this e-mail: your password stays as it is.',
  },
  bn: {
    subject: 'আপনার ফোনহাট পাসওয়ার্ড নতুন করে দিন',
    lines: ['কেউ (আশা করি আপনি) আপনার ফোনহাট অ্যাকাউন্টের পাসওয়ার্ড নতুন করে দিতে চেয়েছেন।', 'লিংকটি একবারই, এক ঘণ্টার জন্য কাজ করে।'],
    action: 'নতুন পাসওয়ার্ড বেছে নিন',
    ignore: 'আপনি না চাইলে এই ই-মেইলটি উপেক্ষা করুন: আপনার পাসওয়ার্ড যেমন আছে তেমনই থাকবে।',
  },
};


/**
 * "Forgot password?" (issue 42): Firebase makes the one-time code (as its own reset e-mail would), and the e-mail,
 * in the person's language, is sent through PhoneHaat's mail server (maildev under `pnpm start`) with a link to
 * PhoneHaat's own page, which sets the new password with Firebase. Sent at once, not through the outbox: the person is
 * waiting for it and the code lasts an hour. Nothing tells the caller whether an account has the address.
 */
export function createPasswordReset(deps: { identity: IdentityProvider; mailer: Mailer | undefined; env: Pick<Env, 'WEB_URL'>; log: FastifyBaseLogger }) {
  return async function requestReset(email: string, language: Language): Promise<void> {
    if (!deps.mailer) {
      deps.log.warn('a password reset was asked for, but no SMTP_URL is set: no e-mail can be sent');
      return;
    }
    const code = await deps.identity.passwordResetCode?.(email);
    if (!code) return;
    const link = `${deps.env.WEB_URL.replace(/\/$/, '')}${basenameOf(language)}${paths.resetPassword}?${new URLSearchParams({ oobCode: code })}`;
    await sendLinkEmail(deps.mailer, email, words, language, link);
  };
}
