import { choiceHint, FLAG_ITEMS, LOT_FILTER_ITEMS, ORDERINGS, type FilterItemSpec, type LotFilter } from './filter-items.ts';
import type { LotStatus } from './types.ts';
import { CURRENCIES, isCurrencyCode } from '#core/currency/rates.ts';

/**
 * The one codec of the lot filter state (spec §3), used by the API and by the browser so a URL the filter
 * screen writes is exactly the URL the server reads. Arrays are comma lists (repeated keys are merged too),
 * ranges `{name}_min`/`{name}_max`, booleans `true`/`false` (also `1`/`0`), numbers plain.
 *
 * Parsing never applies defaults: an absent `status` stays absent and the service decides (see
 * DEFAULT_LOT_STATUSES). Unknown keys are ignored, because pages carry foreign parameters (utm_*, nometrics).
 */

/**
 * Lots shown when the visitor has not chosen a status: the lots for sale, which is what "for sale" means on every
 * surface (DESIGN "A lot has one commercial state"), so the filter, the home selector, the collections and the
 * project cards give one number. Booked lots, lots in an auction and sold ones are a status choice away.
 */
export const DEFAULT_LOT_STATUSES: readonly LotStatus[] = ['free'];
export const DEFAULT_LIMIT = 24;
/** The footer search asks for 200 (spec §9). */
export const MAX_LIMIT = 200;
/** Deep paging is a crawler pattern, not a visitor's; the cap keeps `offset` from being a cost lever. */
export const MAX_OFFSET = 100_000;

export { ORDERINGS, ROOM_CHOICES } from './filter-items.ts';
export const COMPLETED_CHOICE = 'done';

type ChoiceSpec = Extract<FilterItemSpec, { kind: 'choice' }>;
type RangeSpec = Extract<FilterItemSpec, { kind: 'range' }>;
type IntegerKey = 'limit' | 'offset';

/** Serialisation order: the items' order (ranges as `_min`, `_max`), then order and page. Stable, so equal filters give equal URLs (and cache keys). */
export const LOT_FILTER_KEYS = [
  ...LOT_FILTER_ITEMS.flatMap((item) =>
    item.kind === 'range' ? [`${item.name}_min`, `${item.name}_max`, ...('currencies' in item ? ['currency'] : [])] : [item.name],
  ),
  'ordering',
  'limit',
  'offset',
] as (keyof LotFilter)[];

const CHOICES = LOT_FILTER_ITEMS.filter((item): item is Extract<(typeof LOT_FILTER_ITEMS)[number], ChoiceSpec> => item.kind === 'choice');
const RANGES = LOT_FILTER_ITEMS.filter((item): item is Extract<(typeof LOT_FILTER_ITEMS)[number], RangeSpec> => item.kind === 'range');
const INTEGER_RULES: Record<IntegerKey, { min: number; max: number }> = { limit: { min: 1, max: MAX_LIMIT }, offset: { min: 0, max: MAX_OFFSET } };

/** The codec's bounds of `limit` and `offset` (the items' own rules are in filter-items.ts). */
export const PAGE_RULES = INTEGER_RULES;

type Scalar = string | number | boolean;
export type LotFilterInput = URLSearchParams | Readonly<Record<string, Scalar | readonly Scalar[] | null | undefined>>;
export type LotFilterErrors = Record<string, string[]>;
export type ParseLotFilterResult = { ok: true; filter: LotFilter } | { ok: false; errors: LotFilterErrors };

/** All raw values of a key, comma lists split, blanks dropped: `?type=flat,parking&type=pantry` → three. */
function rawValues(input: LotFilterInput, key: string): string[] {
  let raw: readonly Scalar[];
  if (input instanceof URLSearchParams) raw = input.getAll(key);
  else {
    const value = input[key];
    raw = value === undefined || value === null ? [] : Array.isArray(value) ? (value as readonly Scalar[]) : [value as Scalar];
  }
  return raw
    .flatMap((v) => String(v).split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

export function parseLotFilter(input: LotFilterInput): ParseLotFilterResult {
  const filter: LotFilter = {};
  const errors: LotFilterErrors = {};
  const fail = (key: string, message: string) => (errors[key] ??= []).push(message);
  const single = (key: string): string | undefined => {
    const values = rawValues(input, key);
    if (values.length > 1) fail(key, 'Expected one value');
    return values[0];
  };

  for (const item of CHOICES) {
    const key = item.name;
    const values = [...new Set(rawValues(input, key))];
    if (!values.length) continue;
    const allowed: readonly string[] | null = item.values;
    const pattern: RegExp | undefined = 'pattern' in item ? item.pattern : undefined;
    const bad = values.filter((v) => (allowed ? !allowed.includes(v) : !pattern?.test(v)));
    if (bad.length) {
      fail(key, `Unknown value${bad.length > 1 ? 's' : ''} ${bad.map((v) => JSON.stringify(v.slice(0, 64))).join(', ')}; expected ${choiceHint(item)}`);
      continue;
    }
    values.sort(allowed ? (a, b) => allowed.indexOf(a) - allowed.indexOf(b) : undefined);
    (filter as Record<string, string[]>)[key] = values;
  }

  for (const item of RANGES) {
    for (const key of [`${item.name}_min`, `${item.name}_max`] as const) {
      const raw = single(key);
      if (raw === undefined) continue;
      const value = Number(raw);
      if (!/^-?\d+(?:\.\d+)?$/.test(raw) || !Number.isFinite(value)) fail(key, 'Expected a number');
      else if (value < item.min || value > item.max) fail(key, `Expected a number from ${item.min} to ${item.max}`);
      else filter[key] = value;
    }
    const min = filter[`${item.name}_min`];
    const max = filter[`${item.name}_max`];
    if (min !== undefined && max !== undefined && min > max) fail(`${item.name}_min`, `Must not exceed ${item.name}_max`);
  }

  for (const key of FLAG_ITEMS) {
    const raw = single(key);
    if (raw === undefined) continue;
    if (raw === 'true' || raw === '1') filter[key] = true;
    else if (raw === 'false' || raw === '0') filter[key] = false;
    else fail(key, 'Expected true or false');
  }

  // The currency the price bounds are in (ADR 037): it qualifies a bound, so without one it says nothing and is left out.
  const currency = single('currency');
  if (currency !== undefined) {
    if (!isCurrencyCode(currency)) fail('currency', `Expected one of ${CURRENCIES.join(', ')}`);
    else if (RANGES.some((item) => 'currencies' in item && (filter[`${item.name}_min`] !== undefined || filter[`${item.name}_max`] !== undefined)))
      filter.currency = currency;
  }

  const ordering = single('ordering');
  if (ordering !== undefined) {
    if ((ORDERINGS as readonly string[]).includes(ordering)) filter.ordering = ordering as LotFilter['ordering'];
    else fail('ordering', `Expected one of ${ORDERINGS.join(', ')}`);
  }

  for (const [key, rule] of Object.entries(INTEGER_RULES) as [IntegerKey, { min: number; max: number }][]) {
    const raw = single(key);
    if (raw === undefined) continue;
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || value < rule.min || value > rule.max) fail(key, `Expected a whole number from ${rule.min} to ${rule.max}`);
    else filter[key] = value;
  }

  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, filter };
}

/** Canonical query parameters: keys in LOT_FILTER_KEYS order, arrays as comma lists, undefined and empty arrays omitted. */
export function serializeLotFilter(filter: LotFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of LOT_FILTER_KEYS) {
    const value = filter[key];
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      if (value.length) params.set(key, value.join(','));
    } else params.set(key, String(value));
  }
  return params;
}

/** The filter without paging and ordering: what decides the result set and the facets (a cache key, a "reset" test). */
export function lotFilterCriteria(filter: LotFilter): LotFilter {
  const { ordering: _o, limit: _l, offset: _f, ...criteria } = filter;
  return criteria;
}

export function isEmptyLotFilter(filter: LotFilter): boolean {
  return serializeLotFilter(lotFilterCriteria(filter)).size === 0;
}
