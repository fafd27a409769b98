/** One day's hours (an office's dated exception): open or closed, its hours and an optional break. */
import { useId } from 'react';
import { FieldErrors, labelClass, partErrors, type FieldProps } from './field-parts.tsx';

type Day = { opens: string; closes: string; break: { from: string; to: string } | null } | null;

/** A day open or closed (a holiday), with its hours and an optional break, in the office's time zone. */
export function DayField({ spec, value, errors, onChange, messages, label }: FieldProps & { label: string }) {
  const id = useId();
  const day = (value && typeof value === 'object' ? value : null) as Day;
  const words = messages.week;
  const parts = Object.values(partErrors(errors, spec.name)).flat();
  const messagesShown = [...(errors[spec.name] ?? []), ...parts];
  const errorId = `${id}-error`;
  const invalid = messagesShown.length ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {};
  const time = 'mt-1 block rounded-lg border border-line px-2 py-1 aria-invalid:border-danger';
  const timeInput = (key: 'opens' | 'closes', text: string) => (
    <label className="text-sm">
      {text}
      <input
        type="time"
        className={time}
        value={day?.[key] ?? ''}
        disabled={!day}
        onChange={(e) => day && onChange({ ...day, [key]: e.target.value })}
        {...invalid}
      />
    </label>
  );
  const breakInput = (key: 'from' | 'to', text: string) => (
    <label className="text-sm">
      {text}
      <input
        type="time"
        className={time}
        value={day?.break?.[key] ?? ''}
        disabled={!day}
        onChange={(e) => {
          if (!day) return;
          const next = { from: day.break?.from ?? '', to: day.break?.to ?? '', [key]: e.target.value };
          onChange({ ...day, break: next.from || next.to ? next : null });
        }}
        {...invalid}
      />
    </label>
  );
  return (
    <fieldset>
      <legend className={labelClass}>{label}</legend>
      <FieldErrors id={errorId} messages={messagesShown} />
      <div className="mt-2 flex flex-wrap items-end gap-4">
        <label className="inline-flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-5"
            checked={day !== null}
            onChange={(e) => onChange(e.target.checked ? { opens: '10:00', closes: '19:00', break: null } : null)}
          />
          {words.open}
        </label>
        {timeInput('opens', words.opens)}
        {timeInput('closes', words.closes)}
        {breakInput('from', words.breakFrom)}
        {breakInput('to', words.breakTo)}
      </div>
    </fieldset>
  );
}
