import { catalogueFormat } from '#core/catalogue/format.ts';
import { LOT_TYPES } from '#core/catalogue/types.ts';
import { translatorOf } from '#core/i18n/all-catalogs.ts';
import { LOCALES, type Locale } from '#core/i18n/locales.ts';
import { pick, type Localized } from '#core/schemas/localized.ts';
import { normalizeNumber, normalizeText } from '#core/search/query.ts';
import { parseId } from './ids.ts';
import type { BuildingNode } from './snapshot.ts';
import type { CatalogueState } from './state.ts';
import { comparedNumbers } from './text-search.ts';

/** One choice of the back office's searched pickers (issue #42): the value the item stores and its words in the editor's language. */
export type Choice = { value: string; label: string };

/**
 * What a picker asks: the words typed (`q`), or the chosen values whose labels the form shows (`ids`); at most `limit`.
 * `project`: the project whose buildings are asked for.
 */
export type ChoiceQuery = { q?: string; ids?: readonly string[]; limit: number; project?: number };

const tokensOf = (q: string) =>
  normalizeText(q.replace(/[№#号]/g, ' '))
    .split(' ')
    .filter(Boolean);
const names = (value: Localized): string[] => LOCALES.map((locale) => normalizeText(value[locale] ?? ''));
/** A typed word with a digit in it is a number («22», «P-4», «12а»), as the site search reads it (core/search/query.ts). */
const isNumber = (token: string) => /\p{N}/u.test(token);
/** A number with more than digits («евро-2», «2-комнатная», «p-4»): a lot's kind may hold it, as well as its number. */
const mixed = (token: string) => /\P{N}/u.test(token);

/** A building as the pickers name it: «Липовый, корпус 2» (its own name in the editor's language, Russian when it has none). */
function buildingLabel(b: BuildingNode, locale: Locale): string {
  return `${pick(b.project.name, locale)}, ${pick(b.name, locale)}`;
}

/** What a building answers to: its project's and its own names in every language, and its number. */
function buildingTexts(b: BuildingNode): string[] {
  return [...names(b.project.name), ...names(b.name), String(b.number)];
}

/**
 * Lots the editor looks for by part of their number, their project's or building's name (in any language) and their
 * kind, labelled in the editor's language: «Липовый, Корпус 2 — 2-комнатная квартира № 22, 54,3 м²». Every word
 * typed must be in the lot's project or building names, begin its number, or be in its kind («квартира», "parking");
 * a word with a digit is a number, as the site search reads it («22», «P-4», «12а»: compared with the lots' numbers as
 * the site search normalises them). A number the lot's building or project names hold («Корпус 1») or, when it is
 * more than digits, its kind holds («евро-2») ranks nothing: the lot is ranked by its other numbers. Lots whose number
 * is one typed come first, then those whose number begins with one, then the others, each in the catalogue's order (a scan of the
 * snapshot's lot table: 0.1–0.2 s for a million lots, once the lots' numbers are normalised, once per snapshot and
 * shared with the site search). `ids`: those lots (the form's chosen ones), unknown ids left out.
 */
export function lotChoices(s: CatalogueState, query: ChoiceQuery, locale: Locale): Choice[] {
  const { snap } = s;
  const lots = snap.lots;
  const format = catalogueFormat(locale, translatorOf(locale));
  const label = (i: number): string => {
    const building = snap.buildings[lots.building[i]!]!;
    const rooms = lots.rooms[i]!;
    const title = format.lotTitle({ type: LOT_TYPES[lots.type[i]!]!, rooms: rooms < 0 ? null : rooms, euro: lots.euro[i] === 1, number: lots.number[i]! });
    return `${buildingLabel(building, locale)} — ${title}, ${format.area(lots.area[i]!)}`;
  };
  const choice = (i: number): Choice => ({ value: String(lots.id[i]), label: label(i) });

  if (query.ids) {
    return query.ids
      .flatMap((id) => {
        const i = snap.lotById.get(parseId(id) ?? -1);
        return i === undefined ? [] : [choice(i)];
      })
      .slice(0, query.limit);
  }
  const tokens = tokensOf(query.q ?? '');
  if (!tokens.length) return [];
  // A lot's kind as compared («2-комнатная квартира», «евро-2», "flat"): in the editor's language and in Russian, once per kind.
  const formats = [format, ...(locale === 'ru' ? [] : [catalogueFormat('ru', translatorOf('ru'))])];
  const kinds = new Map<number, string[]>();
  const kindTexts = (i: number): string[] => {
    const rooms = lots.rooms[i]!;
    const key = lots.type[i]! * 1000 + (rooms + 1) * 2 + lots.euro[i]!;
    let texts = kinds.get(key);
    if (!texts) {
      const lot = { type: LOT_TYPES[lots.type[i]!]!, rooms: rooms < 0 ? null : rooms, euro: lots.euro[i] === 1, number: '' };
      kinds.set(key, (texts = formats.flatMap((f) => [normalizeText(f.lotTitle(lot)), normalizeText(f.type(lot.type))])));
    }
    return texts;
  };
  // Per building, the typed words its names do not hold (the lot's kind must then hold them), and whether its names
  // hold each typed number (else the lot's number must begin with it, or its kind hold it).
  const numbers = tokens.filter(isNumber);
  const spelled = numbers.map(mixed);
  const pending = snap.buildings.map((b) => {
    const texts = buildingTexts(b);
    const inNames = (token: string) => texts.some((text) => text.includes(token));
    return { words: tokens.filter((token) => !isNumber(token) && !inNames(token)), named: numbers.map(inNames) };
  });
  // The same number first, then numbers that begin with one typed, then the lots found by their names alone.
  // Every lot's number as compared, made once per snapshot (the site search's).
  const compared = numbers.length ? comparedNumbers(s) : [];
  const exact: number[] = [];
  const starting: number[] = [];
  const named: number[] = [];
  // Without a number typed every match ranks alike: the first `limit` are the answer.
  const enough = () => exact.length >= query.limit || (numbers.length === 0 && named.length >= query.limit);
  for (let i = 0; i < lots.size && !enough(); i += 1) {
    const rest = pending[lots.building[i]!]!;
    if (rest.words.length && !rest.words.every((token) => kindTexts(i).some((text) => text.includes(token)))) continue;
    const number = numbers.length ? (compared[i] ?? normalizeNumber(lots.number[i]!)) : '';
    // Ranked by the numbers the lot's number answers; one its names or kind hold («Корпус 1 4») is neutral.
    let rank = 2;
    let counted = false;
    for (let k = 0; k < numbers.length && rank >= 0; k += 1) {
      const token = numbers[k]!;
      if (number === token) counted = true;
      else if (number.startsWith(token) && !rest.named[k]) {
        rank = 1;
        counted = true;
      } else if (!rest.named[k] && !(spelled[k] && kindTexts(i).some((text) => text.includes(token)))) rank = -1;
    }
    if (rank < 0) continue;
    if (!counted) rank = 0;
    const bucket = rank === 2 ? exact : rank === 1 ? starting : named;
    if (bucket === exact || bucket.length < query.limit) bucket.push(i);
  }
  return [...exact, ...starting, ...named].slice(0, query.limit).map(choice);
}

/**
 * The buildings of a project (`project`, required: an item names a building by its project and number, as a window
 * view does), labelled by their names in the editor's language («Корпус 2»), value their number; `q` keeps those
 * whose name or number holds its words (at most `limit`), `ids` names those numbers; without either, every building
 * of the project (the form's select lists them all: a project has a few dozen). None for a project the catalogue has not.
 */
export function buildingChoices(s: CatalogueState, query: ChoiceQuery, locale: Locale): Choice[] {
  const project = query.project === undefined ? undefined : s.snap.projectById.get(query.project);
  if (!project) return [];
  const choice = (b: BuildingNode): Choice => ({ value: String(b.number), label: pick(b.name, locale) || String(b.number) });
  const buildings = [...project.buildings].sort((a, b) => a.number - b.number);
  if (query.ids) {
    return query.ids.flatMap((id) => buildings.filter((b) => String(b.number) === id).map(choice)).slice(0, query.limit);
  }
  const tokens = tokensOf(query.q ?? '');
  if (!tokens.length) return buildings.map(choice);
  return buildings
    .filter((b) => {
      const texts = [...names(b.name), String(b.number)];
      return tokens.every((token) => texts.some((text) => text.includes(token)));
    })
    .slice(0, query.limit)
    .map(choice);
}
