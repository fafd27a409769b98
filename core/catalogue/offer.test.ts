import { describe, expect, it } from 'vitest';
import { lotTerms, offerKind } from './offer.ts';
import { offeredPrice } from './types.ts';

describe('offerKind', () => {
  it('says rent for premises let for rent, whatever the project', () => {
    expect(offerKind({ advertisement: 'rent', projectStatus: 'construction' })).toBe('rent');
    expect(offerKind({ advertisement: 'rent', projectStatus: 'presale' })).toBe('rent');
  });

  it('says presale for a project not yet on sale, sale otherwise', () => {
    expect(offerKind({ advertisement: null, projectStatus: 'presale' })).toBe('presale');
    expect(offerKind({ advertisement: 'sale', projectStatus: 'completed' })).toBe('sale');
    expect(offerKind({ advertisement: undefined, projectStatus: 'construction' })).toBe('sale');
  });
});

describe('lotTerms', () => {
  it('names a finish for flats and premises only, however they are offered', () => {
    for (const offer of ['sale', 'rent', 'presale'] as const) {
      expect(lotTerms({ type: 'flat', offer }).finish).toBe(true);
      expect(lotTerms({ type: 'commercial', offer }).finish).toBe(true);
      expect(lotTerms({ type: 'parking', offer }).finish).toBe(false);
      expect(lotTerms({ type: 'pantry', offer }).finish).toBe(false);
    }
  });
});

describe('offeredPrice (the lead e-mail and the CRM card say this one)', () => {
  it('is the list price of a lot that shows one, the rent of one let', () => {
    for (const status of ['free', 'booked', 'held', 'reserved'] as const) expect(offeredPrice({ status, price: 9_000_000, auction: null })).toBe(9_000_000);
  });
  it('is none once sold', () => {
    expect(offeredPrice({ status: 'sold', price: 9_000_000, auction: null })).toBeNull();
  });
  it("is an auction's best bid, else its start price, never the list price", () => {
    expect(offeredPrice({ status: 'auction', price: 9_000_000, auction: { startPrice: 7_000_000, bestAmount: null } })).toBe(7_000_000);
    expect(offeredPrice({ status: 'auction', price: 9_000_000, auction: { startPrice: 7_000_000, bestAmount: 7_250_000 } })).toBe(7_250_000);
    expect(offeredPrice({ status: 'auction', price: 9_000_000, auction: null })).toBeNull();
  });
});
