import type { LotFilter } from '#core/catalogue/filter-items.ts';
import type { CurrencyRates } from './rates.ts';

/**
 * The lot filter with its price bounds in roubles (ADR 037): bounds given in a currency (`currency=usd`) are
 * converted at the day's Bank of Russia rate, the lower one down and the upper one up to the whole rouble, so a lot
 * priced exactly at a bound stays in. Without rates (none stored, or stale) the bounds cannot be read: they are
 * left out, and `unconverted` says so, for the page to tell the visitor and the API to refuse.
 */
export function filterInRoubles(filter: LotFilter, rates: CurrencyRates | null): { filter: LotFilter; unconverted: boolean } {
  const { currency, ...rest } = filter;
  if (!currency) return { filter, unconverted: false };
  if (!rates) {
    const { price_min: _min, price_max: _max, ...withoutPrice } = rest;
    return { filter: withoutPrice, unconverted: true };
  }
  const perUnit = rates.perUnit[currency];
  // The product to a ten-thousandth of a rouble first: 100 000 × 78,2284 is 7 822 840, not 7 822 839,999….
  const roubles = (amount: number) => Math.round(amount * perUnit * 1e4) / 1e4;
  return {
    filter: {
      ...rest,
      ...(rest.price_min !== undefined ? { price_min: Math.floor(roubles(rest.price_min)) } : {}),
      ...(rest.price_max !== undefined ? { price_max: Math.ceil(roubles(rest.price_max)) } : {}),
    },
    unconverted: false,
  };
}
