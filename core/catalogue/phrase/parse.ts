import { FILTER_ITEMS } from '../filter-items.ts';
import { serializeLotFilter } from '../filter.ts';
import type { LotFilter } from '../filter-items.ts';
import { GRAMMAR, type Reading, type RuleContext } from './grammar.ts';
import { STOP_WORDS } from './lexicon.ts';
import { normalize } from './text.ts';
import { compileVocabulary, type Entry } from './vocabulary.ts';
import type { IgnoredReason, Piece, PhraseOptions, PhraseResult, PhraseVocabulary } from './types.ts';

/**
 * A query as a buyer types it («двушка до 15 млн с отделкой, не первый этаж, сдача в 2027»; "2BR under $200k";
 * 两居室 1500万以下) turned into the lot filter, pure and synchronous: the grammar's rules (grammar.ts) and the site's
 * words (vocabulary.ts) each propose what a stretch of the text means; where proposals overlap the longest wins
 * («не первый этаж» over «этаж», «на сосновый парк» over «сосновый»); what is left is reported as not understood.
 */

type Candidate = { start: number; end: number; order: number; reading: Exclude<Reading, null> };

const compiled = new WeakMap<PhraseVocabulary, Entry[]>();
function entriesOf(vocabulary: PhraseVocabulary): Entry[] {
  let entries = compiled.get(vocabulary);
  if (!entries) compiled.set(vocabulary, (entries = compileVocabulary(vocabulary)));
  return entries;
}

const STOPS = new Set(Object.values(STOP_WORDS).flat());
const ZH_STOPS = [...STOP_WORDS.zh].sort((a, b) => b.length - a.length);
/** Glue a kept Chinese run loses at its edges; nouns (房 of 学区房) stay with the words they end. */
const ZH_EDGE_STOPS = ZH_STOPS.filter((word) => /^[\u3400-\u9fff]/.test(word) && !['房', '套', '个', '间', '房子', '房源'].includes(word));
const ITEMS = new Map(FILTER_ITEMS.map((item) => [item.name, item]));

/** Offsets of a match without its surrounding spaces. */
function trimmed(text: string, start: number, end: number): [number, number] {
  while (start < end && /\s/.test(text[start]!)) start++;
  while (end > start && /[\s,.;]/.test(text[end - 1]!)) end--;
  return [start, end];
}

function candidates(norm: string, vocabulary: PhraseVocabulary, ctx: RuleContext): Candidate[] {
  const out: Candidate[] = [];
  let order = 0;
  const push = (index: number, length: number, reading: Reading) => {
    if (!reading) return;
    const [start, end] = trimmed(norm, index, index + length);
    if (end > start) out.push({ start, end, order, reading });
  };
  const figures = /\d|полтор|[一二两三四五]/.test(norm);
  for (const rule of GRAMMAR) {
    order++;
    if (rule.figures && !figures) continue;
    rule.re.lastIndex = 0;
    for (let m = rule.re.exec(norm); m; m = rule.re.exec(norm)) {
      if (!m[0]) {
        rule.re.lastIndex++;
        continue;
      }
      push(m.index, m[0].length, rule.read(m.groups ?? {}, ctx));
    }
  }
  for (const entry of entriesOf(vocabulary)) {
    order++;
    if (entry.literal !== null && !norm.includes(entry.literal)) continue;
    entry.re.lastIndex = 0;
    for (let m = entry.re.exec(norm); m; m = entry.re.exec(norm)) {
      if (!m[0]) {
        entry.re.lastIndex++;
        continue;
      }
      push(m.index, m[0].length, { pieces: entry.pieces });
    }
  }
  return out;
}

/** The filter parameters of a piece, as the canonical query writes them. */
function paramOf(piece: Piece): string {
  if (piece.flag) return `${piece.item}=true`;
  if (piece.values) {
    const item = ITEMS.get(piece.item);
    const allowed = item?.kind === 'choice' ? item.values : null;
    const values = allowed ? [...piece.values].sort((a, b) => allowed.indexOf(a) - allowed.indexOf(b)) : piece.values;
    return `${piece.item}=${values.join(',')}`;
  }
  return [piece.min !== undefined ? `${piece.item}_min=${piece.min}` : '', piece.max !== undefined ? `${piece.item}_max=${piece.max}` : '']
    .filter(Boolean)
    .join('&');
}

function apply(draft: Record<string, unknown>, piece: Piece): void {
  if (piece.flag) draft[piece.item] = true;
  else if (piece.values) draft[piece.item] = [...new Set([...((draft[piece.item] as string[] | undefined) ?? []), ...piece.values])];
  else {
    if (piece.min !== undefined) draft[`${piece.item}_min`] = piece.min;
    if (piece.max !== undefined) draft[`${piece.item}_max`] = piece.max;
  }
}

/** Bounds inside the item's own (the codec refuses others), the lower first. */
function tidyRanges(draft: Record<string, unknown>): void {
  for (const item of FILTER_ITEMS) {
    if (item.kind !== 'range') continue;
    const keys = [`${item.name}_min`, `${item.name}_max`] as const;
    for (const key of keys) if (typeof draft[key] === 'number') draft[key] = Math.min(item.max, Math.max(item.min, draft[key] as number));
    const [lo, hi] = [draft[keys[0]] as number | undefined, draft[keys[1]] as number | undefined];
    if (lo !== undefined && hi !== undefined && lo > hi) [draft[keys[0]], draft[keys[1]]] = [hi, lo];
  }
}

/** The words of a stretch nobody read, without the glue words around them; null when only glue is left. */
function leftover(original: string, norm: string, start: number, end: number): string | null {
  const tokens: { start: number; end: number; stop: boolean }[] = [];
  for (const m of norm.slice(start, end).matchAll(/[a-zа-я0-9'’$€¥₽%]+|[\u3400-\u9fff]+/g)) {
    const text = m[0];
    let stop = STOPS.has(text);
    if (!stop && /^[\u3400-\u9fff]+$/.test(text)) {
      let rest = text;
      for (const word of ZH_STOPS) rest = rest.split(word).join('');
      stop = rest === '';
    }
    tokens.push({ start: start + m.index, end: start + m.index + text.length, stop });
  }
  const kept = tokens.filter((t) => !t.stop);
  if (!kept.length) return null;
  let from = kept[0]!.start;
  let to = kept[kept.length - 1]!.end;
  // Chinese glue at the edges of a kept run: 的, 我想买.
  let slice = norm.slice(from, to);
  for (let changed = true; changed;) {
    changed = false;
    for (const word of ZH_EDGE_STOPS) {
      if (slice.length > word.length && slice.startsWith(word)) {
        from += word.length;
        slice = slice.slice(word.length);
        changed = true;
      }
      if (slice.length > word.length && slice.endsWith(word)) {
        to -= word.length;
        slice = slice.slice(0, -word.length);
        changed = true;
      }
    }
  }
  return original.slice(from, to);
}

export function parsePhrase(input: string, vocabulary: PhraseVocabulary, options: PhraseOptions): PhraseResult {
  // One space for every run of them (phraseText): what the words echo back and the offsets are this text's.
  const text = input.replace(/\s+/g, ' ');
  const norm = normalize(text);
  const ctx: RuleContext = { lang: options.lang, year: options.year, rates: options.rates, completions: completionsOf(vocabulary) };
  const found = candidates(norm, vocabulary, ctx).sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start || a.order - b.order);

  const taken = new Uint8Array(norm.length);
  const chosen: Candidate[] = [];
  for (const c of found) {
    let free = true;
    for (let i = c.start; i < c.end && free; i++) if (taken[i]) free = false;
    if (!free) continue;
    taken.fill(1, c.start, c.end);
    chosen.push(c);
  }
  chosen.sort((a, b) => a.start - b.start);

  const draft: Record<string, unknown> = {};
  const understood: PhraseResult['understood'] = [];
  const ignored: { start: number; text: string; reason: IgnoredReason }[] = [];
  for (const c of chosen) {
    const words = text.slice(c.start, c.end);
    if ('ignored' in c.reading) {
      ignored.push({ start: c.start, text: words, reason: c.reading.ignored });
      continue;
    }
    for (const piece of c.reading.pieces) apply(draft, piece);
    understood.push({ text: words, param: c.reading.pieces.map(paramOf).join('&') });
  }
  tidyRanges(draft);

  for (let i = 0; i < norm.length;) {
    if (taken[i]) {
      i++;
      continue;
    }
    let j = i;
    while (j < norm.length && !taken[j]) j++;
    const words = leftover(text, norm, i, j);
    if (words) ignored.push({ start: i, text: words, reason: 'unknown' });
    i = j;
  }

  const filter = canonical(draft);
  const query = serializeLotFilter(filter).toString().replace(/%2C/gi, ',');
  return { query, filter, understood, ignored: ignored.sort((a, b) => a.start - b.start).map(({ text: t, reason }) => ({ text: t, reason })) };
}

/**
 * The filter in the codec's own form: each choice's values in the registry's order (those that come with the data, like
 * `parseLotFilter`, sorted). The pieces are valid by construction (the rules' values, the specs' codes, bounds clamped).
 */
function canonical(draft: Record<string, unknown>): LotFilter {
  const filter: Record<string, unknown> = {};
  for (const item of FILTER_ITEMS) {
    if (item.kind === 'choice') {
      const values = draft[item.name] as string[] | undefined;
      if (!values?.length) continue;
      const allowed = item.values;
      filter[item.name] = allowed ? [...values].sort((a, b) => allowed.indexOf(a) - allowed.indexOf(b)) : [...values].sort();
    } else if (item.kind === 'flag') {
      if (draft[item.name] === true) filter[item.name] = true;
    } else for (const key of [`${item.name}_min`, `${item.name}_max`]) if (typeof draft[key] === 'number') filter[key] = draft[key];
  }
  return filter as LotFilter;
}

/** The completion codes the catalogue's lots have (the specs' completion choices), for dates read as ranges. */
function completionsOf(vocabulary: PhraseVocabulary): readonly string[] {
  const spec = vocabulary.specs.ru?.find((item) => item.name === 'completion') ?? vocabulary.specs.en?.find((item) => item.name === 'completion');
  return spec?.kind === 'choices' ? spec.choices.map((c) => c.value) : [];
}
