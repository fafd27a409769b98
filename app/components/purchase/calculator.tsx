import { useId, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { CALCULATOR_LIMITS } from '#core/purchase/calculator.ts';
import { SelectField } from '#app/components/ui/field.tsx';
import { buttonClass } from '#app/components/ui/button.tsx';
import { useHydrated } from '#app/lib/hydration.ts';
import { useT } from '#app/lib/i18n.tsx';
import { CalculatorOffers } from './offers.tsx';
import { CALCULATOR_ID, type Calculator } from './use-calculator.ts';
import { usePurchaseWords } from './words.ts';

/** The calculator's sums (app/app.css `.calc-input`): a text field with figures. */
const CONTROL = 'calc-input';
const MONTHS = [3, 6, 12, 18, 24, 36, 48, 60];

/**
 * The payment calculator: a GET form the page's loader answers (it works without JavaScript: "Calculate" sends it
 * and the server renders the same figures), and, once the page runs its script, live: every change is computed in
 * the browser by core/purchase and kept in the URL. The offers beside it (below on a phone).
 */
export function PaymentCalculator({ calc }: { calc: Calculator }) {
  const t = useT();
  const hydrated = useHydrated();
  const { pathname, search } = useLocation();
  const { setup, adjusted, projects } = calc.model;
  const { state, update } = calc;
  const words = usePurchaseWords(calc.model.banks);
  const id = useId();
  const downSum = Math.round((state.price * state.down) / 100);
  const mortgages = setup.programmes.some((p) => p.kind !== 'installment');
  const instalments = setup.programmes.filter((p) => p.kind === 'installment');
  const longest = Math.max(0, ...instalments.map((p) => p.maxTermMonths));
  const months = [...new Set([...MONTHS.filter((m) => m <= Math.max(longest, state.months)), state.months])].sort((a, b) => a - b);
  // Other parameters of the page's address (a filter, UTM tags) travel with the form as they came.
  const kept = [...new URLSearchParams(search)].filter(([key]) => !/^(price|down|down_sum|down_sum_was|years|months|type|project|programme)$/.test(key));

  const submit = (event: FormEvent) => {
    // Live already: the figures and the address follow every change.
    if (hydrated) event.preventDefault();
  };

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)] lg:items-start lg:gap-10">
      <form
        method="get"
        action={`${pathname}#${CALCULATOR_ID}`}
        onSubmit={submit}
        className="flex flex-col gap-5 rounded-3xl bg-white p-5 ring-1 ring-line sm:p-6"
      >
        {kept.map(([key, value]) => (
          <input key={key} type="hidden" name={key} value={value} />
        ))}
        {adjusted.length ? (
          <p role="status" className="rounded-2xl bg-accent-50 p-3 text-sm text-accent-800">
            {t('purchase.calculator.adjusted', { fields: adjusted.map((field) => t(`purchase.calculator.fields.${field}`)).join(', ') })}
          </p>
        ) : null}

        {setup.fixedPrice === null ? (
          <FigureInput
            label={t('purchase.calculator.price')}
            name="price"
            value={state.price}
            format={words.format.number}
            min={CALCULATOR_LIMITS.price.min}
            max={CALCULATOR_LIMITS.price.max}
            onValue={(price) => update({ price })}
          />
        ) : (
          <p>
            <span className="block text-sm font-semibold">{t('purchase.calculator.priceFixed')}</span>
            <span className="mt-1 block text-2xl font-extrabold tabular-nums">{words.format.money(setup.fixedPrice)}</span>
          </p>
        )}

        {setup.fixedType === null && setup.types.length > 1 ? (
          <SelectField
            label={t('purchase.calculator.type')}
            name="type"
            value={state.type}
            onChange={(event) => update({ type: setup.types.find((type) => type === event.target.value) ?? state.type })}
            options={setup.types.map((type) => ({ value: type, label: words.format.type(type) }))}
          />
        ) : null}
        {setup.fixedProject === null && projects.length > 1 ? (
          <SelectField
            label={t('purchase.calculator.project')}
            name="project"
            value={state.project ?? ''}
            onChange={(event) => update({ project: event.target.value || null })}
            options={[{ value: '', label: t('purchase.calculator.anyProject') }, ...projects.map((p) => ({ value: p.id, label: p.name }))]}
          />
        ) : null}

        <fieldset className="flex flex-col gap-3">
          <legend className="sr-only">{t('purchase.calculator.down')}</legend>
          <div>
            <p className="flex items-baseline justify-between gap-2 text-sm font-semibold">
              <label htmlFor={`${id}-down`}>{t('purchase.calculator.downPercent')}</label>
              {/* Seen, not read: the slider's own value text says it (an <output> would be a second live region). */}
              <span aria-hidden="true" className="tabular-nums">
                {words.format.percent(state.down)}
              </span>
            </p>
            <input
              id={`${id}-down`}
              type="range"
              name="down"
              min={CALCULATOR_LIMITS.down.min}
              max={CALCULATOR_LIMITS.down.max}
              step={1}
              value={Math.round(state.down)}
              onChange={(event) => update({ down: Number(event.target.value) })}
              aria-valuetext={`${words.format.percent(state.down)}, ${words.format.money(downSum)}`}
              className="mt-2 block h-6 w-full accent-brand-700"
            />
          </div>
          <FigureInput
            label={t('purchase.calculator.downSum')}
            name="down_sum"
            value={downSum}
            format={words.format.number}
            min={0}
            max={state.price}
            onValue={(sum) => update({ down: Math.min(CALCULATOR_LIMITS.down.max, Math.round((sum / state.price) * 10_000) / 100) })}
          />
          {/* The sum the form was drawn with: sent without JavaScript, it tells the server which field the visitor changed. */}
          <input type="hidden" name="down_sum_was" value={downSum} />
        </fieldset>

        {mortgages ? (
          <div>
            <p className="flex items-baseline justify-between gap-2 text-sm font-semibold">
              <label htmlFor={`${id}-years`}>{t('purchase.calculator.years')}</label>
              <span aria-hidden="true" className="tabular-nums">
                {words.format.number(state.years)}
              </span>
            </p>
            <input
              id={`${id}-years`}
              type="range"
              name="years"
              min={CALCULATOR_LIMITS.years.min}
              max={CALCULATOR_LIMITS.years.max}
              step={1}
              value={state.years}
              onChange={(event) => update({ years: Number(event.target.value) })}
              aria-valuetext={words.term(state.years * 12, 'mortgage')}
              className="mt-2 block h-6 w-full accent-brand-700"
            />
          </div>
        ) : (
          <input type="hidden" name="years" value={state.years} />
        )}
        {instalments.length ? (
          <SelectField
            label={t('purchase.calculator.months')}
            name="months"
            value={String(state.months)}
            onChange={(event) => update({ months: Number(event.target.value) })}
            options={months.map((m) => ({ value: String(m), label: words.format.number(m) }))}
          />
        ) : (
          <input type="hidden" name="months" value={state.months} />
        )}

        <SelectField
          label={t('purchase.calculator.programme')}
          name="programme"
          value={state.programme ?? ''}
          onChange={(event) => update({ programme: event.target.value || null })}
          options={[
            { value: '', label: t('purchase.calculator.allProgrammes') },
            ...calc.choices.map((p) => ({ value: p.id, label: `${words.name(p)} — ${words.lender(p)}` })),
          ]}
        />

        <button type="submit" className={buttonClass('primary', 'md', 'w-full')}>
          {t('purchase.calculator.submit')}
        </button>
      </form>
      <CalculatorOffers calc={calc} />
    </div>
  );
}

/**
 * A whole-roubles figure, grouped as the site prints figures («12 500 000»). While the visitor types, the text is
 * theirs and every readable figure goes to the calculator; on leaving the field it shows the value kept.
 */
function FigureInput({
  label,
  name,
  value,
  format,
  min,
  max,
  onValue,
}: {
  label: string;
  name: string;
  value: number;
  format: (n: number) => string;
  min: number;
  max: number;
  onValue: (n: number) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const read = (text: string) => {
    const digits = text.replace(/\D/g, '');
    return digits ? Number(digits) : null;
  };
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        className={CONTROL}
        value={draft ?? format(value)}
        onChange={(event) => {
          setDraft(event.target.value);
          const n = read(event.target.value);
          if (n !== null && n >= min && n <= max) onValue(n);
        }}
        onBlur={() => {
          const n = read(draft ?? '');
          if (draft !== null && n !== null) onValue(Math.min(max, Math.max(min, n)));
          setDraft(null);
        }}
      />
    </div>
  );
}
