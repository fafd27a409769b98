import { describe, expect, it } from 'vitest';
import { parseLotFilter, serializeLotFilter } from '#core/catalogue/filter.ts';
import { filterInRoubles } from './filter.ts';

const rates = { date: '2026-11-28', perUnit: { usd: 78.2284, eur: 90.6135, cny: 11.0151, aed: 21.3025 } };
const parse = (query: string) => {
  const parsed = parseLotFilter(new URLSearchParams(query));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.filter;
};

describe('a price range in another currency', () => {
  it('is read by the filter codec beside the price bounds, and written after them', () => {
    const filter = parse('currency=usd&price_max=200000&rooms=2');
    expect(filter).toEqual({ rooms: ['2'], price_max: 200_000, currency: 'usd' });
    expect(serializeLotFilter(filter).toString()).toBe('rooms=2&price_max=200000&currency=usd');
  });

  it('names the field when the currency is not one the site offers', () => {
    expect(parseLotFilter(new URLSearchParams('currency=gbp&price_max=1'))).toEqual({
      ok: false,
      errors: { currency: ['Expected one of usd, eur, cny, aed'] },
    });
  });

  it('is left out without a price bound: it qualifies one', () => {
    expect(parse('currency=eur&rooms=1')).toEqual({ rooms: ['1'] });
  });

  it('is converted to roubles at the day’s rate, the lower bound down and the upper up', () => {
    expect(filterInRoubles(parse('currency=usd&price_min=100000&price_max=200000'), rates)).toEqual({
      filter: { price_min: 7_822_840, price_max: 15_645_680 },
      unconverted: false,
    });
    expect(filterInRoubles(parse('currency=cny&price_min=1000001'), rates).filter).toEqual({ price_min: 11_015_111 });
    expect(filterInRoubles(parse('currency=aed&price_max=333333'), rates).filter).toEqual({ price_max: 7_100_827 });
  });

  it('leaves roubles as they are', () => {
    expect(filterInRoubles(parse('price_max=15000000'), rates)).toEqual({ filter: { price_max: 15_000_000 }, unconverted: false });
  });

  it('is dropped without rates, and says so', () => {
    expect(filterInRoubles(parse('currency=usd&price_max=200000&rooms=2'), null)).toEqual({ filter: { rooms: ['2'] }, unconverted: true });
  });
});
