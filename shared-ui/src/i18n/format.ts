// Numbers, prices and dates in the page's language (issue 25), with Intl: Bangla digits and the Taka sign as
// Bangladeshi sites write them (৳২১,০০০, lakh grouping: ৳১,০০,০০০), English as PhoneHaat always wrote them (Tk 21,000).
import { intlLocale, type Language } from './languages';
import { currentLanguage } from './runtime';

// One formatter per language and options, made once: making an Intl formatter costs a slow phone a millisecond or more,
// and a page of cards asked for dozens of them while hydrating (a long task a tap would wait behind).
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const once = <F>(formats: Map<string, F>, language: Language, options: object, make: (locale: string) => F): F => {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = make(intlLocale(language))));
  return format;
};
/** The language's number formatter with these options (made once). */
export const numberFormat = (language: Language, options: Intl.NumberFormatOptions): Intl.NumberFormat =>
  once(numberFormats, language, options, (locale) => new Intl.NumberFormat(locale, options));
const dateFormat = (language: Language, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat =>
  once(dateFormats, language, options, (locale) => new Intl.DateTimeFormat(locale, options));

/**
 * Makes the formatters a page's cards use, in a task of its own, and then gives the main thread back. The first Intl
 * formatter made for a language loads its data (Bangla's took ~10 ms here, ×4 on a slow phone): called before the app
 * hydrates, so that cost is not part of one long hydration task a tap would wait behind.
 */
export async function warmFormats(language: Language): Promise<void> {
  const task = () => new Promise<void>((resolve) => setTimeout(resolve));
  await task();
  formatTaka(0, language);
  numberFormat(language, { useGrouping: false });
  await task();
}

/** A whole number in the language's digits and grouping: 1234 → "1,234" or "১,২৩৪" (`min2`: grouped from 10,000). */
export const formatNumber = (value: number, language: Language = currentLanguage(), { useGrouping = 'always' }: { useGrouping?: 'always' | 'min2' } = {}): string =>
  numberFormat(language, { maximumFractionDigits: 0, useGrouping }).format(value);

/** A rating to one decimal in the language's digits: 4.8 → "4.8" or "৪.৮". */
export const formatRating = (value: number, language: Language = currentLanguage()): string =>
  numberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);

/** Whole Taka: 12500 → "Tk 12,500" in English, "৳১২,৫০০" in Bangla. */
export const formatTaka = (amount: number, language: Language = currentLanguage()): string =>
  language === 'bn' ? `৳${formatNumber(amount, language)}` : `Tk ${formatNumber(amount, language)}`;

/** Taka in short, for a chart's axis: 40000 → "Tk 40k" in English, "৳৪০ হা" in Bangla; 42500 → "Tk 42.5k". */
export const formatTakaShort = (amount: number, language: Language = currentLanguage()): string => {
  const figure = numberFormat(language, { notation: 'compact', maximumFractionDigits: 1 }).format(amount);
  return language === 'bn' ? `৳${figure}` : `Tk ${figure}`;
};

/** Taka to the poisha, for money that may carry them (a fee, what a seller receives): 12098.1 → "Tk 12,098.10". */
export const formatTakaExact = (amount: number, language: Language = currentLanguage()): string => {
  if (Number.isInteger(amount)) return formatTaka(amount, language);
  const figure = numberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
  return language === 'bn' ? `৳${figure}` : `Tk ${figure}`;
};

/** A percentage as the settings give it: 2 → "2", 2.5 → "2.5" (in the language's digits). */
export const formatPercent = (value: number, language: Language = currentLanguage()): string =>
  numberFormat(language, { maximumFractionDigits: 2 }).format(value);

/** A date (or date and time) in the language's words and digits. */
export const formatDate = (value: Date | string | number, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }, language: Language = currentLanguage()): string =>
  dateFormat(language, language === 'bn' && (options.hour || options.timeStyle) ? { hourCycle: 'h23', ...options } : options).format(new Date(value));

/** A phone number (01XXXXXXXXX) in the reader's digits: Bangla ones on a Bangla page (dialled from its `tel:` link as is). */
export const formatPhoneNumber = (phone: string, language: Language = currentLanguage()): string =>
  language === 'bn' ? phone.replace(/[0-9]/g, (digit) => '০১২৩৪৫৬৭৮৯'[Number(digit)]!) : phone;

export { asciiDigits } from '@phonehaat/shared-api/languages';
