/**
 * Digits as people in Bangladesh type them: a Bangla keyboard types ০১২৩৪৫৬৭৮৯ (U+09E6–U+09EF), and numbers are
 * written with spaces and dashes ("০১৮১১-০০০১১১"). Every schema that takes digits reads them through here, so the
 * browser and the API accept the same text and store Latin digits.
 */
const BANGLA_ZERO = 0x09e6;

/** The text with each Bangla digit replaced by its Latin digit; everything else kept. */
export function latinDigits(text: string): string {
  return text.replace(/[০-৯]/g, (digit) => String(digit.charCodeAt(0) - BANGLA_ZERO));
}

/** Latin digits, with the spaces and dashes people type between groups taken out. */
export function digitsOf(text: string): string {
  return latinDigits(text).replace(/[\s\-‐-―]/g, '');
}

/**
 * A Bangladeshi mobile number as typed (`+880 1811-000111`, `8801811000111`, `০১৮১১০০০১১১`) in its national form
 * (`01811000111`), or undefined when it is not one (11 digits, 013–019).
 */
export function bangladeshMobile(text: string): string | undefined {
  const digits = digitsOf(text).replace(/^\+?880/, '0');
  return /^01[3-9]\d{8}$/.test(digits) ? digits : undefined;
}
