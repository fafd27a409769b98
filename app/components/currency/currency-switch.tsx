import { useId } from 'react';
import { useLocation } from 'react-router';
import { CURRENCIES } from '#core/currency/rates.ts';
import { rateDay } from '#core/currency/format.ts';
import { CsrfField } from '#app/lib/csrf.tsx';
import { useVisitorCurrency } from '#app/lib/currency.tsx';
import { useLocale, useLocalePath, useT } from '#app/lib/i18n.tsx';
import { buttonClass } from '#app/components/ui/button.tsx';

/** The switch's value for "roubles only": the cookie is expired. */
export const CURRENCY_NONE = 'rub';

/**
 * The currency prices are also shown in (ADR 037): a plain form posting to `/currency`, which stores the choice in a
 * cookie and comes back to this page — the same without JavaScript. The page rendered for a visitor without the
 * cookie shows roubles only and stays the same for everyone (public, cacheable); the choice makes that visitor's
 * pages their own.
 */
export function CurrencySwitch({ className = '' }: { className?: string }) {
  const t = useT();
  const locale = useLocale();
  const lp = useLocalePath();
  const location = useLocation();
  const visitor = useVisitorCurrency();
  const id = useId();
  const chosen = visitor?.code ?? CURRENCY_NONE;
  const note = visitor ? (visitor.rate ? t('currency.switch.hint', { date: rateDay(locale, visitor.rate.date) }) : t('currency.switch.stale')) : null;
  return (
    <form method="post" action={lp('/currency')} className={`currency-switch ${className}`.trim()} aria-describedby={note ? `${id}-note` : undefined}>
      <CsrfField />
      <input type="hidden" name="back" value={location.pathname + location.search} />
      <label htmlFor={`${id}-select`} className="currency-switch-label">
        {t('currency.switch.label')}
      </label>
      <span className="flex flex-wrap items-center gap-2">
        <select id={`${id}-select`} name="currency" defaultValue={chosen} className="currency-switch-select">
          <option value={CURRENCY_NONE}>{t('currency.switch.none')}</option>
          {CURRENCIES.map((code) => (
            <option key={code} value={code}>
              {`${t(`currency.names.${code}`)} (${code.toUpperCase()})`}
            </option>
          ))}
        </select>
        <button type="submit" className={buttonClass('inverse', 'sm')}>
          {t('currency.switch.submit')}
        </button>
      </span>
      {note ? (
        <p id={`${id}-note`} className="currency-switch-note">
          {note}
        </p>
      ) : null}
    </form>
  );
}
