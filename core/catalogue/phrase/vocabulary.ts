import { FILTER_ITEMS } from '../filter-items.ts';
import { LOCALES } from '#core/i18n/locales.ts';
import { SYNONYMS } from './lexicon.ts';
import { normalize, phrasePattern, START, wordPattern, END } from './text.ts';
import type { Piece, PhraseVocabulary } from './types.ts';

/**
 * The words the site prints, as patterns the parser reads: every choice's and flag's label of the filter's specs in
 * the three languages (so an item another change adds to the registry is read as soon as its specs give its words),
 * the projects' names and aliases, the districts, then the lexicon's synonyms (lexicon.ts).
 */
export type Entry = { re: RegExp; pieces: Piece[]; literal: string | null };

/** Letters every match of a phrase contains (the first letters of its longest word): entries whose letters a query lacks are not run. */
function literalOf(phrase: string): string | null {
  const words = normalize(phrase)
    .trim()
    .split(/[\s\-–,.«»"'’()/]+/)
    .map((word) => (/^[\u3400-\u9fff]/.test(word) ? word.slice(0, 1) : (/^[a-zа-я0-9]+/.exec(word)?.[0] ?? '').slice(0, 4)))
    .sort((a, b) => b.length - a.length);
  const best = words[0] ?? '';
  return best.length >= 2 || /^[\u3400-\u9fff]$/.test(best) ? best : null;
}

/** Items the words do not name: buildings are «Корпус 1» of every project; dates and figures are the grammar's. */
const SKIPPED = new Set(['building']);

/** A name's patterns: the whole name, and its first word alone when that word is distinctive (a stem of five letters: «Липовом», "Linden"; 椴树 of 椴树街区). */
function namePatterns(name: string): string[] {
  const out = [phrasePattern(name)];
  const norm = normalize(name).trim();
  const words = norm.split(/[\s\-–«»"]+/).filter(Boolean);
  if (words.length > 1 && /^[a-zа-я]+$/.test(words[0]!) && words[0]!.length >= 5) out.push(`${START}${wordPattern(words[0]!)}${END}`);
  // Chinese names: the name without its generic tail (街区, 花园, 区): 椴树街区 → 椴树.
  if (/^[\u3400-\u9fff]{3,}$/.test(norm)) {
    const short = norm.replace(/(?:街区|花园|河岸|高地|小区|区)$/, '');
    if (short.length >= 2 && short !== norm) out.push(short);
  }
  return out;
}

export function compileVocabulary(vocabulary: PhraseVocabulary): Entry[] {
  const seen = new Map<string, Entry>();
  const add = (pattern: string, pieces: Piece[], phrase: string | null) => {
    if (!pattern) return;
    const key = `${pattern}\u0000${JSON.stringify(pieces)}`;
    if (!seen.has(key)) seen.set(key, { re: new RegExp(pattern, 'g'), pieces, literal: phrase === null ? null : literalOf(phrase) });
  };
  const registry = new Map(FILTER_ITEMS.map((item) => [item.name, item]));

  for (const locale of LOCALES) {
    for (const spec of vocabulary.specs[locale] ?? []) {
      const item = registry.get(spec.name);
      if (!item || SKIPPED.has(spec.name)) continue;
      if (spec.kind === 'boolean' && item.kind === 'flag') add(phrasePattern(spec.label), [{ item: spec.name, flag: true }], spec.label);
      if (spec.kind !== 'choices' || item.kind !== 'choice') continue;
      for (const choice of spec.choices) {
        // A label of figures («2», «4+», «IV квартал 2027») is the grammar's to read.
        if (!/[a-zа-яё\u3400-\u9fff]/i.test(choice.label) || (spec.name === 'completion' && choice.value !== 'done')) continue;
        const pieces = [{ item: spec.name, values: [choice.value] }];
        for (const pattern of spec.name === 'project' ? namePatterns(choice.label) : [phrasePattern(choice.label)]) add(pattern, pieces, choice.label);
      }
    }
  }
  for (const [project, names] of Object.entries(vocabulary.aliases))
    for (const name of names) add(phrasePattern(name), [{ item: 'project', values: [project] }], name);
  for (const district of vocabulary.districts) {
    const pieces = [{ item: 'project', values: [...district.projects].sort() }];
    for (const name of district.names) for (const pattern of namePatterns(name)) add(pattern, pieces, name);
    // «Останкинский район», "Ostankinsky District": the name alone is read above; a single-word name reads its stem.
    for (const name of district.names)
      if (/^[a-zа-яё-]+$/i.test(name.trim())) add(`${START}${wordPattern(normalize(name.trim()).split('-')[0]!)}${END}`, pieces, name);
  }

  for (const [key, byLocale] of Object.entries(SYNONYMS)) {
    const [name, value] = key.split('=') as [string, string | undefined];
    const item = registry.get(name);
    if (!item) continue;
    const values = value?.split(',');
    if (
      values === undefined
        ? item.kind !== 'flag'
        : item.kind !== 'choice' || (item.values !== null && values.some((v) => !(item.values as readonly string[]).includes(v)))
    )
      continue;
    const pieces: Piece[] = [values === undefined ? { item: name, flag: true } : { item: name, values }];
    for (const locale of LOCALES)
      for (const phrase of byLocale[locale] ?? [])
        add(typeof phrase === 'string' ? phrasePattern(phrase) : phrase.source, pieces, typeof phrase === 'string' ? phrase : null);
  }
  return [...seen.values()];
}
