// What a message says once the tricks that dodge a rule are undone (issue 70): the same letters however they were typed.

/** Invisible characters that split a word for a rule but not for a reader (zero-width spaces and joiners, soft hyphens). */
const INVISIBLE = /[\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\uFEFF]/g;

/** Letters of other scripts that look like Latin ones (Cyrillic, Greek), as a dodge types them: "сode", "ΟΤΡ". */
const LOOKALIKES: Record<string, string> = {
  а: 'a', в: 'b', е: 'e', ё: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x', і: 'i', ј: 'j', ѕ: 's', ԁ: 'd', ԛ: 'q', ԝ: 'w',
  α: 'a', β: 'b', ε: 'e', η: 'n', ι: 'i', κ: 'k', μ: 'm', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x', γ: 'y', ω: 'w',
};
const LOOKALIKE = new RegExp(`[${Object.keys(LOOKALIKES).join('')}]`, 'g');

/** Bangla digits, as Latin ones: "০১৭১২" is a number as "01712" is. */
const BANGLA_DIGIT = /[০-৯]/g;

/** Digits broken by spaces, dots, dashes or slashes ("017 12.34-56 78"), joined: a number read as the reader reads it. */
const BROKEN_NUMBER = /(\d)[\s.\-_/,]{1,3}(?=\d)/g;

export interface Normalized {
  /** The words: lower case, compatibility forms folded (𝐜𝐨𝐝𝐞, ｃｏｄｅ), lookalikes and invisibles undone, spaces single. */
  text: string;
  /** The same, with broken numbers joined: for phone numbers and amounts. */
  joined: string;
}

/** A message as the rules read it (never what is stored or shown). */
export function normalize(message: string): Normalized {
  const text = message
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .toLowerCase()
    .replace(LOOKALIKE, (letter) => LOOKALIKES[letter] ?? letter)
    .replace(BANGLA_DIGIT, (digit) => String(digit.charCodeAt(0) - 0x09e6))
    .replace(/\s+/g, ' ')
    .trim();
  return { text, joined: text.replace(BROKEN_NUMBER, '$1') };
}
