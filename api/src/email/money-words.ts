import type { Language } from '@phonehaat/shared-api/languages';

/** What the money e-mails need: the notification's facts (issue 33). */
export interface MoneyFacts {
  productName?: string;
  reason?: string;
  amount?: number;
  role?: 'buyer' | 'seller';
  outcome?: 'refunded' | 'released';
}
type Lines = { subject: string; lines: string[]; action: string };
type Taka = (amount: number | undefined, language: Language) => string;

const disputeReason: Record<string, Record<Language, string>> = {
  'not-as-described': { en: 'not as described', bn: 'বর্ণনার সঙ্গে মেলেনি' },
  'seller-no-show': { en: 'the seller did not come', bn: 'বিক্রেতা আসেননি' },
  'neir-blocked': { en: 'the phone does not work with my SIM (NEIR)', bn: 'ফোনটি আমার সিমে চলে না (এনইআইআর)' },
  'not-tested-phone': { en: 'not the phone that was tested', bn: 'চেক করা ফোনটি নয়' },
};

/** Disputes, their decisions and payouts, in each language; the admin's reason quoted as written. */
export const moneyWords = (taka: Taka): Record<string, Record<Language, (facts: MoneyFacts) => Lines>> => ({
  disputed: {
    en: (f) =>
      f.role === 'seller'
        ? { subject: `The buyer disputed the sale of ${f.productName}`, lines: [`The buyer disputed the sale of your ${f.productName} (${disputeReason[f.reason ?? '']?.en ?? f.reason}).`, "The payment stays held until PhoneHaat's team decides; you will hear from us."], action: 'See your earnings' }
        : { subject: `We received your dispute about ${f.productName}`, lines: [`Your dispute about ${f.productName} reached PhoneHaat's team. The payment stays held until they decide; you will hear from us.`], action: 'See your orders' },
    bn: (f) =>
      f.role === 'seller'
        ? { subject: `${f.productName}-এর বিক্রি নিয়ে ক্রেতার আপত্তি`, lines: [`ক্রেতা আপনার ${f.productName}-এর বিক্রি নিয়ে আপত্তি জানিয়েছেন (${disputeReason[f.reason ?? '']?.bn ?? f.reason})।`, 'PhoneHaat-এর দলের সিদ্ধান্ত পর্যন্ত টাকা জমা থাকবে; আমরা আপনাকে জানাব।'], action: 'আপনার আয় দেখুন' }
        : { subject: `${f.productName} নিয়ে আপনার আপত্তি পেয়েছি`, lines: [`${f.productName} নিয়ে আপনার আপত্তি PhoneHaat-এর দলের কাছে পৌঁছেছে। সিদ্ধান্ত পর্যন্ত টাকা জমা থাকবে; আমরা আপনাকে জানাব।`], action: 'আপনার অর্ডার দেখুন' },
  },
  'dispute-decided': {
    en: (f) => ({
      subject: f.outcome === 'refunded' ? `Dispute about ${f.productName}: the buyer is refunded` : `Dispute about ${f.productName}: the payment goes to the seller`,
      lines: [
        f.outcome === 'refunded' ? `PhoneHaat refunded the buyer's ${taka(f.amount, 'en')} for ${f.productName}.` : `PhoneHaat released the payment for ${f.productName} to its seller.`,
        `The reason: ${f.reason}`,
      ],
      action: f.role === 'seller' ? 'See your earnings' : 'See your orders',
    }),
    bn: (f) => ({
      subject: f.outcome === 'refunded' ? `${f.productName} নিয়ে আপত্তি: ক্রেতাকে টাকা ফেরত` : `${f.productName} নিয়ে আপত্তি: টাকা বিক্রেতার কাছে`,
      lines: [
        f.outcome === 'refunded' ? `PhoneHaat ${f.productName}-এর জন্য ক্রেতাকে ${taka(f.amount, 'bn')} ফেরত দিয়েছে।` : `PhoneHaat ${f.productName}-এর টাকা বিক্রেতাকে দিয়েছে।`,
        `কারণ: ${f.reason}`,
      ],
      action: f.role === 'seller' ? 'আপনার আয় দেখুন' : 'আপনার অর্ডার দেখুন',
    }),
  },
  'paid-out': {
    en: (f) => ({ subject: `${taka(f.amount, 'en')} sent to your bKash`, lines: [`PhoneHaat paid ${taka(f.amount, 'en')} of your sales into your bKash wallet.`], action: 'See your earnings' }),
    bn: (f) => ({ subject: `আপনার বিকাশে ${taka(f.amount, 'bn')} পাঠানো হয়েছে`, lines: [`PhoneHaat আপনার বিক্রির ${taka(f.amount, 'bn')} আপনার বিকাশ ওয়ালেটে পাঠিয়েছে।`], action: 'আপনার আয় দেখুন' }),
  },
});

export const moneyKindNames: Record<string, Record<Language, string>> = {
  disputed: { en: 'disputed sales', bn: 'বিক্রি নিয়ে আপত্তি' },
  'dispute-decided': { en: 'decisions on disputes', bn: 'আপত্তির সিদ্ধান্ত' },
  'paid-out': { en: 'payouts to your wallet', bn: 'ওয়ালেটে টাকা পাঠানো' },
};
