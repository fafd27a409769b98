/** The benches' summaries, each said once: the middle item (the upper of two for an even count) and the nearest-rank percentile. */

/** The middle item by `by` (the upper middle for an even count); throws on no items, never a figure of nothing. */
export function medianBy<T>(items: readonly T[], by: (item: T) => number): T {
  if (!items.length) throw new Error('a median of no values');
  return [...items].sort((a, b) => by(a) - by(b))[Math.floor(items.length / 2)]!;
}

/** The middle value (the upper middle for an even count); throws on no values. */
export const median = (values: readonly number[]): number => medianBy(values, (value) => value);

/** The nearest-rank percentile `p` (0–100) of values sorted ascending; NaN for none. */
export const percentile = (sorted: readonly number[], p: number): number =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]! : Number.NaN;
