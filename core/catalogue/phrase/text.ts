/**
 * The text the grammar reads: the query lower-cased, «ё» read as «е», dashes as `-`, no-break and thin spaces as
 * spaces, full-width digits, letters and signs (a Chinese keyboard's `２ＢＲ`, `＄`) as ASCII. Every change keeps the
 * length, so a match's offsets are the offsets of the visitor's own words (what the chips show back).
 */
export function normalize(text: string): string {
  const lower = text.toLowerCase();
  // Lower-casing keeps the length of every letter a query may hold but a few (İ): those are lowered one by one.
  const base = lower.length === text.length ? lower : Array.from(text, (ch) => (ch.toLowerCase().length === ch.length ? ch.toLowerCase() : ch)).join('');
  return base.replace(/[ё\u2010-\u2015\u2212\u00a0\u2007\u2009\u202f\u3000\uff01-\uff5e]/g, (ch) => {
    if (ch === 'ё') return 'е';
    const code = ch.charCodeAt(0);
    if (code >= 0xff01) return String.fromCharCode(code - 0xfee0).toLowerCase();
    return code >= 0x2010 && code <= 0x2212 && code !== 0x202f ? '-' : ' ';
  });
}

/** No Latin or Cyrillic letter nor digit before: the start of a word in a Russian or English query (Chinese has no spaces). */
export const START = '(?<![a-zа-я0-9])';
/** No Latin or Cyrillic letter nor digit after: the end of a word. */
export const END = '(?![a-zа-я0-9])';
/** The rest of a Latin or Cyrillic word (its ending: «двушк|у», «этаж|а»). */
export const REST = '[a-zа-я]*';

export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const CYRILLIC = /[а-я]/;
const LATIN = /[a-z]/;
/** Russian endings a stem drops (adjectives, nouns), longest first: «Останкинский» → «останкин». */
const RU_ENDING = /(?:ского|скими|ская|ское|ские|ский|ской|ском|ого|его|ому|ему|ыми|ими|ая|яя|ое|ее|ые|ие|ый|ий|ой|ом|ем|ую|юю|ам|ям|ах|ях|а|я|о|е|ы|и|у|ю|ь)$/;
/** English endings a stem drops: "Ostankinsky" → "ostankin", "spaces" → "spac". */
const EN_ENDING = /(?:skiy|skaya|sky|ies|es|s|ed|ing|e|y|o|a|i)$/;

/**
 * A word as a pattern that accepts its other forms: a Russian or English word of five letters or more is cut to its
 * stem (at least four letters kept) and takes any ending («Липовый» reads «Липовом», «Останкинский» reads
 * «Останкино»); shorter words, numbers and Chinese are taken as written.
 */
export function wordPattern(word: string): string {
  const ru = CYRILLIC.test(word);
  const en = !ru && LATIN.test(word);
  if ((!ru && !en) || word.length < 5 || /[^a-zа-я]/.test(word)) return escapeRegExp(word);
  const stem = word.replace(ru ? RU_ENDING : EN_ENDING, '');
  return escapeRegExp(stem.length >= 4 ? stem : word.slice(0, 4)) + REST;
}

/**
 * A phrase (a catalog's label, a synonym, a project's name) as a pattern: its words in order, each in any form,
 * spaces or hyphens between them optional («машино-место», «машиноместо», «машино место»), whole words at the ends.
 */
export function phrasePattern(phrase: string): string {
  const words = normalize(phrase)
    .split(/[\s\-–,.«»"'’()/]+/)
    .filter(Boolean);
  if (!words.length) return '';
  const body = words.map(wordPattern).join('[\\s-]*');
  const first = words[0]!;
  const last = words[words.length - 1]!;
  const latinOrCyrillic = (w: string) => /^[a-zа-я0-9]/.test(w);
  return `${latinOrCyrillic(first) ? START : ''}${body}${/[a-zа-я0-9]$/.test(last) ? END : ''}`;
}
