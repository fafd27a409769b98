import { describe, expect, it } from 'vitest';
import { chiSquarePValue, logGamma, percentileDisc, sampleRatioMismatch, upperGammaQ, wilsonInterval } from './stats.ts';

describe('Wilson score interval (95 %)', () => {
  it.each([
    // successes, n, low, high: published values (Newcombe 1998, table I; and the textbook 0/10, 5/10, 1/10 cases).
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
    [0, 10, 0, 0.2775],
    [5, 10, 0.2366, 0.7634],
    [1, 10, 0.0179, 0.4042],
  ])('%i of %i is [%f, %f]', (x, n, low, high) => {
    const ci = wilsonInterval(x, n);
    expect(ci.rate).toBeCloseTo(x / n, 12);
    expect(ci.low).toBeCloseTo(low, 4);
    expect(ci.high).toBeCloseTo(high, 4);
  });

  it('is [0, 1] without visitors and stays within [0, 1]', () => {
    expect(wilsonInterval(0, 0)).toEqual({ rate: 0, low: 0, high: 1 });
    const all = wilsonInterval(10, 10);
    expect(all.high).toBe(1);
    expect(all.low).toBeCloseTo(0.7225, 4);
  });
});

describe('chi-square p-values', () => {
  it('knows the gamma function', () => {
    expect(Math.exp(logGamma(5))).toBeCloseTo(24, 10);
    expect(Math.exp(logGamma(0.5))).toBeCloseTo(Math.sqrt(Math.PI), 12);
    expect(upperGammaQ(1, 2)).toBeCloseTo(Math.exp(-2), 14);
  });

  it.each([
    // statistic, df, p (the critical values of the chi-square table)
    [3.841458820694124, 1, 0.05],
    [6.634896601021214, 1, 0.01],
    [10.827566170662733, 1, 0.001],
    [5.991464547107979, 2, 0.05],
    [13.815510557964274, 2, 0.001],
    [7.814727903251179, 3, 0.05],
    [16.26623619623813, 3, 0.001],
    [18.307038053275146, 10, 0.05],
    [124.34211340400407, 100, 0.05],
  ])('χ² = %f with %i df has p = %f', (x, df, p) => {
    expect(chiSquarePValue(x, df)).toBeCloseTo(p, 9);
  });

  it('is 1 at 0 and tends to 0', () => {
    expect(chiSquarePValue(0, 1)).toBe(1);
    expect(chiSquarePValue(1000, 1)).toBeLessThan(1e-200);
  });
});

describe('sample ratio mismatch', () => {
  it('accepts a fair 50/50 split and flags a skewed one at p < 0.001', () => {
    const fair = sampleRatioMismatch([5030, 4970], [1, 1]);
    expect(fair.chiSquare).toBeCloseTo(0.36, 10);
    expect(fair.pValue).toBeCloseTo(0.548506, 5);
    expect(fair.mismatch).toBe(false);
    // 821 vs 1000 expected 910.5 each: χ² = 2·89.5²/910.5 = 17.595
    const skewed = sampleRatioMismatch([821, 1000], [0.5, 0.5]);
    expect(skewed.chiSquare).toBeCloseTo(17.595, 3);
    expect(skewed.pValue).toBeLessThan(0.001);
    expect(skewed.mismatch).toBe(true);
  });

  it('checks against unequal weights, and a variation given no weight that has visitors', () => {
    expect(sampleRatioMismatch([800, 200], [80, 20]).chiSquare).toBe(0);
    const wrong = sampleRatioMismatch([500, 500], [0.8, 0.2]);
    expect(wrong.mismatch).toBe(true);
    expect(sampleRatioMismatch([10, 1], [1, 0])).toMatchObject({ mismatch: true, pValue: 0 });
    expect(sampleRatioMismatch([0, 0], [1, 1])).toMatchObject({ mismatch: false, pValue: 1 });
  });
});

it('takes the nearest-rank percentile like percentile_disc', () => {
  expect(percentileDisc([4, 1, 3, 2], 0.75)).toBe(3);
  expect(percentileDisc([1, 2, 3, 4, 5], 0.75)).toBe(4);
  expect(percentileDisc([7], 0.75)).toBe(7);
  expect(percentileDisc([], 0.75)).toBeNull();
});
