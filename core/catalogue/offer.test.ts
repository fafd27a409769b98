import { describe, expect, it } from 'vitest';
import { lotTerms, offerKind } from './offer.ts';
import { LOT_TYPES } from './types.ts';

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
  it('quotes the family-rate mortgage and lists every programme for a flat on sale', () => {
    expect(lotTerms({ type: 'flat', offer: 'sale' })).toEqual({
      finish: true,
      programmes: ['mortgage', 'family-mortgage', 'it-mortgage', 'installment'],
      mortgageQuote: true,
    });
  });

  it('gives parking and storage the standard mortgage and the instalment plan, no family rate and no finish', () => {
    for (const type of ['parking', 'pantry'] as const) {
      expect(lotTerms({ type, offer: 'sale' })).toEqual({ finish: false, programmes: ['mortgage', 'installment'], mortgageQuote: false });
    }
  });

  it('gives commercial premises on sale the instalment plan only, and their finish', () => {
    expect(lotTerms({ type: 'commercial', offer: 'sale' })).toEqual({ finish: true, programmes: ['installment'], mortgageQuote: false });
  });

  it('offers no programme at all for a lot let for rent or in presale', () => {
    for (const offer of ['rent', 'presale'] as const) {
      for (const type of LOT_TYPES) {
        const terms = lotTerms({ type, offer });
        expect(terms.programmes).toEqual([]);
        expect(terms.mortgageQuote).toBe(false);
      }
    }
    expect(lotTerms({ type: 'commercial', offer: 'rent' }).finish).toBe(true);
  });

  it('quotes a mortgage only where the family mortgage applies', () => {
    for (const type of LOT_TYPES) {
      for (const offer of ['sale', 'rent', 'presale'] as const) {
        const terms = lotTerms({ type, offer });
        expect(terms.mortgageQuote).toBe(terms.programmes.includes('family-mortgage'));
      }
    }
  });
});
