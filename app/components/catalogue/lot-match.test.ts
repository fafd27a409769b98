import { describe, expect, it } from 'vitest';
import { lotMatchesFilter } from './lot-match.ts';
import { lotFixture } from '#tests/fixtures/catalogue.ts';

describe('lotMatchesFilter', () => {
  const lot = lotFixture({ rooms: 2, price: 12_400_000, area: 61.2, floor: 12, finish: 'whitebox', status: 'free' });

  it('matches an empty filter', () => {
    expect(lotMatchesFilter(lot, {})).toBe(true);
  });

  it('matches rooms, with 4 meaning four and more', () => {
    expect(lotMatchesFilter(lot, { rooms: ['1', '2'] })).toBe(true);
    expect(lotMatchesFilter(lot, { rooms: ['3'] })).toBe(false);
    expect(lotMatchesFilter(lotFixture({ rooms: 5 }), { rooms: ['4'] })).toBe(true);
    expect(lotMatchesFilter(lotFixture({ type: 'parking', rooms: null }), { rooms: ['0'] })).toBe(false);
  });

  it('matches ranges inclusively', () => {
    expect(lotMatchesFilter(lot, { price_min: 12_400_000, price_max: 12_400_000 })).toBe(true);
    expect(lotMatchesFilter(lot, { area_max: 60 })).toBe(false);
    expect(lotMatchesFilter(lot, { floor_min: 13 })).toBe(false);
  });

  it('matches finish, status, discount and the first/last floor flags', () => {
    expect(lotMatchesFilter(lot, { finish: ['finished'] })).toBe(false);
    // A parking space has no finish: "no finish" does not pick it.
    expect(lotMatchesFilter(lotFixture({ type: 'parking', rooms: null, finish: 'none' }), { finish: ['none'] })).toBe(false);
    expect(lotMatchesFilter(lotFixture({ finish: 'none' }), { finish: ['none'] })).toBe(true);
    expect(lotMatchesFilter(lot, { status: ['booked'] })).toBe(false);
    expect(lotMatchesFilter(lot, { discount: true })).toBe(false);
    expect(lotMatchesFilter(lotFixture({ floor: 1 }), { not_first_floor: true })).toBe(false);
    expect(lotMatchesFilter(lot, { not_last_floor: true }, { lowest: 1, highest: 12 })).toBe(false);
  });

  it('matches completion, a completed lot being "done"', () => {
    expect(lotMatchesFilter(lotFixture({ completion: null }), { completion: ['done'] })).toBe(true);
    expect(lotMatchesFilter(lotFixture({ completion: '2027-Q4' }), { completion: ['done'] })).toBe(false);
  });
});
