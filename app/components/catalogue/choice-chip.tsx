import type { ComponentProps, ReactNode } from 'react';

/**
 * A filter choice: a real checkbox (or radio) in a pill, so it submits with the GET form, is operable from
 * the keyboard and is announced with its state; the count says how many results choosing it would give.
 */
export function ChoiceChip({
  label,
  count,
  type = 'checkbox',
  className = '',
  ...input
}: Omit<ComponentProps<'input'>, 'type'> & { label: ReactNode; count?: number | undefined; type?: 'checkbox' | 'radio' }) {
  const empty = count === 0 && !input.checked && !input.defaultChecked;
  return (
    <label className={`chip${empty ? ' chip-empty' : ''} ${className}`.trimEnd()}>
      {/* Hidden but read and focusable: `.chip > input` (app/app.css) is `sr-only`, not repeated on every choice. */}
      <input {...input} type={type} disabled={empty || input.disabled} />
      <span>{label}</span>
      {count !== undefined ? <span className="chip-count">{count}</span> : null}
    </label>
  );
}

/** A labelled group of chips: the fieldset's legend names the filter item for assistive technology. */
export function ChoiceGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0">
      <legend className="chips-legend text-muted">{legend}</legend>
      <div className="flex flex-wrap gap-2">{children}</div>
    </fieldset>
  );
}
