import { paths } from '@phonehaat/shared-api';
import { intlLocale, type Language } from '@phonehaat/shared-api/languages';
import { parcelKindNames, parcelWords } from './parcel-words.ts';
import { offerKindNames, offerWords, type OfferFacts } from './offer-words.ts';
import { moneyKindNames, moneyWords, type MoneyFacts } from './money-words.ts';

/** What an e-mail says: its subject, a plain-text body and the same as simple HTML. */
export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

interface Facts extends MoneyFacts, Omit<OfferFacts, 'role'> {
  productName?: string;
  who?: string;
  reason?: string;
  amount?: number;
  agreed?: boolean;
  role?: 'buyer' | 'seller';
  /** A digest's phones (at most ten), and how many there were in all. */
  phones?: { productId: string; name: string; price: number; searchName: string }[];
  total?: number;
}

/** Whole Taka as whole, money with poisha (what a seller receives after the fee) to the poisha. */
const figure = (value: number | undefined, language: Language) => {
  const digits = Number.isInteger(value ?? 0) ? 0 : 2;
  return new Intl.NumberFormat(intlLocale(language), { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value ?? 0);
};
export const taka = (amount: number | undefined, language: Language) => (language === 'bn' ? `৳${figure(amount, language)}` : `Tk ${figure(amount, language)}`);

type Lines = { subject: string; lines: string[]; action: string; items?: { text: string; path: string }[] };

/** The digest's phones, each with its own link. */
const phoneItems = (f: Facts, language: Language) =>
  (f.phones ?? []).map((phone) => ({ text: `${phone.name} — ${taka(phone.price, language)} (${phone.searchName})`, path: paths.product(phone.productId) }));

/** Each kind's words, in each language. What people typed (a phone's name, a reason) is quoted as typed. */
const words: Record<string, Record<Language, (facts: Facts) => Lines>> = {
  // The price booked at (issue 65): the agreed one when the seller accepted an offer; absent in e-mails queued before it.
  booked: {
    en: (f) => ({
      subject: `${f.who} booked your ${f.productName}`,
      lines: [
        `${f.who} booked your ${f.productName}${f.amount === undefined ? '' : f.agreed ? ` at ${taka(f.amount, 'en')}, the price you agreed` : ` at ${taka(f.amount, 'en')}`}. Their phone number and meeting place are in My Product.`,
      ],
      action: 'See the booking',
    }),
    bn: (f) => ({
      subject: `${f.who} আপনার ${f.productName} বুক করেছেন`,
      lines: [
        `${f.who} আপনার ${f.productName} ${f.amount === undefined ? '' : f.agreed ? `আপনার মেনে নেওয়া দামে (${taka(f.amount, 'bn')}) ` : `${taka(f.amount, 'bn')}-এ `}বুক করেছেন। তাঁর ফোন নম্বর ও দেখা করার জায়গা "আমার পণ্য"-তে আছে।`,
      ],
      action: 'বুকিংটি দেখুন',
    }),
  },
  paid: {
    en: (f) =>
      f.role === 'seller'
        ? { subject: `${f.productName} is paid for: ${taka(f.amount, 'en')}`, lines: [`The buyer paid ${taka(f.amount, 'en')} for your ${f.productName}. It is marked sold.`, 'PhoneHaat holds the payment until the handover: when you meet, the buyer checks the phone and tells you a six-digit code to enter in My Product.'], action: 'See your listings' }
        : { subject: `Your payment for ${f.productName} went through`, lines: [`You paid ${taka(f.amount, 'en')} for ${f.productName}. PhoneHaat holds it until you have the phone: meet the seller as agreed, check the phone, then confirm in My Orders or tell the seller your handover code (it is in My Orders).`], action: 'See your orders' },
    bn: (f) =>
      f.role === 'seller'
        ? { subject: `${f.productName}-এর দাম পরিশোধ হয়েছে: ${taka(f.amount, 'bn')}`, lines: [`ক্রেতা আপনার ${f.productName}-এর জন্য ${taka(f.amount, 'bn')} পরিশোধ করেছেন। এটি বিক্রি হয়েছে বলে চিহ্নিত।`, 'হাতবদল পর্যন্ত PhoneHaat টাকা জমা রাখে: দেখা হলে ক্রেতা ফোন দেখে আপনাকে ছয় অঙ্কের একটি কোড বলবেন, যা "আমার পণ্য"-তে দেবেন।'], action: 'আপনার বিজ্ঞাপন দেখুন' }
        : { subject: `${f.productName}-এর পেমেন্ট সম্পন্ন হয়েছে`, lines: [`আপনি ${f.productName}-এর জন্য ${taka(f.amount, 'bn')} পরিশোধ করেছেন। ফোন হাতে না পাওয়া পর্যন্ত PhoneHaat টাকা জমা রাখে: কথামতো বিক্রেতার সঙ্গে দেখা করুন, ফোন দেখে নিন, তারপর "আমার অর্ডার"-এ নিশ্চিত করুন বা বিক্রেতাকে হাতবদল কোডটি বলুন (কোডটি "আমার অর্ডার"-এ আছে)।`], action: 'আপনার অর্ডার দেখুন' },
  },
  released: {
    en: (f) =>
      f.role === 'seller'
        ? { subject: `${taka(f.amount, 'en')} for ${f.productName} is yours`, lines: [`The payment for your ${f.productName} is released to you: ${taka(f.amount, 'en')} after PhoneHaat's fee.`], action: 'See your listings' }
        : { subject: `The seller of ${f.productName} is paid`, lines: [`Your payment for ${f.productName} went to its seller. Thank you for buying on PhoneHaat.`], action: 'See your orders' },
    bn: (f) =>
      f.role === 'seller'
        ? { subject: `${f.productName}-এর ${taka(f.amount, 'bn')} এখন আপনার`, lines: [`আপনার ${f.productName}-এর পেমেন্ট আপনাকে দেওয়া হয়েছে: PhoneHaat-এর ফি বাদে ${taka(f.amount, 'bn')}।`], action: 'আপনার বিজ্ঞাপন দেখুন' }
        : { subject: `${f.productName}-এর বিক্রেতা টাকা পেয়েছেন`, lines: [`${f.productName}-এর জন্য আপনার পেমেন্ট বিক্রেতার কাছে গেছে। PhoneHaat-এ কেনার জন্য ধন্যবাদ।`], action: 'আপনার অর্ডার দেখুন' },
  },
  'sold-elsewhere': {
    en: (f) => ({ subject: `${f.productName} was sold to another buyer`, lines: [`Sorry: the ${f.productName} you booked was sold to another buyer. Nothing was taken from you.`], action: 'See your orders' }),
    bn: (f) => ({ subject: `${f.productName} অন্য ক্রেতার কাছে বিক্রি হয়েছে`, lines: [`দুঃখিত: আপনার বুক করা ${f.productName} অন্য একজন ক্রেতার কাছে বিক্রি হয়েছে। আপনার কাছ থেকে কিছু নেওয়া হয়নি।`], action: 'আপনার অর্ডার দেখুন' }),
  },
  'listing-removed': {
    en: (f) => ({ subject: `${f.productName} is no longer on PhoneHaat`, lines: [`The ${f.productName} you booked was removed by PhoneHaat, and your booking cancelled.`], action: 'See your orders' }),
    bn: (f) => ({ subject: `${f.productName} আর ফোনহাটে নেই`, lines: [`আপনার বুক করা ${f.productName} ফোনহাট সরিয়ে দিয়েছে, আর আপনার বুকিং বাতিল হয়েছে।`], action: 'আপনার অর্ডার দেখুন' }),
  },
  'saved-search': {
    en: (f) => ({
      subject: `${f.total === 1 ? '1 new phone' : `${f.total} new phones`} for your saved searches`,
      lines: [`New on PhoneHaat since yesterday, for your saved searches:`],
      items: phoneItems(f, 'en'),
      action: (f.total ?? 0) > (f.phones?.length ?? 0) ? `See all ${f.total} in your notifications` : 'See your notifications',
    }),
    bn: (f) => ({
      subject: `আপনার সংরক্ষিত খোঁজে ${figure(f.total, 'bn')}টি নতুন ফোন`,
      lines: ['গতকাল থেকে ফোনহাটে নতুন, আপনার সংরক্ষিত খোঁজের জন্য:'],
      items: phoneItems(f, 'bn'),
      action: 'আপনার নোটিফিকেশন দেখুন',
    }),
  },
  ...moneyWords(taka),
  ...parcelWords,
  ...offerWords(taka),
  'your-listing-removed': {
    en: (f) => ({ subject: `PhoneHaat removed your ${f.productName}`, lines: [`PhoneHaat removed your listing ${f.productName}.`, `The reason: ${f.reason}`], action: 'See your listings' }),
    bn: (f) => ({ subject: `ফোনহাট আপনার ${f.productName} সরিয়ে দিয়েছে`, lines: [`ফোনহাট আপনার বিজ্ঞাপন ${f.productName} সরিয়ে দিয়েছে।`, `কারণ: ${f.reason}`], action: 'আপনার বিজ্ঞাপন দেখুন' }),
  },
};

const footer: Record<Language, (kindName: string) => string> = {
  en: (kind) => `You get this because e-mails about ${kind} are on. Unsubscribe in one click:`,
  bn: (kind) => `"${kind}" বিষয়ে ইমেইল চালু আছে বলে আপনি এটি পাচ্ছেন। এক ক্লিকে বন্ধ করুন:`,
};
export const kindNames: Record<string, Record<Language, string>> = {
  booked: { en: 'bookings of your phones', bn: 'আপনার ফোনের বুকিং' },
  paid: { en: 'payments', bn: 'পেমেন্ট' },
  released: { en: 'payments released to sellers', bn: 'বিক্রেতাকে টাকা দেওয়া' },
  'sold-elsewhere': { en: 'phones you booked being sold to others', bn: 'বুক করা ফোন অন্যের কাছে বিক্রি' },
  'listing-removed': { en: 'phones you booked being removed', bn: 'বুক করা ফোন সরানো' },
  'your-listing-removed': { en: 'your listings being removed', bn: 'আপনার বিজ্ঞাপন সরানো' },
  'saved-search': { en: 'new phones for your saved searches', bn: 'সংরক্ষিত খোঁজের নতুন ফোন' },
  ...moneyKindNames,
  ...parcelKindNames,
  ...offerKindNames,
};

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The e-mail for a notification, or undefined for a kind that is not e-mailed. */
/** A kind's subject and first line: what a push says of it (api/src/push/words.ts). */
export function headline(kind: string, facts: Facts, language: Language): { subject: string; line: string } | undefined {
  const write = words[kind]?.[language];
  if (!write) return undefined;
  const { subject, lines } = write(facts);
  return { subject, line: lines[0] ?? '' };
}

export function renderEmail(
  kind: string,
  facts: Facts,
  language: Language,
  links: { open: string; unsubscribe: string; to(path: string): string },
): EmailContent | undefined {
  const write = words[kind]?.[language];
  if (!write) return undefined;
  const { subject, lines, action, items = [] } = write(facts);
  const kindName = kindNames[kind]?.[language] ?? kind;
  const text = [...lines, ...items.map((item) => `- ${item.text}: ${links.to(item.path)}`), '', `${action}: ${links.open}`, '', '—', footer[language](kindName), links.unsubscribe].join('\n');
  const html =
    `<!doctype html><html lang="${language}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">` +
    lines.map((line) => `<p>${escape(line)}</p>`).join('') +
    (items.length ? `<ul>${items.map((item) => `<li><a href="${escape(links.to(item.path))}">${escape(item.text)}</a></li>`).join('')}</ul>` : '') +
    `<p><a href="${escape(links.open)}" style="color:#0d7a5f;font-weight:600">${escape(action)}</a></p>` +
    `<hr><p style="font-size:12px;color:#6b7280">${escape(footer[language](kindName))} <a href="${escape(links.unsubscribe)}">${language === 'bn' ? 'আনসাবস্ক্রাইব' : 'Unsubscribe'}</a></p>` +
    '</body></html>';
  return { subject, text, html };
}
