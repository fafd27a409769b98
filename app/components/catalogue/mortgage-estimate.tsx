import { useId, useState } from 'react';
import { annuityPayment } from '#core/catalogue/mortgage.ts';
import type { LotDetail } from '#core/catalogue/types.ts';
import { useT } from '#app/lib/i18n.tsx';
import { useCatalogueFormat } from './format.ts';
import { useHydrated } from './use-hydrated.ts';

const YEARS = [10, 15, 20, 25, 30] as const;
const DOWN_SHARES = { min: 10, max: 90, step: 5 } as const;

/**
 * The monthly payment: the server's estimate first (what crawlers and no-JavaScript visitors see), then,
 * once interactive, the down payment and the term to play with, recomputed with the same annuity formula.
 */
export function MortgageEstimate({ price, estimate }: { price: number; estimate: NonNullable<LotDetail['monthlyPayment']> }) {
  const t = useT();
  const format = useCatalogueFormat();
  const hydrated = useHydrated();
  const id = useId();
  const initialShare = price > 0 ? Math.round((estimate.downPayment / price) * 100) : 20;
  const [share, setShare] = useState(Math.min(Math.max(initialShare, DOWN_SHARES.min), DOWN_SHARES.max));
  const [years, setYears] = useState<number>(estimate.years);
  const changed = share !== initialShare || years !== estimate.years;
  const downPayment = changed ? Math.round((price * share) / 100) : estimate.downPayment;
  const amount = changed ? annuityPayment(price - downPayment, estimate.rate, years) : estimate.amount;

  return (
    <div className="rounded-2xl bg-brand-50 p-4">
      <p className="text-sm text-muted">{t('catalogue.lot.mortgage')}</p>
      <p className="text-xl font-extrabold text-brand-800 tabular-nums" aria-live="polite">
        {t('catalogue.lot.monthly', { amount: format.money(amount) })}
      </p>
      <p className="mt-1 text-xs text-muted">
        {t('catalogue.lot.mortgageTerms', { rate: format.percent(estimate.rate), down: format.money(downPayment), years })}
      </p>
      {hydrated ? (
        <div className="mt-3 grid grid-cols-[1fr_auto] items-end gap-3 border-t border-brand-100 pt-3 print:hidden">
          <div className="text-sm">
            <p className="flex justify-between gap-2">
              <label htmlFor={`${id}-down`}>{t('catalogue.lot.downPayment')}</label>
              <span className="font-semibold tabular-nums">{share}&nbsp;%</span>
            </p>
            <input
              id={`${id}-down`}
              type="range"
              min={DOWN_SHARES.min}
              max={DOWN_SHARES.max}
              step={DOWN_SHARES.step}
              value={share}
              onChange={(event) => setShare(Number(event.target.value))}
              aria-valuetext={`${share} %, ${format.money(Math.round((price * share) / 100))}`}
              className="mt-2 block w-full accent-brand-700"
            />
          </div>
          <label htmlFor={`${id}-years`} className="text-sm">
            <span className="block">{t('catalogue.lot.years')}</span>
            <select
              id={`${id}-years`}
              value={years}
              onChange={(event) => setYears(Number(event.target.value))}
              className="mt-1 min-h-10 rounded-lg bg-white px-2 font-semibold ring-1 ring-line"
            >
              {[...new Set([...YEARS, estimate.years])]
                .sort((a, b) => a - b)
                .map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
            </select>
          </label>
        </div>
      ) : null}
    </div>
  );
}
