import type { LotFilter } from '#core/catalogue/filter-items.ts';
import type { ChosenRate } from '#core/currency/rates.ts';

type Range = { min: number; max: number };
type Bounds = { min?: number | undefined; max?: number | undefined };

/**
 * The filter's price range in the visitor's currency (ADR 037): the catalogue's bounds and counts are in roubles,
 * shown in the currency at the day's rate; what the visitor sets is written in the currency with `currency=`, which
 * the server converts back (core/currency/filter.ts). Bounds already in roubles (a link, the home selector) are
 * shown converted until the visitor moves them.
 */
export function priceRangeIn(rate: ChosenRate, draft: LotFilter, bounds: Range, available: Range | null | undefined) {
  const down = (roubles: number) => Math.floor(roubles / rate.perUnit);
  const up = (roubles: number) => Math.ceil(roubles / rate.perUnit);
  const inCurrency = draft.currency === rate.code;
  const shown = (value: number | undefined, round: (roubles: number) => number) => (value === undefined ? undefined : inCurrency ? value : round(value));
  return {
    bounds: { min: down(bounds.min), max: up(bounds.max) },
    available: available ? { min: down(available.min), max: up(available.max) } : undefined,
    value: { min: shown(draft.price_min, down), max: shown(draft.price_max, up) },
    /** The draft with the range set in the currency (no bound: no currency either). */
    set: (next: Bounds): LotFilter => ({
      ...draft,
      price_min: next.min,
      price_max: next.max,
      currency: next.min === undefined && next.max === undefined ? undefined : rate.code,
    }),
  };
}
