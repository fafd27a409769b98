import { describe, expect, it } from 'vitest';
import { waitSeconds } from './throttle.ts';

describe('waitSeconds', () => {
  it('waits nothing before the allowance, then from the first wait doubling with each failure, never past the cap', () => {
    expect([0, 1, 2, 3, 4].map((n) => waitSeconds(n, 5, 15, 900))).toEqual([0, 0, 0, 0, 0]);
    expect([5, 6, 7, 8].map((n) => waitSeconds(n, 5, 15, 900))).toEqual([15, 30, 60, 120]);
    expect(waitSeconds(50, 5, 15, 900)).toBe(900);
    expect(waitSeconds(10_000, 5, 15, 900)).toBe(900);
  });
});
