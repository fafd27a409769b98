import type { Locale } from '#core/i18n/locales.ts';
import type { Translate } from '#core/i18n/messages.ts';
import { completionText, intlOf } from './format.ts';

/** What the catalogue itself knows of a project's size: counted from its buildings and lots, never typed in. */
export type ProjectFigures = {
  buildings: number;
  /** The lowest and the highest building's storeys. */
  storeys: { min: number; max: number } | null;
  /** Every flat of the project, whatever its status: the size of the project, not what is left. */
  flats: number;
  parking: number;
  /** The flats' ceiling heights in metres. */
  ceiling: { min: number; max: number } | null;
  /** 'YYYY-QN' while building; null once completed. */
  completion: string | null;
};

type Plural = 'figures.buildings' | 'figures.storeys' | 'figures.flats' | 'figures.parking';

/**
 * A project's key figures the catalogue counts, as the indicators block shows them (a figure and what it counts,
 * in the visitor's language): buildings, storeys, flats, ceiling height, completion, parking spaces. A figure the
 * project lacks (no parking, a completed project's date) is left out.
 */
export function figureIndicators(f: ProjectFigures, locale: Locale, t: Translate): { value: string; label: string }[] {
  const { integer, metres } = intlOf(locale);
  // The word alone (the figure is shown apart): «дома» under «3».
  const counted = (group: Plural, count: number, value = integer.format(count)) => ({ value, label: t(group, { count }) });
  const range = (min: string, max: string) => (min === max ? min : t('figures.range', { from: min, to: max }));
  const out: { value: string; label: string }[] = [];
  if (f.buildings > 0) out.push(counted('figures.buildings', f.buildings));
  // «12–14 этажей»: the word agrees with the last figure read.
  if (f.storeys) out.push(counted('figures.storeys', f.storeys.max, range(integer.format(f.storeys.min), integer.format(f.storeys.max))));
  if (f.flats > 0) out.push(counted('figures.flats', f.flats));
  if (f.ceiling)
    out.push({ value: t('figures.metres', { value: range(metres.format(f.ceiling.min), metres.format(f.ceiling.max)) }), label: t('figures.ceiling') });
  if (f.completion) out.push({ value: completionText(f.completion, t), label: t('figures.completion') });
  if (f.parking > 0) out.push(counted('figures.parking', f.parking));
  return out;
}
