import type { Language } from '@phonehaat/shared-api/languages';
import type { ParcelStatus } from '@phonehaat/shared-api';

/** What a parcel's e-mail needs (issue 45). */
export interface ParcelFacts {
  productName?: string;
  role?: 'buyer' | 'seller';
  step?: ParcelStatus;
}
type Lines = { subject: string; lines: string[]; action: string };

const steps: Record<ParcelStatus, Record<Language, string>> = {
  booked: { en: 'is booked with the courier', bn: 'কুরিয়ারে বুক হয়েছে' },
  'picked-up': { en: 'was picked up by the courier', bn: 'কুরিয়ার সংগ্রহ করেছে' },
  'in-transit': { en: 'is on its way', bn: 'পথে আছে' },
  'out-for-delivery': { en: 'is out for delivery', bn: 'ডেলিভারির জন্য বেরিয়েছে' },
  returning: { en: 'could not be delivered and is going back', bn: 'ডেলিভারি হয়নি, ফেরত যাচ্ছে' },
  delivered: { en: 'was delivered', bn: 'ডেলিভারি হয়েছে' },
  returned: { en: 'came back to the seller', bn: 'বিক্রেতার কাছে ফেরত গেছে' },
};
const step = (f: ParcelFacts, language: Language) => steps[f.step ?? 'booked'][language];

/** A courier parcel's steps, to its buyer and its seller, in each language. */
export const parcelWords: Record<string, Record<Language, (facts: ParcelFacts) => Lines>> = {
  parcel: {
    en: (f) =>
      f.role === 'seller'
        ? { subject: `The ${f.productName} you sent ${step(f, 'en')}`, lines: [`The parcel with your ${f.productName} ${step(f, 'en')}.`], action: 'See your listings' }
        : { subject: `Your ${f.productName} ${step(f, 'en')}`, lines: [`The parcel with the ${f.productName} you bought ${step(f, 'en')}.`, 'Open it at the door and check the phone before you pay or accept it.'], action: 'See your orders' },
    bn: (f) =>
      f.role === 'seller'
        ? { subject: `আপনার পাঠানো ${f.productName} ${step(f, 'bn')}`, lines: [`আপনার ${f.productName}-এর পার্সেল ${step(f, 'bn')}।`], action: 'আপনার বিজ্ঞাপন দেখুন' }
        : { subject: `আপনার ${f.productName} ${step(f, 'bn')}`, lines: [`আপনার কেনা ${f.productName}-এর পার্সেল ${step(f, 'bn')}।`, 'দরজায় পার্সেল খুলে ফোনটি দেখে নিন, তারপর টাকা দিন বা গ্রহণ করুন।'], action: 'আপনার অর্ডার দেখুন' },
  },
};
export const parcelKindNames: Record<string, Record<Language, string>> = {
  parcel: { en: 'phones you bought or sold by courier', bn: 'কুরিয়ারে কেনা বা বেচা ফোন' },
};
