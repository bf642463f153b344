import type { Language } from '@phonehaat/shared-api/languages';
import type { OfferStepAction } from '@phonehaat/shared-api';

/** What an offer's e-mail needs (issue 47): the step, the side told, the amount on the table and the other person. */
export interface OfferFacts {
  productName?: string;
  who?: string;
  amount?: number;
  role?: 'buyer' | 'seller';
  offerStep?: OfferStepAction;
}
type Lines = { subject: string; lines: string[]; action: string };
type Say = (f: OfferFacts, amount: string) => string;

const toSeller: Record<Language, Partial<Record<OfferStepAction, Say>>> = {
  en: {
    offered: (f, a) => `${f.who} offered ${a} for your ${f.productName}`,
    countered: (f, a) => `${f.who} countered with ${a} for your ${f.productName}`,
    accepted: (f, a) => `${f.who} accepted ${a} for your ${f.productName}: it is kept for them until they pay`,
    declined: (f) => `${f.who} declined your counter-offer on ${f.productName}`,
    withdrawn: (f) => `${f.who} withdrew their offer on your ${f.productName}`,
    expired: (f, a) => `The offer of ${a} on your ${f.productName} expired unanswered`,
    lapsed: (f, a) => `The agreed ${a} for your ${f.productName} was not paid in time: it is back on sale`,
  },
  bn: {
    offered: (f, a) => `${f.who} আপনার ${f.productName}-এর জন্য ${a} প্রস্তাব দিয়েছেন`,
    countered: (f, a) => `${f.who} আপনার ${f.productName}-এর জন্য পাল্টা ${a} প্রস্তাব দিয়েছেন`,
    accepted: (f, a) => `${f.who} আপনার ${f.productName}-এর জন্য ${a} মেনে নিয়েছেন: টাকা দেওয়া পর্যন্ত ফোনটি তাঁর জন্য রাখা থাকবে`,
    declined: (f) => `${f.who} ${f.productName}-এর জন্য আপনার পাল্টা প্রস্তাব নেননি`,
    withdrawn: (f) => `${f.who} আপনার ${f.productName}-এর প্রস্তাব তুলে নিয়েছেন`,
    expired: (f, a) => `আপনার ${f.productName}-এর ${a} প্রস্তাবের সময় শেষ: উত্তর আসেনি`,
    lapsed: (f, a) => `${f.productName}-এর মেনে নেওয়া ${a} সময়মতো দেওয়া হয়নি: ফোনটি আবার বিক্রির জন্য আছে`,
  },
};
const toBuyer: Record<Language, Partial<Record<OfferStepAction, Say>>> = {
  en: {
    countered: (f, a) => `The seller of ${f.productName} countered with ${a}`,
    accepted: (f, a) => `The seller accepted ${a} for ${f.productName}: book and pay in time to get it`,
    declined: (f) => `Your offer on ${f.productName} was declined`,
    expired: (f, a) => `The offer of ${a} on ${f.productName} expired unanswered`,
    lapsed: (f, a) => `The agreed ${a} for ${f.productName} was not paid in time: the phone is back on sale`,
    'sold-elsewhere': (f) => `${f.productName} was sold to another buyer: your offer is closed`,
  },
  bn: {
    countered: (f, a) => `${f.productName}-এর বিক্রেতা পাল্টা ${a} প্রস্তাব দিয়েছেন`,
    accepted: (f, a) => `বিক্রেতা ${f.productName}-এর জন্য ${a} মেনে নিয়েছেন: সময়ের মধ্যে বুক করে টাকা দিন`,
    declined: (f) => `${f.productName}-এর জন্য আপনার প্রস্তাব নেওয়া হয়নি`,
    expired: (f, a) => `${f.productName}-এর ${a} প্রস্তাবের সময় শেষ: উত্তর আসেনি`,
    lapsed: (f, a) => `${f.productName}-এর মেনে নেওয়া ${a} সময়মতো দেওয়া হয়নি: ফোনটি আবার বিক্রির জন্য আছে`,
    'sold-elsewhere': (f) => `${f.productName} অন্য ক্রেতার কাছে বিক্রি হয়ে গেছে: আপনার প্রস্তাব বন্ধ`,
  },
};

/** A negotiation's steps, to the side told, in each language (`taka` formats an amount in it). */
export const offerWords = (taka: (amount: number | undefined, language: Language) => string): Record<string, Record<Language, (facts: OfferFacts) => Lines>> => ({
  offer: Object.fromEntries(
    (['en', 'bn'] as const).map((language) => [
      language,
      (f: OfferFacts): Lines => {
        const say = (f.role === 'seller' ? toSeller : toBuyer)[language][f.offerStep ?? 'offered'];
        const sentence = say ? say(f, taka(f.amount, language)) : `${f.productName}`;
        return { subject: sentence, lines: [`${sentence}${language === 'bn' ? '।' : '.'}`], action: language === 'bn' ? 'আপনার প্রস্তাবগুলো দেখুন' : 'See your offers' };
      },
    ]),
  ) as Record<Language, (facts: OfferFacts) => Lines>,
});
export const offerKindNames: Record<string, Record<Language, string>> = {
  offer: { en: 'offers and counter-offers', bn: 'দরদামের প্রস্তাব' },
};
