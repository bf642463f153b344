// From what a person typed to a PostgreSQL tsquery, tolerant of typos: each word is looked up in the
// vocabulary of listing words (search_terms, trigram-indexed) and, when it is not a word we know, the
// nearest known word is added as an alternative. Words written in Bangla are first given in the spelling listings
// use (bangla.ts). Pure functions; the lookup is passed in.
import { inLatin, typingInLatin } from './bangla.ts';

/** The most words of a query that are searched; the rest are ignored. */
export const MAX_WORDS = 8;

/**
 * The words of a query as typed, split exactly as the database splits a listing (search_text() in
 * migrations/0002_search.sql): ASCII punctuation is a space, case does not matter. Only letters, marks
 * and digits remain, so a word can never carry tsquery or LIKE syntax.
 */
export function typedWords(q: string): string[] {
  return q
    .normalize('NFC')
    .toLowerCase()
    .replace(/[!-/:-@[-`{-~]+/g, ' ')
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}\p{M}\p{N}]+/gu, ''))
    .filter((word) => word.length > 0 && word.length <= 60)
    .slice(0, MAX_WORDS);
}

/** The words of a query still being typed, for suggestions: the last may be the start of a name written in Bangla. */
export function typingWords(q: string): string[] {
  const words = typedWords(q);
  return words.map((word, i) => (i === words.length - 1 ? typingInLatin(word) : inLatin(word)));
}

/** What the vocabulary knows of a word. */
export interface TermInfo {
  /** The word is a listing word. */
  exact: boolean;
  /** Some listing word starts with it (a word still being typed, "iphon", or "128" of "128gb"). */
  prefix: boolean;
  /** The nearest listing word by trigram similarity, if any is near enough. */
  correction?: string | undefined;
}
export type VocabularyLookup = (candidates: string[]) => Promise<Map<string, TermInfo>>;

export interface TextQuery {
  /** For to_tsquery('simple', …). */
  tsquery: string;
  /** The words as searched, when a typo was corrected or a word split ("samsung galaxy"). */
  interpretedAs?: string;
}

const isLetters = (word: string) => /^[\p{L}\p{M}]+$/u.test(word);
const isDigits = (word: string) => /^\p{N}+$/u.test(word);
/** "note13" → ["note", "13"]; a word of one kind stays whole. */
const splitLettersAndDigits = (word: string) => word.match(/[\p{L}\p{M}]+|\p{N}+/gu) ?? [word];

/** Every string the vocabulary is asked about: the words, their letter/digit parts, and letter+number pairs. */
export function candidatesOf(words: string[]): string[] {
  const candidates = new Set(words);
  words.forEach((word, i) => {
    splitLettersAndDigits(word).forEach((part) => candidates.add(part));
    const next = words[i + 1];
    if (next && isLetters(word) && isDigits(next)) candidates.add(word + next);
  });
  return [...candidates];
}

export async function buildTextQuery(q: string, lookup: VocabularyLookup): Promise<TextQuery | undefined> {
  const typedAs = typedWords(q);
  const words = typedAs.map(inLatin);
  if (words.length === 0) return undefined;
  // A word given in Latin is also searched as written, for the listings named in Bangla.
  const written = (i: number) => (typedAs[i] !== words[i] && isLetters(typedAs[i]!) ? typedAs[i] : undefined);
  const vocabulary = await lookup([...candidatesOf(words), ...typedAs.filter((_, i) => written(i))]);
  const info = (word: string): TermInfo => vocabulary.get(word) ?? { exact: false, prefix: false };
  // A known word matches itself; anything else matches as a prefix (a word still being typed, "128" of "128gb").
  const term = (word: string) => (info(word).exact ? word : `${word}:*`);

  const groups: string[] = [];
  const searched: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const next = words[i + 1];
    // "s 21" or "note 13" written apart: also the joined word, when listings use it ("s21").
    if (next && isLetters(word) && isDigits(next) && info(word + next).exact) {
      groups.push(`((${term(word)} & ${term(next)}) | ${word + next})`);
      searched.push(word, next);
      i++;
      continue;
    }
    const alternatives = [term(word)];
    const asWritten = written(i);
    if (asWritten) alternatives.push(term(asWritten));
    let as = word;
    const known = info(word);
    if (!known.exact && !known.prefix) {
      const parts = splitLettersAndDigits(word);
      if (parts.length > 1) {
        // "note13" is "note 13".
        alternatives.push(`(${parts.map(term).join(' & ')})`);
        as = parts.join(' ');
      } else if (known.correction && !isDigits(word) && word.length >= 3) {
        // "samsng" is "samsung": the nearest listing word (numbers are never "corrected").
        alternatives.push(known.correction);
        as = known.correction;
      }
    }
    groups.push(alternatives.length > 1 ? `(${alternatives.join(' | ')})` : alternatives[0]!);
    searched.push(as);
  }
  const interpretedAs = searched.join(' ');
  // Said when a word was corrected, split, or written in Bangla ("আইফোন ১৩" is searched as "iphone 13").
  return { tsquery: groups.join(' & '), ...(interpretedAs !== typedAs.join(' ') ? { interpretedAs } : {}) };
}

/** An area or a city as typed ("Mirpur 10") → every word starts a word of the listing's location. */
export function locationQuery(location: string | undefined): string | undefined {
  const words = typedWords(location ?? '');
  return words.length ? words.map((word) => `${word}:*`).join(' & ') : undefined;
}
