/**
 * Digits as people in Bangladesh type them: a Bangla keyboard types ০১২৩৪৫৬৭৮৯ (U+09E6–U+09EF), and numbers are
 * written with spaces and dashes ("০১৮১১-০০০১১১"). Every schema that takes digits reads them through here, so the
 * browser and the API accept the same text and store Latin digits (the Bangla digits read by languages.ts's
 * asciiDigits, as search does).
 */
import { asciiDigits } from './languages.ts';

/** Latin digits, with the spaces and dashes people type between groups taken out. */
export function digitsOf(text: string): string {
  return asciiDigits(text).replace(/[\s\-‐-―]/g, '');
}

/**
 * An amount of taka as people type it ("21,000", "২১,০০০", "Tk 21 000", "৳২১০০০", "21000/-"): a number, or
 * undefined when nothing was typed; NaN when what was typed is not an amount (the schema then says how to write one).
 */
export function amountOf(text: string): number | undefined {
  if (/^\s*[-−]/.test(text)) return Number.NaN; // a negative amount, not a dash between groups
  const bare = digitsOf(text)
    .replace(/^(tk\.?|৳|টাকা)|(tk\.?|৳|টাকা|\/)$/gi, '')
    .replace(/[,٬]/g, '');
  if (bare === '') return text.trim() === '' ? undefined : Number.NaN;
  return /^\d+(\.\d+)?$/.test(bare) ? Number(bare) : Number.NaN;
}
