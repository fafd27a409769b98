/**
 * What a lot offers beyond its rooms and area, as the filter, the lot page, its card, the PDF sheet and the API name
 * it: layout features, the view and the sides its windows face, its sun in March. Each is a code whose words are in the catalogs
 * (`catalogue.words.feature`, `.view`, `.window`), the same words on the filter's chips and on the lot page.
 *
 * Two features are not stored but read from the lot's own facts, so they cannot disagree with them: a flat is a
 * corner flat when its windows face two adjacent sides (`lots.windows`), and has high ceilings from 3 m (`lots.ceiling`).
 */

/** The layout features a buyer filters by (`features` of the filter, all of those chosen), in the filter's order. */
export const LAYOUT_FEATURES = [
  'master_bedroom',
  'two_bathrooms',
  'wardrobe',
  'balcony',
  'terrace',
  'bathroom_window',
  'two_window_room',
  'high_ceilings',
  'corner',
] as const;
export type LayoutFeature = (typeof LAYOUT_FEATURES)[number];

/**
 * The view tags (courtyard, park, water, street, city) and window sides are the sun-and-view passport's words
 * (core/insolation/types.ts): the filter's `view` reads each lot's tags over all its windows (lot_insolation.views),
 * `windows` the sides they face (lots.windows).
 */
export { VIEW_TAGS as VIEWS, WINDOW_SIDES } from '../insolation/types.ts';
export type { ViewTag as View, WindowSide } from '../insolation/types.ts';

/**
 * "At least N hours of direct sun on 21 March" (lot_insolation.march_minutes): the thresholds a buyer picks from. Two
 * hours is about what the norm asks of a living room; more is a sunny flat.
 */
export const SUN_MARCH_HOURS = ['2', '3', '4', '5', '6'] as const;
/** The thresholds a lot with `minutes` of sun in March meets, as indexes of SUN_MARCH_HOURS (none without a result). */
export const sunMarchThresholds = (minutes: number | null): number[] =>
  minutes === null || minutes < 0 ? [] : SUN_MARCH_HOURS.flatMap((h, k) => (minutes >= Number(h) * 60 ? [k] : []));

/** Ceilings from this height (metres) are high: what Moscow's market calls «высокие потолки». */
export const HIGH_CEILING_M = 3;

/** What `lotFeatures` reads of a lot. */
export type FeatureFacts = { type: string; features: readonly string[]; windows: readonly string[]; ceiling: number };

/** Whether windows face two adjacent sides (a north or south side and an east or west one): a corner lot. */
export const isCorner = (windows: readonly string[]): boolean =>
  (windows.includes('north') || windows.includes('south')) && (windows.includes('east') || windows.includes('west'));

/**
 * A lot's features: its stored codes, then for a flat the two read from its facts (`corner`, `high_ceilings`), each
 * once. The lot page lists them and the filter's `features` item tests them.
 */
export function lotFeatures(lot: FeatureFacts): string[] {
  const out = [...new Set(lot.features)];
  if (lot.type !== 'flat') return out;
  if (lot.ceiling >= HIGH_CEILING_M && !out.includes('high_ceilings')) out.push('high_ceilings');
  if (isCorner(lot.windows) && !out.includes('corner')) out.push('corner');
  return out;
}
