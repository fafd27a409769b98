/** An office's opening hours: a week of days, each open or not, with its hours and an optional break. */
import { useId } from 'react';
import { FieldErrors, labelClass, partErrors, type FieldProps } from './field-parts.tsx';

type Day = { opens: string; closes: string; break: { from: string; to: string } | null } | null;

/** An office's week, Monday first: each day open or not, its hours and an optional break (the office's time zone). */
export function WeekField({ spec, value, errors, onChange, messages, label }: FieldProps & { label: string }) {
  const id = useId();
  const days = (Array.isArray(value) && value.length === 7 ? value : [null, null, null, null, null, null, null]) as Day[];
  const parts = partErrors(errors, spec.name);
  const words = messages.week;
  const set = (i: number, day: Day) => onChange(days.map((d, j) => (j === i ? day : d)));
  const time = 'rounded-lg border border-line px-2 py-1 aria-invalid:border-danger';
  return (
    <fieldset>
      <legend className={labelClass}>{label}</legend>
      <FieldErrors id={`${id}-error`} messages={errors[spec.name]} />
      <table className="mt-2 text-sm">
        <thead>
          <tr>
            <th scope="col" className="pr-3 text-left">
              {words.day}
            </th>
            <th scope="col" className="pr-3 text-left">
              {words.open}
            </th>
            <th scope="col" className="pr-3 text-left">
              {words.opens}
            </th>
            <th scope="col" className="pr-3 text-left">
              {words.closes}
            </th>
            <th scope="col" className="pr-3 text-left">
              {words.breakFrom}
            </th>
            <th scope="col" className="pr-3 text-left">
              {words.breakTo}
            </th>
          </tr>
        </thead>
        <tbody>
          {days.map((day, i) => {
            const name = words.days[i]!;
            const dayErrors = Object.entries(parts).flatMap(([k, v]) => (k === String(i) || k.startsWith(`${i}.`) ? v : []));
            const errorId = `${id}-${i}-error`;
            const invalid = dayErrors.length ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {};
            const timeInput = (key: 'opens' | 'closes', v: string) => (
              <input
                type="time"
                aria-label={`${name}: ${words[key]}`}
                className={time}
                value={v}
                disabled={!day}
                onChange={(e) => day && set(i, { ...day, [key]: e.target.value })}
                {...invalid}
              />
            );
            const breakInput = (key: 'from' | 'to') => (
              <input
                type="time"
                aria-label={`${name}: ${key === 'from' ? words.breakFrom : words.breakTo}`}
                className={time}
                value={day?.break?.[key] ?? ''}
                disabled={!day}
                onChange={(e) => {
                  if (!day) return;
                  const next = { from: day.break?.from ?? '', to: day.break?.to ?? '', [key]: e.target.value };
                  set(i, { ...day, break: next.from || next.to ? next : null });
                }}
                {...invalid}
              />
            );
            return (
              <tr key={i}>
                <th scope="row" className="pr-3 text-left font-normal">
                  {name}
                  {dayErrors.length ? (
                    <span id={errorId} className="block font-semibold text-danger">
                      {dayErrors.join(' ')}
                    </span>
                  ) : null}
                </th>
                <td className="pr-3">
                  <input
                    type="checkbox"
                    aria-label={`${name}: ${words.open}`}
                    className="size-5"
                    checked={day !== null}
                    onChange={(e) => set(i, e.target.checked ? { opens: '10:00', closes: '19:00', break: null } : null)}
                  />
                </td>
                <td className="pr-3">{timeInput('opens', day?.opens ?? '')}</td>
                <td className="pr-3">{timeInput('closes', day?.closes ?? '')}</td>
                <td className="pr-3">{breakInput('from')}</td>
                <td className="pr-3">{breakInput('to')}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </fieldset>
  );
}
