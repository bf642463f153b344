/**
 * Digits as people in Bangladesh type them: a Bangla keyboard types ০১২৩৪৫৬৭৮৯ (U+09E6–U+09EF), and numbers are
 * written with spaces and dashes ("০১৮১১-০০০১১১"). Every schema that takes digits reads them through here, so the
 * browser and the API accept the same text and store Latin digits (the Bangla digits read by languages.ts's
 * asciiDigits, as search does).
 */
import { asciiDigits } from './languages.js';

/** Latin digits, with the spaces and dashes people type between groups taken out. */
export function digitsOf(text: string): string {
  return asciiDigits(text).replace(/[\s\-‐-―]/g, '');
}
