import type { CurrencyCode } from '#core/currency/rates.ts';
import { LAYOUT_FEATURES, SUN_MARCH_HOURS, VIEWS, WINDOW_SIDES } from './lot-features.ts';
import { FILTER_LOT_STATUSES, FINISHES, LOT_TYPES, type LotType } from './types.ts';

/**
 * The lot filter's items, each described once: its name, its kind (a choice of values, a range, a flag), the
 * values or bounds it accepts, and how the screen shows it. The URL codec (filter.ts), the lot index's columns
 * and facets (server/modules/catalogue/lot-index.ts), the specs answer (specs.ts), the filter form, the API's
 * OpenAPI parameters and the `LotFilter` type are all derived from this list. Its order is the order of the
 * filter screen, of the specs and facets answers and of the URL's parameters.
 *
 * Adding an item ("balcony") is one line here; the compiler then asks for its data in the lot index (and the
 * SQL reference of the tests), and a unit test for its label in the three catalogs (`catalogue.words.spec`).
 */

/** '0' studio, '1'…'3', '4' = four and more. */
export const ROOM_CHOICES = ['0', '1', '2', '3', '4'] as const;
export type RoomChoice = (typeof ROOM_CHOICES)[number];
/** The rooms choice a flat with `rooms` rooms falls under (four and more are one choice). */
export const roomChoice = (rooms: number): RoomChoice => String(Math.min(4, Math.max(0, rooms))) as RoomChoice;

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const COMPLETION = /^(?:\d{4}-Q[1-4]|done)$/;
const IDS_HINT = 'ids of letters, digits, _ and -';

/**
 * What every item may say: the lot types it means something for, when not every type (rooms: flats only), and the
 * group of the screen it is shown in (`catalogue.filter.groups`), when not the general ones.
 */
type Common = { types?: readonly LotType[]; group?: FilterGroup };
/** The screen's groups of related items: the layout's features; the windows, their view and sun. */
export const FILTER_GROUPS = ['layout', 'windows'] as const;
export type FilterGroup = (typeof FILTER_GROUPS)[number];
type ChoiceSpec = Common & {
  name: string;
  kind: 'choice';
  /** The allowed values in canonical order, or null for values that come with the data (then `pattern`). */
  values: readonly string[] | null;
  pattern?: RegExp;
  /**
   * A lot may have several of the values (its features, its windows' sides). `any`: a lot matches with one of the
   * chosen values, and each value counts the lots the other items leave (like a single-valued choice). `all`: a lot
   * matches with every chosen value, and each value counts the lots of the result that also have it (what ticking it
   * would leave).
   */
  multiple?: 'any' | 'all';
  /** One of the first controls of the screen (the rest fold under "more"). */
  main?: boolean;
};
type RangeSpec = Common & {
  name: string;
  kind: 'range';
  min: number;
  max: number;
  /** Which unit the screen shows beside the bounds (`catalogue.units`), and how it formats them. */
  unit?: 'price' | 'area';
  /** Whole numbers only (floors). */
  whole?: boolean;
  /**
   * Its bounds may be given in another currency (`currency=usd` beside `price_min`/`price_max`, ADR 037): the server
   * converts them to roubles at the Bank of Russia's rate stored for the day (core/currency/filter.ts).
   */
  currencies?: true;
  main?: boolean;
};
type FlagSpec = Common & { name: string; kind: 'flag'; main?: boolean };
export type FilterItemSpec = ChoiceSpec | RangeSpec | FlagSpec;

export const LOT_FILTER_ITEMS = [
  { name: 'project', kind: 'choice', values: null, pattern: ID, main: true },
  { name: 'building', kind: 'choice', values: null, pattern: ID },
  { name: 'type', kind: 'choice', values: LOT_TYPES, main: true },
  { name: 'rooms', kind: 'choice', values: ROOM_CHOICES, main: true, types: ['flat'] },
  { name: 'euro', kind: 'flag', types: ['flat'] },
  { name: 'price', kind: 'range', min: 0, max: 1e11, unit: 'price', main: true, currencies: true },
  // The lowest monthly payment among the programmes that apply (core/purchase, at DEFAULT_TERMS): lots no programme finances are outside any bound.
  // In view beside the price: buyers compare monthly payments.
  { name: 'monthly_payment', kind: 'range', min: 0, max: 1e10, unit: 'price', main: true },
  { name: 'area', kind: 'range', min: 0, max: 1e5, unit: 'area', main: true },
  // Underground floors are negative: parking and storage rooms.
  { name: 'floor', kind: 'range', min: -20, max: 300, whole: true },
  { name: 'completion', kind: 'choice', values: null, pattern: COMPLETION },
  // Parking spaces and storage rooms are sold without finishing.
  { name: 'finish', kind: 'choice', values: FINISHES, types: ['flat', 'commercial'] },
  { name: 'status', kind: 'choice', values: FILTER_LOT_STATUSES },
  { name: 'discount', kind: 'flag' },
  { name: 'not_first_floor', kind: 'flag', types: ['flat'] },
  { name: 'not_last_floor', kind: 'flag', types: ['flat'] },
  // Layout features (core/catalogue/lot-features.ts): a buyer wants all of those ticked.
  { name: 'features', kind: 'choice', values: LAYOUT_FEATURES, multiple: 'all', types: ['flat'], group: 'layout' },
  // The view tags of any of the lot's windows (lot_insolation.views) and the sides they face (lots.windows): any of those ticked.
  { name: 'view', kind: 'choice', values: VIEWS, multiple: 'any', types: ['flat', 'commercial'], group: 'windows' },
  { name: 'windows', kind: 'choice', values: WINDOW_SIDES, multiple: 'any', types: ['flat', 'commercial'], group: 'windows' },
  // At least N hours of direct sun on 21 March (lot_insolation.march_minutes); the lowest threshold ticked decides.
  { name: 'sun_march', kind: 'choice', values: SUN_MARCH_HOURS, multiple: 'any', types: ['flat'], group: 'windows' },
  // Meets the insolation norm, SanPiN 1.2.3685-21 (lot_insolation.norm_met).
  { name: 'sun_norm', kind: 'flag', types: ['flat'], group: 'windows' },
] as const satisfies readonly FilterItemSpec[];

/** The same list, each item as its general shape (for code that walks every item). */
export const FILTER_ITEMS: readonly FilterItemSpec[] = LOT_FILTER_ITEMS;

type Item = (typeof LOT_FILTER_ITEMS)[number];
export type FilterItemName = Item['name'];
export type ChoiceItem = Extract<Item, { kind: 'choice' }>['name'];
export type RangeItem = Extract<Item, { kind: 'range' }>['name'];
export type FlagItem = Extract<Item, { kind: 'flag' }>['name'];

const named = <N extends string>(kind: FilterItemSpec['kind']) => LOT_FILTER_ITEMS.filter((item) => item.kind === kind).map((item) => item.name) as N[];
export const CHOICE_ITEMS: readonly ChoiceItem[] = named<ChoiceItem>('choice');
export const RANGE_ITEMS: readonly RangeItem[] = named<RangeItem>('range');
export const FLAG_ITEMS: readonly FlagItem[] = named<FlagItem>('flag');
/** Every item, in screen order: the keys of a facets answer. */
export const FACET_ITEMS: readonly FilterItemName[] = LOT_FILTER_ITEMS.map((item) => item.name);

/**
 * Whether an item means something for the lot types a filter chose: every item when none or all are chosen, else
 * those whose `types` meet the choice (the euro layout and "not the first floor" are not offered for parking spaces).
 * The facets answer leaves the others out and the filter form hides them.
 */
export function itemApplies(name: string, chosen: readonly string[] | undefined): boolean {
  const types = FILTER_ITEMS.find((item) => item.name === name)?.types;
  return !types || !chosen?.length || chosen.some((type) => (types as readonly string[]).includes(type));
}

/** A facets answer without the items that do not apply to the filter's lot types (`itemApplies`). */
export function applicableFacets<F extends { count: number; items: Record<string, unknown> }>(facets: F, chosen: readonly string[] | undefined): F {
  if (!chosen?.length) return facets;
  return { ...facets, items: Object.fromEntries(Object.entries(facets.items).filter(([name]) => itemApplies(name, chosen))) };
}

/** What the codec says when a choice value is unknown. */
export function choiceHint(item: ChoiceSpec): string {
  if (item.values)
    return `${item.values.join(', ')}${item.multiple === 'all' ? ' (a lot has all of them)' : item.multiple === 'any' ? ' (a lot has any of them)' : ''}`;
  return item.pattern === COMPLETION ? 'quarters like 2027-Q4, or done' : IDS_HINT;
}

export const ORDERINGS = [
  'recommended',
  'price',
  '-price',
  'monthly_payment',
  '-monthly_payment',
  'area',
  '-area',
  'price_per_m2',
  '-price_per_m2',
  'floor',
  '-floor',
  'completion',
  // Most reduced in the last 30 days first (ADR 019), then the cheapest.
  'price_reduced',
] as const;

type ChoiceValue<I> = I extends { values: readonly (infer V extends string)[] } ? V : string;

/** A lot filter's state: one key per item (ranges as `{name}_min`/`{name}_max`), then order and page. */
export type LotFilter = { [I in Extract<Item, { kind: 'choice' }> as I['name']]?: ChoiceValue<I>[] } & {
  [K in `${RangeItem}_${'min' | 'max'}`]?: number;
} & { [K in FlagItem]?: boolean } & {
  /** `recommended` (the default): flats first, then commercial premises, parking, storage; cheapest first within each. */
  ordering?: (typeof ORDERINGS)[number];
  /** The currency the price bounds are given in (ADR 037); none: roubles. Only with a price bound. */
  currency?: CurrencyCode;
  limit?: number;
  offset?: number;
};
