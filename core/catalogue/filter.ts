import type { LotFilter } from './service.ts';
import { FINISHES, LOT_STATUSES, LOT_TYPES, type LotStatus } from './types.ts';

/**
 * The one codec of the lot filter state (spec §3), used by the API and by the browser so a URL the filter
 * screen writes is exactly the URL the server reads. Arrays are comma lists (repeated keys are merged too),
 * ranges `{name}_min`/`{name}_max`, booleans `true`/`false` (also `1`/`0`), numbers plain.
 *
 * Parsing never applies defaults: an absent `status` stays absent and the service decides (see
 * DEFAULT_LOT_STATUSES). Unknown keys are ignored, because pages carry foreign parameters (utm_*, nometrics).
 */

/** Lots shown when the visitor has not chosen a status: booked lots often come back on sale, sold ones never do. */
export const DEFAULT_LOT_STATUSES: readonly LotStatus[] = ['free', 'booked'];
export const DEFAULT_LIMIT = 24;
/** The footer search asks for 200 (spec §9). */
export const MAX_LIMIT = 200;
/** Deep paging is a crawler pattern, not a visitor's; the cap keeps `offset` from being a cost lever. */
export const MAX_OFFSET = 100_000;

export const ROOM_CHOICES = ['0', '1', '2', '3', '4'] as const;
export const ORDERINGS = ['recommended', 'price', '-price', 'area', '-area', 'price_per_m2', '-price_per_m2', 'floor', '-floor', 'completion'] as const;
export const COMPLETED_CHOICE = 'done';

type ArrayKey = 'project' | 'building' | 'type' | 'rooms' | 'completion' | 'finish' | 'status';
type NumberKey = 'price_min' | 'price_max' | 'area_min' | 'area_max' | 'floor_min' | 'floor_max';
type BooleanKey = 'euro' | 'discount' | 'not_first_floor' | 'not_last_floor';
type IntegerKey = 'limit' | 'offset';

/** Serialisation order: stable, so equal filters give equal URLs (and cache keys). */
export const LOT_FILTER_KEYS = [
  'project',
  'building',
  'type',
  'rooms',
  'euro',
  'price_min',
  'price_max',
  'area_min',
  'area_max',
  'floor_min',
  'floor_max',
  'completion',
  'finish',
  'status',
  'discount',
  'not_first_floor',
  'not_last_floor',
  'ordering',
  'limit',
  'offset',
] as const satisfies readonly (keyof LotFilter)[];

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const COMPLETION = /^(?:\d{4}-Q[1-4]|done)$/;

/** Allowed values in canonical order; `null` means free-form ids, kept in lexicographic order. */
const ARRAY_RULES: Record<ArrayKey, { values: readonly string[] | null; pattern?: RegExp; hint: string }> = {
  project: { values: null, pattern: ID, hint: 'ids of letters, digits, _ and -' },
  building: { values: null, pattern: ID, hint: 'ids of letters, digits, _ and -' },
  type: { values: LOT_TYPES, hint: LOT_TYPES.join(', ') },
  rooms: { values: ROOM_CHOICES, hint: ROOM_CHOICES.join(', ') },
  completion: { values: null, pattern: COMPLETION, hint: 'quarters like 2027-Q4, or done' },
  finish: { values: FINISHES, hint: FINISHES.join(', ') },
  status: { values: LOT_STATUSES, hint: LOT_STATUSES.join(', ') },
};

const NUMBER_RULES: Record<NumberKey, { min: number; max: number }> = {
  price_min: { min: 0, max: 1e11 },
  price_max: { min: 0, max: 1e11 },
  area_min: { min: 0, max: 1e5 },
  area_max: { min: 0, max: 1e5 },
  // Underground floors are negative: parking and storage rooms.
  floor_min: { min: -20, max: 300 },
  floor_max: { min: -20, max: 300 },
};
const RANGES = ['price', 'area', 'floor'] as const;
const BOOLEAN_KEYS: readonly BooleanKey[] = ['euro', 'discount', 'not_first_floor', 'not_last_floor'];
const INTEGER_RULES: Record<IntegerKey, { min: number; max: number }> = { limit: { min: 1, max: MAX_LIMIT }, offset: { min: 0, max: MAX_OFFSET } };

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

  for (const [key, rule] of Object.entries(ARRAY_RULES) as [ArrayKey, (typeof ARRAY_RULES)[ArrayKey]][]) {
    const values = [...new Set(rawValues(input, key))];
    if (!values.length) continue;
    const bad = values.filter((v) => (rule.values ? !rule.values.includes(v) : !rule.pattern?.test(v)));
    if (bad.length) {
      fail(key, `Unknown value${bad.length > 1 ? 's' : ''} ${bad.map((v) => JSON.stringify(v.slice(0, 64))).join(', ')}; expected ${rule.hint}`);
      continue;
    }
    const order = rule.values;
    values.sort(order ? (a, b) => order.indexOf(a) - order.indexOf(b) : undefined);
    (filter as Record<ArrayKey, string[]>)[key] = values;
  }

  for (const [key, rule] of Object.entries(NUMBER_RULES) as [NumberKey, { min: number; max: number }][]) {
    const raw = single(key);
    if (raw === undefined) continue;
    const value = Number(raw);
    if (!/^-?\d+(?:\.\d+)?$/.test(raw) || !Number.isFinite(value)) fail(key, 'Expected a number');
    else if (value < rule.min || value > rule.max) fail(key, `Expected a number from ${rule.min} to ${rule.max}`);
    else filter[key] = value;
  }
  for (const name of RANGES) {
    const min = filter[`${name}_min`];
    const max = filter[`${name}_max`];
    if (min !== undefined && max !== undefined && min > max) fail(`${name}_min`, `Must not exceed ${name}_max`);
  }

  for (const key of BOOLEAN_KEYS) {
    const raw = single(key);
    if (raw === undefined) continue;
    if (raw === 'true' || raw === '1') filter[key] = true;
    else if (raw === 'false' || raw === '0') filter[key] = false;
    else fail(key, 'Expected true or false');
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
