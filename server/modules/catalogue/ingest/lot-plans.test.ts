import { describe, expect, it } from 'vitest';
import { lotPlanSvg } from './plan-drawings.ts';
import { generateCatalogue } from './generate.ts';
import { FLAT_LAYOUTS, LOT_LAYOUT_CODES, layoutShares, lotPlanSrc, type FlatLayoutCode } from './layouts.ts';

/** Areas are given to a tenth of a square metre. */
const ROUNDING = 0.05 + 1e-9;

/** The words a picture's <text> elements would show. */
const texts = (svg: string) => [...svg.matchAll(/<text\b[^>]*>([^<]*)<\/text>/g)].map((match) => match[1]!);

describe('lot plan pictures', () => {
  it.each(LOT_LAYOUT_CODES)('the shared plan of %s carries no figures and no words of any language', (code) => {
    const svg = lotPlanSvg(code);
    expect(texts(svg)).toEqual([]);
    expect(svg.replace(/<[^>]*>/g, '')).toBe('');
    expect(svg).not.toMatch(/[\u0400-\u04ff\u4e00-\u9fff]/);
  });

  it('names each plan with its drawing edition, so a changed picture never hides behind an immutable URL', () => {
    expect(lotPlanSrc('2k')).toMatch(/^catalogue\/lots\/2k\.v\d+\.png$/);
  });
});

describe('demo catalogue areas', () => {
  const flats = generateCatalogue().lots.filter((lot) => lot.type === 'flat');

  it('derives living and kitchen areas from the layout: they add up under the total, in the plan’s shares', () => {
    expect(flats.length).toBeGreaterThan(100);
    for (const lot of flats) {
      const code = lot.layout as FlatLayoutCode;
      const shares = layoutShares(FLAT_LAYOUTS[code]);
      const where = `flat ${lot.number} (${code})`;
      expect(lot.livingArea, where).not.toBeNull();
      expect(lot.livingArea! + (lot.kitchenArea ?? 0), where).toBeLessThanOrEqual(lot.area);
      expect(Math.abs(lot.livingArea! - lot.area * shares.living), where).toBeLessThanOrEqual(ROUNDING);
      if (shares.kitchen === null) expect(lot.kitchenArea, where).toBeNull();
      else expect(Math.abs(lot.kitchenArea! - lot.area * shares.kitchen), where).toBeLessThanOrEqual(ROUNDING);
    }
  });

  it('gives two studios of different totals different living areas (no one figure for every studio)', () => {
    const studios = flats.filter((lot) => lot.layout === 'st');
    expect(new Set(studios.map((lot) => lot.livingArea)).size).toBeGreaterThan(5);
  });

  it('sizes the kitchen-living room of a euro layout above the kitchen of a classic one of the same rooms', () => {
    const euro = layoutShares(FLAT_LAYOUTS['2e']);
    const classic = layoutShares(FLAT_LAYOUTS['2k']);
    expect(euro.kitchen!).toBeGreaterThan(classic.kitchen!);
    expect(classic.living).toBeGreaterThan(euro.living);
  });
});
