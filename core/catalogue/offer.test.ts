import { describe, expect, it } from 'vitest';
import { lotTerms, offerKind } from './offer.ts';

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
