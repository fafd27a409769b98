import { useId } from 'react';
import { FieldMessage } from '#app/components/ui/field.tsx';
import { useT } from '#app/lib/i18n.tsx';
import type { ReserveProgrammeOption } from './types.ts';

/** The field the reserve form posts the chosen programme in (`POST /api/reservations/` names it the same). */
export const PROGRAMME_FIELD = 'programmeId';

const OPTION =
  'flex cursor-pointer items-start gap-3 rounded-2xl p-4 ring-1 ring-line hover:bg-paper has-checked:bg-brand-50 has-checked:ring-2 has-checked:ring-brand-700 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-500';

/**
 * How the buyer means to pay (optional): in full or decided later (the default), or one of the finance programmes the
 * lot page offers for this lot, each with its lender, its terms and its monthly payment at the lot's price (worded on
 * the server: ReserveProgrammeOption). Plain radio buttons: the choice posts without JavaScript; the deal page then
 * shows the programme's schedule.
 */
export function ProgrammeChoice({ options, value, error }: { options: ReserveProgrammeOption[]; value: string | undefined; error: string | undefined }) {
  const t = useT();
  const id = useId();
  const chosen = options.some((p) => p.id === value) ? value : '';
  return (
    <fieldset aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`} data-reserve-programmes="">
      <legend className="text-base font-semibold">{t('reservations.reserve.programmeTitle')}</legend>
      <FieldMessage id={`${id}-hint`} tone="hint">
        {t('reservations.reserve.programmeHint')}
      </FieldMessage>
      <div className="mt-3 grid gap-2">
        <label className={OPTION}>
          <input type="radio" name={PROGRAMME_FIELD} value="" defaultChecked={chosen === ''} className="mt-1 size-4 shrink-0 accent-brand-700" />
          <span className="font-semibold">{t('reservations.reserve.programmeNone')}</span>
        </label>
        {options.map((p) => (
          <label key={p.id} className={OPTION}>
            <input type="radio" name={PROGRAMME_FIELD} value={p.id} defaultChecked={chosen === p.id} className="mt-1 size-4 shrink-0 accent-brand-700" />
            <span className="min-w-0">
              <span className="block font-semibold">{p.name}</span>
              <span className="block text-sm text-muted">{p.terms}</span>
              {p.monthly ? <span className="mt-1 block text-sm font-semibold tabular-nums">{p.monthly}</span> : null}
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <FieldMessage id={`${id}-error`} tone="error">
          {error}
        </FieldMessage>
      ) : null}
    </fieldset>
  );
}
