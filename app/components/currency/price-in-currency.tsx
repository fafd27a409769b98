import type { LotFilter } from '#core/catalogue/filter-items.ts';
import type { Facets, SpecItem } from '#core/catalogue/types.ts';
import { currencyAmount, rateDay } from '#core/currency/format.ts';
import type { ChosenRate } from '#core/currency/rates.ts';
import { RangeSlider } from '#app/components/catalogue/range-slider.tsx';
import { useLocale, useT } from '#app/lib/i18n.tsx';
import { priceRangeIn } from './price-range.ts';

/**
 * The filter's price range in the visitor's currency (ADR 037): the slider and fields in dollars (or euros, yuan,
 * dirhams), the bounds sent with `currency=`, which the server converts to roubles at the rate named under it.
 * Without JavaScript the hidden field sends the currency with the bounds.
 */
export function PriceInCurrency({
  spec,
  facet,
  draft,
  onChange,
  rate,
}: {
  spec: Extract<SpecItem, { kind: 'range' }>;
  facet: Facets['items'][string] | undefined;
  draft: LotFilter;
  onChange: (next: LotFilter) => void;
  rate: ChosenRate;
}) {
  const t = useT();
  const locale = useLocale();
  const range = priceRangeIn(rate, draft, spec.range, facet?.range);
  const code = rate.code.toUpperCase();
  return (
    <div>
      <RangeSlider
        name="price"
        label={spec.label}
        unit={code}
        bounds={range.bounds}
        available={range.available}
        value={range.value}
        onChange={(next) => onChange(range.set(next))}
        format={(value) => currencyAmount(locale, rate.code, value)}
      />
      <input type="hidden" name="currency" value={rate.code} />
      <p className="mt-1 text-xs text-muted">{t('currency.filter.hint', { code, date: rateDay(locale, rate.date) })}</p>
    </div>
  );
}
