// The courier's zone for an address (issue 66): before, every parcel went with its city's first zone whatever the area
// the buyer typed. The area is matched against the courier's zone list for the district, in English or in Bangla
// (read in Latin letters, as the zone names are written), forgiving a spelling; no match is the district's own town
// (its "Sadar" zone), and only then the first.

export interface Zone {
  id: number;
  name: string;
}

/** Bangla letters as they are usually written in Latin (enough to compare place names, not to transliterate prose). */
const LATIN: Record<string, string> = {
  অ: 'o', আ: 'a', ই: 'i', ঈ: 'i', উ: 'u', ঊ: 'u', ঋ: 'ri', এ: 'e', ঐ: 'oi', ও: 'o', ঔ: 'ou',
  ক: 'k', খ: 'kh', গ: 'g', ঘ: 'gh', ঙ: 'ng', চ: 'ch', ছ: 'chh', জ: 'j', ঝ: 'jh', ঞ: 'n', ট: 't', ঠ: 'th', ড: 'd', ঢ: 'dh', ণ: 'n',
  ত: 't', থ: 'th', দ: 'd', ধ: 'dh', ন: 'n', প: 'p', ফ: 'f', ব: 'b', ভ: 'bh', ম: 'm', য: 'j', র: 'r', ল: 'l', শ: 'sh', ষ: 'sh', স: 's',
  হ: 'h', ৎ: 't', 'ং': 'ng', 'ঃ': 'h', 'ঁ': '',
  'া': 'a', 'ি': 'i', 'ী': 'i', 'ু': 'u', 'ূ': 'u', 'ৃ': 'ri', 'ে': 'e', 'ৈ': 'oi', 'ো': 'o', 'ৌ': 'ou', '্': '',
};
const CONSONANT = /[কখগঘঙচছজঝঞটঠডঢণতথদধনপফবভমযরলশষসহ]/;
/** ড়, ঢ় and য়: a letter and a dot below (U+09BC), even normalised (or precomposed): read as r, r and y. */
const DOTTED: [RegExp, string][] = [
  [/\u09A1\u09BC|\u09DC/g, 'র'],
  [/\u09A2\u09BC|\u09DD/g, 'র'],
  [/\u09AF\u09BC|\u09DF/g, 'ই'],
];
const SIGN = /[ািীুূৃেৈোৌ্ঁংঃ]/;

/**
 * Bangla in Latin letters. Where a consonant's unwritten vowel is said is hard to know (মিরপুর is "mirpur", মতিঝিল
 * "motijheel"), so both readings are made: with it between two consonants, and without.
 */
export function latinOf(text: string, { inherent = false } = {}): string {
  const chars = [...DOTTED.reduce((written, [dotted, plain]) => written.replace(dotted, plain), text.normalize('NFC'))];
  return chars
    .map((char, index) => {
      const latin = LATIN[char] ?? char;
      const next = chars[index + 1];
      return inherent && CONSONANT.test(char) && next !== undefined && CONSONANT.test(next) ? `${latin}o` : latin;
    })
    .join('')
    .replace(new RegExp(SIGN, 'g'), '');
}

/** How a name sounds, spelt one way: lowercase letters, o and a alike, ee and oo as i and u, no doubled letters. */
const sounds = (latin: string) =>
  latin
    .toLowerCase()
    .replace(/[^a-z]/g, '')
    .replace(/ee/g, 'i')
    .replace(/oo/g, 'u')
    .replace(/o/g, 'a')
    .replace(/(.)\1+/g, '$1');

/** A word's ways of sounding: the Latin as typed, or Bangla read both ways. */
const readings = (word: string) => [...new Set([sounds(latinOf(word)), sounds(latinOf(word, { inherent: true }))])].filter((reading) => reading.length >= 3);

/** How alike two words are, 0–1 (Dice's coefficient of their letter pairs). */
function alike(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length < 2 || b.length < 2) return 0;
  const pairs = (word: string) => Array.from({ length: word.length - 1 }, (_, i) => word.slice(i, i + 2));
  const left = pairs(a);
  const right = pairs(b);
  let shared = 0;
  for (const pair of left) {
    const at = right.indexOf(pair);
    if (at >= 0) {
      shared += 1;
      right.splice(at, 1);
    }
  }
  return (2 * shared) / (left.length + pairs(b).length);
}

/** The zone an area is in: the best match of its words with a zone's name (0.75 alike at least), else the town's, else the first. */
export function zoneFor(area: string, zones: Zone[]): Zone | undefined {
  const words = area.split(/[\s,.\-/]+/).flatMap(readings);
  let best: { zone: Zone; score: number } | undefined;
  for (const zone of zones) {
    const name = sounds(zone.name.replace(/\b(sadar|upazilas?|city|thana)\b/gi, ''));
    if (!name) continue;
    const score = Math.max(0, ...words.map((word) => (word.includes(name) || name.includes(word) ? Math.min(word.length, name.length) / Math.max(word.length, name.length) + 0.5 : alike(word, name))));
    if (!best || score > best.score) best = { zone, score };
  }
  if (best && best.score >= 0.75) return best.zone;
  return zones.find((zone) => /\bsadar\b/i.test(zone.name)) ?? zones[0];
}
