import { DEFAULT_LIMIT, serializeLotFilter } from '#core/catalogue/filter.ts';
import { catalogueFormat } from '#core/catalogue/format.ts';
import type { LotFilter } from '#core/catalogue/service.ts';
import { LOT_TYPES, type LotCard, type Page } from '#core/catalogue/types.ts';
import { translatorOf } from '#core/i18n/all-catalogs.ts';
import { LOCALES, type Locale } from '#core/i18n/locales.ts';
import { pick, type Localized } from '#core/schemas/localized.ts';
import { normalizeNumber, normalizeText, numberMatch, textMatches, type SearchHit } from '#core/search/query.ts';
import { PROJECT_STATUS_WORDS, word } from './labels.ts';
import { hasBit } from './bitset.ts';
import { lotCard, urls } from './dto.ts';
import { matching } from './lot-index-evaluate.ts';
import type { CatalogueState } from './state.ts';

type TextQuery = { words: readonly string[]; numbers: readonly string[] };

/** Every lot's number as compared, made once per snapshot (the table is replaced, never changed, by a refresh). */
const NUMBERS = new WeakMap<object, string[]>();
export function comparedNumbers(s: CatalogueState): string[] {
  let numbers = NUMBERS.get(s.snap.lots);
  if (!numbers) NUMBERS.set(s.snap.lots, (numbers = s.snap.lots.number.map(normalizeNumber)));
  return numbers;
}

/** A name in every language, as compared (a visitor may type a project's Russian name on the English site). */
const names = (value: Localized): string[] => LOCALES.map((locale) => normalizeText(value[locale] ?? ''));

/**
 * The catalogue's part of the site search (core/search/query.ts): projects whose name holds every word and number of
 * the query, and lots whose number is one of the query's (the same number first, then the numbers that begin with
 * it) and whose project name or kind holds its words («Липовый 22», «кладовая 8», «parking 1»). Every lot has its
 * page, sold ones too, so every lot is found. Titles are the lot page's own (`lotTitle`: «2-комнатная квартира № 22»).
 * `room`: how many results may be listed here (projects first, lots after them); `lotCount` counts every lot found.
 */
export function findInCatalogue(
  s: CatalogueState,
  query: TextQuery,
  locale: Locale,
  room: number,
): { projects: SearchHit[]; lots: SearchHit[]; projectCount: number; lotCount: number } {
  const { snap } = s;
  const t = translatorOf(locale);
  const format = catalogueFormat(locale, t);
  const projectNames = new Map(snap.projects.map((p) => [p.id, names(p.name)]));
  const matched = snap.projects.filter((p) => textMatches(query, projectNames.get(p.id)!));
  const projects = matched
    .slice(0, Math.max(0, room))
    .map((p) => ({ title: pick(p.name, locale), detail: word(PROJECT_STATUS_WORDS, p.status, locale), url: urls.project(p) }));

  const found = matchLots(s, query, locale);
  const lots = snap.lots;
  return {
    projects,
    lots: found.slice(0, Math.max(0, room - projects.length)).map((i) => {
      const floor = snap.floors[lots.floorNode[i]!]!;
      const project = floor.section.building.project;
      return {
        title: format.lotTitle(lotLike(s, i)),
        detail: t('search.lotDetail', { project: pick(project.name, locale), floor: format.floor(lots.floor[i]!) }),
        url: urls.lot(project.shortSlug, LOT_TYPES[lots.type[i]!]!, lots.number[i]!),
      };
    }),
    projectCount: matched.length,
    lotCount: found.length,
  };
}

/**
 * The lots a query names, as indices into the lot table: those whose number is one of the query's numbers (the same
 * number first, then the numbers that begin with it, each in the catalogue's order: project, building, floor) and
 * whose project's name (in any language) or kind (in the visitor's language) holds its words. A query without a
 * number names no lot (a project's name alone finds the project). `among`: only lots of this set (a filter's).
 */
export function matchLots(s: CatalogueState, query: TextQuery, locale: Locale, among?: Uint32Array): number[] {
  if (query.numbers.length === 0) return [];
  const { snap } = s;
  const format = catalogueFormat(locale, translatorOf(locale));
  const kindWords = new Map(LOT_TYPES.map((type) => [type, normalizeText(format.type(type))]));
  const projectNames = new Map(snap.projects.map((p) => [p.id, names(p.name)]));
  const exact: number[] = [];
  const starting: number[] = [];
  const lots = snap.lots;
  const numbers = comparedNumbers(s);
  for (let i = 0; i < lots.size; i++) {
    const rank = numberMatch(query.numbers, numbers[i] ?? normalizeNumber(lots.number[i]!));
    if (rank === 0 || (among && !hasBit(among, i))) continue;
    if (query.words.length) {
      const project = snap.floors[lots.floorNode[i]!]!.section.building.project;
      const texts = [...projectNames.get(project.id)!, kindWords.get(LOT_TYPES[lots.type[i]!]!)!, normalizeText(format.lotTitle(lotLike(s, i)))];
      if (!textMatches({ words: query.words, numbers: [] }, texts)) continue;
    }
    (rank === 2 ? exact : starting).push(i);
  }
  return [...exact, ...starting];
}

/**
 * `/api/filter/?search=`: the filter's lots that the site search finds (`matchLots`), a page at a time as cards, in
 * the search's order. `next`/`previous` are the filter's query strings, as `search()` gives them.
 */
export function searchLotPage(s: CatalogueState, filter: LotFilter, query: TextQuery, locale: Locale): Page<LotCard> {
  const found = matchLots(s, query, locale, matching(s.index, filter).words);
  const limit = filter.limit ?? DEFAULT_LIMIT;
  const offset = filter.offset ?? 0;
  const at = (o: number) => `?${serializeLotFilter({ ...filter, offset: o > 0 ? o : undefined }).toString()}`;
  return {
    count: found.length,
    next: offset + limit < found.length ? at(offset + limit) : null,
    previous: offset > 0 ? at(Math.max(0, offset - limit)) : null,
    results: found.slice(offset, offset + limit).map((i) => lotCard(s.snap, i, locale, s.payments, s.facts)),
  };
}

/** What a lot's title is made of, read from the lot table. */
function lotLike(s: CatalogueState, i: number) {
  const lots = s.snap.lots;
  const rooms = lots.rooms[i]!;
  return { type: LOT_TYPES[lots.type[i]!]!, rooms: rooms < 0 ? null : rooms, euro: lots.euro[i] === 1, number: lots.number[i]! };
}
