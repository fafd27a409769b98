/**
 * The statistics of the experiments report (scripts/experiments-report.ts): a conversion's 95 % interval
 * (Wilson's score interval, right near 0 % and with few visitors, where the normal approximation is not) and
 * the sample-ratio-mismatch test (Pearson's chi-square goodness of fit against the configured weights).
 */

/** The standard normal quantile of 0.975: a two-sided 95 % interval. */
export const Z_95 = 1.959963984540054;

/** Wilson's score interval for `successes` out of `n` (both bounds within [0, 1]); [0, 1] when n is 0. */
export function wilsonInterval(successes: number, n: number, z = Z_95): { rate: number; low: number; high: number } {
  if (n <= 0) return { rate: 0, low: 0, high: 1 };
  const p = successes / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  // At 0 % and 100 % the bound is exactly 0 (or 1); floating point would leave 1e-17 off it.
  return { rate: p, low: successes === 0 ? 0 : Math.max(0, centre - half), high: successes === n ? 1 : Math.min(1, centre + half) };
}

/** ln Γ(x) for x > 0 (Lanczos, g = 7, 9 terms: about 15 significant digits). */
export function logGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012,
    9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const xm = x - 1;
  let a = c[0]!;
  const t = xm + 7.5;
  for (let i = 1; i < 9; i++) a += c[i]! / (xm + i);
  return 0.5 * Math.log(2 * Math.PI) + (xm + 0.5) * Math.log(t) - t + Math.log(a);
}

/** The upper regularized incomplete gamma function Q(a, x) = Γ(a, x) / Γ(a) (series below a + 1, continued fraction above). */
export function upperGammaQ(a: number, x: number): number {
  if (x <= 0) return 1;
  const lnPrefix = -x + a * Math.log(x) - logGamma(a);
  if (x < a + 1) {
    let sum = 1 / a;
    let term = sum;
    for (let n = 1; n < 1000; n++) {
      term *= x / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * 1e-16) break;
    }
    return Math.max(0, 1 - sum * Math.exp(lnPrefix));
  }
  // Lentz's method for the continued fraction of Γ(a, x).
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 1000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return Math.min(1, Math.exp(lnPrefix) * h);
}

/** P(χ²(df) ≥ x): the p-value of a chi-square statistic. */
export function chiSquarePValue(x: number, df: number): number {
  if (df <= 0) return 1;
  return upperGammaQ(df / 2, x / 2);
}

/** Below this p-value a split is a sample ratio mismatch (the usual threshold: SRM is checked on every experiment). */
export const SRM_P = 0.001;

/**
 * Pearson's goodness of fit of the visitors per variation to the weights (any positive numbers, normalised):
 * the statistic, its degrees of freedom and p-value, and whether it is a mismatch (p < SRM_P).
 */
export function sampleRatioMismatch(
  observed: readonly number[],
  weights: readonly number[],
): { chiSquare: number; df: number; pValue: number; mismatch: boolean } {
  if (observed.length !== weights.length) throw new Error('one weight per variation');
  const total = observed.reduce((a, b) => a + b, 0);
  const weightSum = weights.reduce((a, b) => a + b, 0);
  if (observed.length < 2 || total === 0 || weightSum <= 0) return { chiSquare: 0, df: Math.max(0, observed.length - 1), pValue: 1, mismatch: false };
  let chiSquare = 0;
  for (let i = 0; i < observed.length; i++) {
    const expected = (total * weights[i]!) / weightSum;
    if (expected === 0) {
      // A variation given no traffic that has some is a mismatch whatever the rest says.
      if (observed[i]! > 0) return { chiSquare: Infinity, df: observed.length - 1, pValue: 0, mismatch: true };
      continue;
    }
    chiSquare += (observed[i]! - expected) ** 2 / expected;
  }
  const df = observed.length - 1;
  const pValue = chiSquarePValue(chiSquare, df);
  return { chiSquare, df, pValue, mismatch: pValue < SRM_P };
}

/** The nearest-rank percentile (PostgreSQL's `percentile_disc`): the value at rank ⌈q·n⌉ of the sorted values. */
export function percentileDisc(values: readonly number[], q: number): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)]!;
}
