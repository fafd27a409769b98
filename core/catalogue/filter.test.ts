import { describe, expect, it } from 'vitest';
import { isEmptyLotFilter, LOT_FILTER_KEYS, lotFilterCriteria, parseLotFilter, serializeLotFilter } from './filter.ts';
import type { LotFilter } from './service.ts';

function parsed(input: ConstructorParameters<typeof URLSearchParams>[0] | Record<string, unknown>): LotFilter {
  const result = parseLotFilter(typeof input === 'string' ? new URLSearchParams(input) : (input as Record<string, string>));
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.filter;
}

function errorsOf(query: string): Record<string, string[]> {
  const result = parseLotFilter(new URLSearchParams(query));
  if (result.ok) throw new Error(`expected errors for ${query}`);
  return result.errors;
}

describe('parseLotFilter', () => {
  it('reads arrays as comma lists, ranges, booleans and numbers', () => {
    expect(
      parsed(
        'project=2,1&type=flat&rooms=3,0&euro=true&price_min=5000000&price_max=12500000.5&area_min=30&floor_min=-2&discount=1&not_first_floor=0&ordering=-price&limit=200&offset=40',
      ),
    ).toEqual({
      project: ['1', '2'],
      type: ['flat'],
      rooms: ['0', '3'],
      euro: true,
      price_min: 5_000_000,
      price_max: 12_500_000.5,
      area_min: 30,
      floor_min: -2,
      discount: true,
      not_first_floor: false,
      ordering: '-price',
      limit: 200,
      offset: 40,
    });
  });

  it('merges repeated keys, drops blanks and duplicates, orders choices canonically', () => {
    expect(parsed('type=pantry,flat&type=flat,,&status=sold,free&completion=2027-Q4,done&price_min=')).toEqual({
      type: ['flat', 'pantry'],
      status: ['free', 'sold'],
      completion: ['2027-Q4', 'done'],
    });
  });

  it('accepts a plain record, as from a form state or Fastify query', () => {
    expect(parsed({ type: ['flat', 'commercial'], rooms: '1,2', euro: false, price_max: 9e6, utm_source: 'x' })).toEqual({
      type: ['flat', 'commercial'],
      rooms: ['1', '2'],
      euro: false,
      price_max: 9e6,
    });
  });

  it('ignores unknown parameters', () => {
    expect(parsed('nometrics&utm_source=mail&lang=ru')).toEqual({});
  });

  it('names every bad field', () => {
    const errors = errorsOf('type=flat,villa&rooms=7&price_min=cheap&area_max=-1&euro=yes&ordering=name&limit=500&offset=-1&building=a%20b&completion=2027');
    expect(Object.keys(errors).sort()).toEqual(['area_max', 'building', 'completion', 'euro', 'limit', 'offset', 'ordering', 'price_min', 'rooms', 'type']);
    expect(errors.type?.[0]).toContain('"villa"');
  });

  it('rejects an inverted range on its _min field and several values for a scalar', () => {
    expect(errorsOf('price_min=10&price_max=5')).toEqual({ price_min: ['Must not exceed price_max'] });
    expect(errorsOf('limit=10&limit=20')).toEqual({ limit: ['Expected one value'] });
    expect(errorsOf('floor_min=1e3')).toHaveProperty('floor_min');
    expect(errorsOf('limit=0')).toHaveProperty('limit');
  });
});

describe('serializeLotFilter', () => {
  it('writes keys in a stable order whatever the object order', () => {
    const a = serializeLotFilter({ offset: 24, type: ['flat'], price_max: 9e6, project: ['1', '3'], euro: true });
    const b = serializeLotFilter({ euro: true, project: ['1', '3'], price_max: 9e6, type: ['flat'], offset: 24 });
    expect(a.toString()).toBe('project=1%2C3&type=flat&euro=true&price_max=9000000&offset=24');
    expect(b.toString()).toBe(a.toString());
  });

  it('omits empty arrays and undefined values', () => {
    expect(serializeLotFilter({ type: [], rooms: undefined, discount: false }).toString()).toBe('discount=false');
  });

  it('round-trips every key', () => {
    const filter: LotFilter = {
      project: ['1'],
      building: ['1-a'],
      type: ['flat', 'parking'],
      rooms: ['0', '4'],
      euro: true,
      price_min: 1,
      price_max: 2,
      currency: 'usd',
      monthly_payment_min: 30_000,
      monthly_payment_max: 95_000,
      area_min: 10.5,
      area_max: 99,
      floor_min: -1,
      floor_max: 25,
      completion: ['2026-Q1'],
      finish: ['whitebox'],
      status: ['free'],
      discount: true,
      not_first_floor: true,
      not_last_floor: false,
      features: ['master_bedroom', 'corner'],
      view: ['park', 'water'],
      windows: ['south'],
      sun_march: ['3'],
      sun_norm: true,
      ordering: '-monthly_payment',
      limit: 12,
      offset: 0,
    };
    expect(Object.keys(filter).sort()).toEqual([...LOT_FILTER_KEYS].sort());
    expect(parsed(serializeLotFilter(filter).toString())).toEqual(filter);
  });
});

describe('criteria helpers', () => {
  it('drops paging and ordering', () => {
    expect(lotFilterCriteria({ type: ['flat'], ordering: 'price', limit: 10, offset: 5 })).toEqual({ type: ['flat'] });
    expect(isEmptyLotFilter({ ordering: 'price', limit: 10 })).toBe(true);
    expect(isEmptyLotFilter({ euro: false })).toBe(false);
  });
});
