// Numbers, prices and dates in the page's language (issue 25), with Intl: Bangla digits and the Taka sign as
// Bangladeshi sites write them (৳২১,০০০, lakh grouping: ৳১,০০,০০০), English as PhoneHaat always wrote them (Tk 21,000).
import { intlLocale, type Language } from './languages';
import { currentLanguage } from './runtime';

const numberFormats = new Map<string, Intl.NumberFormat>();
const numberFormat = (language: Language, useGrouping: 'always' | 'min2') => {
  const key = `${language}|${useGrouping}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: 0, useGrouping })));
  return format;
};

/** A whole number in the language's digits and grouping: 1234 → "1,234" or "১,২৩৪" (`min2`: grouped from 10,000). */
export const formatNumber = (value: number, language: Language = currentLanguage(), { useGrouping = 'always' }: { useGrouping?: 'always' | 'min2' } = {}): string =>
  numberFormat(language, useGrouping).format(value);

/** A rating to one decimal in the language's digits: 4.8 → "4.8" or "৪.৮". */
export const formatRating = (value: number, language: Language = currentLanguage()): string =>
  new Intl.NumberFormat(intlLocale(language), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);

/** Whole Taka: 12500 → "Tk 12,500" in English, "৳১২,৫০০" in Bangla. */
export const formatTaka = (amount: number, language: Language = currentLanguage()): string =>
  language === 'bn' ? `৳${formatNumber(amount, language)}` : `Tk ${formatNumber(amount, language)}`;

/** Taka to the poisha, for money that may carry them (a fee, what a seller receives): 12098.1 → "Tk 12,098.10". */
export const formatTakaExact = (amount: number, language: Language = currentLanguage()): string => {
  if (Number.isInteger(amount)) return formatTaka(amount, language);
  const figure = new Intl.NumberFormat(intlLocale(language), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
  return language === 'bn' ? `৳${figure}` : `Tk ${figure}`;
};

/** A percentage as the settings give it: 2 → "2", 2.5 → "2.5" (in the language's digits). */
export const formatPercent = (value: number, language: Language = currentLanguage()): string =>
  new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: 2 }).format(value);

/** A date (or date and time) in the language's words and digits. */
export const formatDate = (value: Date | string | number, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }, language: Language = currentLanguage()): string =>
  new Intl.DateTimeFormat(intlLocale(language), language === 'bn' && (options.hour || options.timeStyle) ? { hourCycle: 'h23', ...options } : options).format(new Date(value));

/** A phone number (01XXXXXXXXX) in the reader's digits: Bangla ones on a Bangla page (dialled from its `tel:` link as is). */
export const formatPhoneNumber = (phone: string, language: Language = currentLanguage()): string =>
  language === 'bn' ? phone.replace(/[0-9]/g, (digit) => '০১২৩৪৫৬৭৮৯'[Number(digit)]!) : phone;

export { asciiDigits } from '@phonehaat/shared-api/languages';
