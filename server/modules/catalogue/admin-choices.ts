import { catalogueFormat } from '#core/catalogue/format.ts';
import { LOT_TYPES } from '#core/catalogue/types.ts';
import { translatorOf } from '#core/i18n/all-catalogs.ts';
import { LOCALES, type Locale } from '#core/i18n/locales.ts';
import { pick, type Localized } from '#core/schemas/localized.ts';
import { normalizeNumber, normalizeText } from '#core/search/query.ts';
import { parseId } from './ids.ts';
import type { BuildingNode } from './snapshot.ts';
import type { CatalogueState } from './state.ts';

/** One choice of the back office's searched pickers (issue #42): the value the item stores and its words in the editor's language. */
export type Choice = { value: string; label: string };

/** What a picker asks: the words typed (`q`), or the chosen values whose labels the form shows (`ids`); at most `limit`. */
export type ChoiceQuery = { q?: string; ids?: readonly string[]; limit: number };

const tokensOf = (q: string) =>
  normalizeText(q.replace(/[№#号]/g, ' '))
    .split(' ')
    .filter(Boolean);
const names = (value: Localized): string[] => LOCALES.map((locale) => normalizeText(value[locale] ?? ''));
const digits = (token: string) => /^\p{N}+$/u.test(token);

/** A building as the pickers name it: «Липовый, корпус 2» (its own name in the editor's language, Russian when it has none). */
function buildingLabel(b: BuildingNode, locale: Locale): string {
  return `${pick(b.project.name, locale)}, ${pick(b.name, locale)}`;
}

/** What a building answers to: its project's and its own names in every language, and its number. */
function buildingTexts(b: BuildingNode): string[] {
  return [...names(b.project.name), ...names(b.name), String(b.number)];
}

/**
 * Lots the editor looks for by part of their number, their project's or building's name (in any language), labelled
 * in the editor's language: «Липовый, Корпус 2 — 2-комнатная квартира № 22, 54,3 м²». Every word typed must be in the
 * lot's project or building names or begin its number; lots whose number is one typed come first, then those whose
 * number begins with it, each in the catalogue's order. `ids`: those lots (the form's chosen ones), unknown ids left out.
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
  // Per building, the typed words its names do not hold, which the lot's number must then begin with; null: none of its lots.
  const pending = snap.buildings.map((b) => {
    const texts = buildingTexts(b);
    const rest = tokens.filter((token) => !texts.some((text) => text.includes(token)));
    return rest.every(digits) ? rest : null;
  });
  const exact: number[] = [];
  const starting: number[] = [];
  for (let i = 0; i < lots.size && exact.length < query.limit; i += 1) {
    const rest = pending[lots.building[i]!];
    if (!rest) continue;
    if (rest.length === 0) {
      starting.push(i);
      continue;
    }
    const number = normalizeNumber(lots.number[i]!);
    if (!rest.every((token) => number.startsWith(token))) continue;
    (rest.some((token) => number === token) ? exact : starting).push(i);
  }
  return [...exact, ...starting].slice(0, query.limit).map(choice);
}

/**
 * Buildings the editor looks for by their project's or their own name or number, labelled «Липовый, Корпус 2»; value
 * the building's id. `ids`: those buildings.
 */
export function buildingChoices(s: CatalogueState, query: ChoiceQuery, locale: Locale): Choice[] {
  const { snap } = s;
  const choice = (b: BuildingNode): Choice => ({ value: String(b.id), label: buildingLabel(b, locale) });
  if (query.ids) {
    return query.ids
      .flatMap((id) => {
        const b = snap.buildingById.get(parseId(id) ?? -1);
        return b ? [choice(b)] : [];
      })
      .slice(0, query.limit);
  }
  const tokens = tokensOf(query.q ?? '');
  if (!tokens.length) return [];
  return snap.buildings
    .filter((b) => {
      const texts = buildingTexts(b);
      return tokens.every((token) => texts.some((text) => text.includes(token)));
    })
    .slice(0, query.limit)
    .map(choice);
}
