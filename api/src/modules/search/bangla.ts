// Bangla script in a search (issue 25): "স্যামসাং", "আইফোন ১৩", "শাওমি রেডমি নোট ১২". Listings name their phones in
// English, so the words people write in Bangla for brands, models and their parts are given in the Latin spelling
// the search vocabulary (search_terms) knows; typo tolerance then works on that as on anything typed in English, and
// Bangla digits are digits. A Bangla word that is not a phone's name (a place, "ভালো") is searched as written.
import { asciiDigits } from '@phonehaat/shared-api/languages';

/** The Latin word, and the ways people write it in Bangla (the usual spelling first). */
export const spellings: Record<string, string[]> = {
  samsung: ['স্যামসাং', 'স্যামসাঙ', 'স্যামসং', 'সামসাং', 'স্যামস্যাং', 'সামসুং'],
  galaxy: ['গ্যালাক্সি', 'গ্যালাক্সী', 'গেলাক্সি'],
  apple: ['অ্যাপল', 'অ্যাপেল', 'এপল', 'আপেল', 'এ্যাপল', 'এ্যাপেল'],
  iphone: ['আইফোন', 'আইফন'],
  xiaomi: ['শাওমি', 'শাওমী', 'শিয়াওমি', 'জিয়াওমি', 'সাওমি', 'শাওমে'],
  redmi: ['রেডমি', 'রেডমী'],
  poco: ['পোকো'],
  google: ['গুগল', 'গুগোল'],
  pixel: ['পিক্সেল', 'পিক্সল', 'পিকসেল'],
  nokia: ['নোকিয়া', 'নকিয়া', 'নোকিআ', 'নকিআ'],
  motorola: ['মটোরোলা', 'মোটোরোলা', 'মোটরোলা', 'মটরোলা'],
  moto: ['মটো', 'মোটো'],
  // য় typed as one letter (U+09DF) or as য and its dot (U+09AF U+09BC), as keyboards differ: one word to the search.
  oneplus: ['ওয়ানপ্লাস', 'ওয়ানপ্লাস'],
  oppo: ['অপো', 'অপ্পো', 'ওপ্পো', 'ওপো'],
  vivo: ['ভিভো', 'ভিবো', 'ভাইভো'],
  realme: ['রিয়েলমি', 'রিয়েলমী', 'রিলমি', 'রিয়ালমি'],
  huawei: ['হুয়াওয়ে'],
  honor: ['অনার'],
  tecno: ['টেকনো'],
  infinix: ['ইনফিনিক্স'],
  symphony: ['সিম্ফনি'],
  walton: ['ওয়ালটন'],
  note: ['নোট'],
  pro: ['প্রো'],
  max: ['ম্যাক্স'],
  plus: ['প্লাস'],
  ultra: ['আল্ট্রা'],
  mini: ['মিনি'],
  lite: ['লাইট'],
  edge: ['এজ'],
  fold: ['ফোল্ড'],
  flip: ['ফ্লিপ'],
  gb: ['জিবি'],
  // Letters as model names spell them: "গ্যালাক্সি এস২১" is galaxy s21, "এ৫৪" is a54.
  a: ['এ'],
  s: ['এস'],
  fe: ['এফই'],
  se: ['এসই'],
  x: ['এক্স'],
  g: ['জি'],
  c: ['সি'],
  t: ['টি'],
  y: ['ওয়াই'],
  z: ['জেড'],
};

/** A word as the search splits it: composed the same way, joiners (ZWJ, ZWNJ) gone. */
const canonical = (word: string) => word.normalize('NFC').replace(/[^\p{L}\p{M}\p{N}]+/gu, '');

const latinOf = new Map<string, string>();
for (const [latin, written] of Object.entries(spellings)) for (const bangla of written) latinOf.set(canonical(bangla), latin);

const isBangla = (text: string) => /[\u0980-\u09FF]/.test(text);

/** One word of a query in the spelling listings use: Bangla digits as digits, a phone's name in Latin letters. */
export function inLatin(word: string): string {
  const digits = asciiDigits(word);
  if (!isBangla(digits)) return digits;
  // "এস২১" is "এস" then "21": each run of letters is a name or stays as written.
  return (digits.match(/[\p{L}\p{M}]+|[^\p{L}\p{M}]+/gu) ?? [digits]).map((run) => latinOf.get(canonical(run)) ?? run).join('');
}

/** A word still being typed ("স্যাম"): the Latin of the first name it begins, for suggestions; otherwise as inLatin. */
export function typingInLatin(word: string): string {
  const whole = inLatin(word);
  if (!isBangla(whole) || canonical(word).length < 2) return whole;
  const start = canonical(word);
  for (const [bangla, latin] of latinOf) if (bangla.startsWith(start)) return latin;
  return whole;
}
