import { DEFAULT_LOT_STATUSES } from '#core/catalogue/filter.ts';
import { FINISHES, LOT_STATUSES, LOT_TYPES, type SpecItem } from '#core/catalogue/types.ts';
import type { Locale } from '#core/i18n/locales.ts';
import { and, countAnd, hasBit, or } from './bitset.ts';
import { text } from './dto.ts';
import { completionLabel, FINISH_WORDS, LOT_TYPE_WORDS, ROOM_WORDS, SPEC_WORDS, STATUS_WORDS, word } from './labels.ts';
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
      index.choices.status.bits.filter((_, k) => DEFAULT_LOT_STATUSES.includes(LOT_STATUSES[k]!)),
      index.size,
    ),
  );
  const range = (item: 'price' | 'area' | 'floor') => {
    const { perm, values } = index.ranges[item];
    let lo = 0;
    let hi = perm.length - 1;
    while (lo <= hi && !hasBit(visible.words, perm[lo]!)) lo += 1;
    while (hi >= lo && !hasBit(visible.words, perm[hi]!)) hi -= 1;
    return lo > hi ? { min: 0, max: 0 } : { min: values[lo]!, max: values[hi]! };
  };
  const label = (name: string) => word(SPEC_WORDS, name, locale);
  const choices = (name: string, items: { value: string; label: string }[]): SpecItem => ({ name, label: label(name), kind: 'choices', choices: items });
  const flag = (name: string): SpecItem => ({ name, label: label(name), kind: 'boolean' });
  return [
    choices(
      'project',
      listedProjects.map((p) => ({ value: String(p.id), label: text(p.name, locale) })),
    ),
    choices(
      'building',
      listedProjects.flatMap((p) => p.buildings.map((b) => ({ value: String(b.id), label: `${text(p.name, locale)}, ${text(b.name, locale)}` }))),
    ),
    choices(
      'type',
      LOT_TYPES.map((v) => ({ value: v, label: word(LOT_TYPE_WORDS, v, locale) })),
    ),
    choices(
      'rooms',
      ['0', '1', '2', '3', '4'].map((v) => ({ value: v, label: word(ROOM_WORDS, v, locale) })),
    ),
    flag('euro'),
    { name: 'price', label: label('price'), kind: 'range', range: range('price'), unit: '₽' },
    { name: 'area', label: label('area'), kind: 'range', range: range('area'), unit: locale === 'ru' ? 'м²' : locale === 'zh' ? '平方米' : 'm²' },
    { name: 'floor', label: label('floor'), kind: 'range', range: range('floor') },
    choices(
      'completion',
      index.completionValues.map((v) => ({ value: v, label: completionLabel(v === 'done' ? null : v, locale) })),
    ),
    choices(
      'finish',
      FINISHES.map((v) => ({ value: v, label: word(FINISH_WORDS, v, locale) })),
    ),
    choices(
      'status',
      LOT_STATUSES.map((v) => ({ value: v, label: word(STATUS_WORDS, v, locale) })),
    ),
    flag('discount'),
    flag('not_first_floor'),
    flag('not_last_floor'),
  ];
}
