import type { NotificationKind } from '@phonehaat/shared-api';
import type { Language } from '@phonehaat/shared-api/languages';
import { headline, taka } from '../../../email/templates.ts';

/**
 * The notifications pushed to a person's devices as they happen (issue 48): messages, bookings, payments, offers and
 * parcel steps. Saved searches' matches, price drops and watched phones wait for the page (they come by the hundred).
 */
export const PUSHED_KINDS: readonly NotificationKind[] = [
  'message',
  'booked',
  'paid',
  'refunded',
  'released',
  'disputed',
  'dispute-decided',
  'paid-out',
  'sold-elsewhere',
  'parcel',
  'offer',
  'new-sign-in',
];
export const isPushed = (kind: string) => (PUSHED_KINDS as readonly string[]).includes(kind);

const brand: Record<Language, string> = { en: 'PhoneHaat', bn: 'ফোনহাট' };

type Facts = Record<string, unknown> & { who?: string; productName?: string; amount?: number; device?: string };

/** The kinds no e-mail words: their push's own words. */
const own: Partial<Record<NotificationKind, Record<Language, (f: Facts) => { title: string; body: string }>>> = {
  message: {
    en: (f) => ({ title: `${f.who} sent you a message`, body: `About ${f.productName}` }),
    bn: (f) => ({ title: `${f.who} আপনাকে বার্তা পাঠিয়েছেন`, body: `${f.productName} নিয়ে` }),
  },
  refunded: {
    en: (f) => ({ title: `Refunded: ${taka(f.amount, 'en')}`, body: `Your payment for ${f.productName} is on its way back to you.` }),
    bn: (f) => ({ title: `ফেরত: ${taka(f.amount, 'bn')}`, body: `${f.productName}-এর জন্য আপনার পেমেন্ট ফেরত যাচ্ছে।` }),
  },
  'new-sign-in': {
    en: (f) => ({ title: 'A new sign-in to your account', body: `${f.device ? `From ${f.device}. ` : ''}If it was not you, change your password.` }),
    bn: (f) => ({ title: 'আপনার অ্যাকাউন্টে নতুন সাইন-ইন', body: `${f.device ? `${f.device} থেকে। ` : ''}আপনি না হলে পাসওয়ার্ড বদলে নিন।` }),
  },
};

/** A push's title and text in the person's language, or nothing for a kind that is not pushed. */
export function pushWords(kind: string, facts: Facts, language: Language): { title: string; body: string } | undefined {
  if (!isPushed(kind)) return undefined;
  const write = own[kind as NotificationKind]?.[language];
  if (write) return write(facts);
  const said = headline(kind, facts, language);
  return said && { title: said.subject, body: said.line || brand[language] };
}
