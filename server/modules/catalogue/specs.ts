import { DEFAULT_LOT_STATUSES } from '#core/catalogue/filter.ts';
import { LOT_FILTER_ITEMS, ROOM_CHOICES, type ChoiceItem, type RangeItem } from '#core/catalogue/filter-items.ts';
import { FILTER_LOT_STATUSES, FINISHES, LOT_TYPES, type SpecItem } from '#core/catalogue/types.ts';
import type { Locale } from '#core/i18n/locales.ts';
import { and, countAnd, hasBit, or } from './bitset.ts';
import { text } from './dto.ts';
import { LAYOUT_FEATURES, SUN_MARCH_HOURS, VIEWS, WINDOW_SIDES } from '#core/catalogue/lot-features.ts';
import {
  catalogueTranslate,
  completionLabel,
  paymentHint,
  FEATURE_WORDS,
  VIEW_WORDS,
  WINDOW_WORDS,
  FINISH_WORDS,
  LOT_TYPE_WORDS,
  ROOM_WORDS,
  SPEC_WORDS,
  STATUS_WORDS,
  UNIT_WORDS,
  word,
} from './labels.ts';
import type { CatalogueState } from './state.ts';

/**
 * The lot filter's items (`/api/filter/specs/`, the filter form): each choice with its label, each range with the
 * bounds of what is on sale (sold lots are outside the default statuses), each flag.
 */
export function lotFilterSpecs(s: CatalogueState, locale: Locale): SpecItem[] {
  const { snap, index } = s;
  const listedProjects = snap.projects.filter((p) => countAnd(index.universe, index.choices.project.byValue.get(String(p.id))!) > 0);
  const visible = and(
    index.universe,
    or(
      index.choices.status.bits.filter((_, k) => DEFAULT_LOT_STATUSES.includes(FILTER_LOT_STATUSES[k]!)),
      index.size,
    ),
  );
  const range = (item: RangeItem) => {
    const { perm, column } = index.ranges[item];
    let lo = 0;
    let hi = perm.length - 1;
    while (lo <= hi && !hasBit(visible.words, perm[lo]!)) lo += 1;
    while (hi >= lo && !hasBit(visible.words, perm[hi]!)) hi -= 1;
    return lo > hi ? { min: 0, max: 0 } : { min: column[perm[lo]!]!, max: column[perm[hi]!]! };
  };
  const label = (name: string) => word(SPEC_WORDS, name, locale);
  // Each choice item's values with their words (the compiler asks for a new choice item's here).
  const choices: Record<ChoiceItem, () => { value: string; label: string }[]> = {
    project: () => listedProjects.map((p) => ({ value: String(p.id), label: text(p.name, locale) })),
    building: () => listedProjects.flatMap((p) => p.buildings.map((b) => ({ value: String(b.id), label: `${text(p.name, locale)}, ${text(b.name, locale)}` }))),
    type: () => LOT_TYPES.map((v) => ({ value: v, label: word(LOT_TYPE_WORDS, v, locale) })),
    rooms: () => ROOM_CHOICES.map((v) => ({ value: v, label: word(ROOM_WORDS, v, locale) })),
    completion: () => index.completionValues.map((v) => ({ value: v, label: completionLabel(v === 'done' ? null : v, locale) })),
    finish: () => FINISHES.map((v) => ({ value: v, label: word(FINISH_WORDS, v, locale) })),
    status: () => FILTER_LOT_STATUSES.map((v) => ({ value: v, label: word(STATUS_WORDS, v, locale) })),
    // The same words as the lot page's features, view and windows.
    features: () => LAYOUT_FEATURES.map((v) => ({ value: v, label: word(FEATURE_WORDS, v, locale) })),
    view: () => VIEWS.map((v) => ({ value: v, label: word(VIEW_WORDS, v, locale) })),
    windows: () => WINDOW_SIDES.map((v) => ({ value: v, label: word(WINDOW_WORDS, v, locale) })),
    sun_march: () => SUN_MARCH_HOURS.map((v) => ({ value: v, label: catalogueTranslate(locale)('catalogue.filter.sunHours', { hours: v }) })),
  };
  return LOT_FILTER_ITEMS.map((item): SpecItem => {
    if (item.kind === 'choice') return { name: item.name, label: label(item.name), kind: 'choices', choices: choices[item.name]() };
    if (item.kind === 'flag') return { name: item.name, label: label(item.name), kind: 'boolean' };
    const unit = 'unit' in item ? word(UNIT_WORDS, item.unit, locale) : undefined;
    const hint = item.name === 'monthly_payment' ? paymentHint(locale) : undefined;
    return { name: item.name, label: label(item.name), kind: 'range', range: range(item.name), ...(unit ? { unit } : {}), ...(hint ? { hint } : {}) };
  });
}
