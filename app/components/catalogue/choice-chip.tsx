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
    <label
      className={`relative inline-flex min-h-11 cursor-pointer items-center gap-1.5 rounded-full bg-white px-4 text-[0.95rem] font-semibold ring-1 ring-line transition-colors select-none hover:ring-brand-300 has-checked:bg-brand-700 has-checked:text-white has-checked:ring-brand-700 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-500 has-disabled:cursor-not-allowed has-disabled:text-muted/70 has-disabled:ring-line/60 has-disabled:hover:ring-line/60 ${empty ? 'text-muted' : ''} ${className}`}
    >
      <input {...input} type={type} className="sr-only" disabled={empty || input.disabled} />
      <span>{label}</span>
      {count !== undefined ? <span className="text-sm font-normal tabular-nums opacity-75">{count}</span> : null}
    </label>
  );
}

/** A labelled group of chips: the fieldset's legend names the filter item for assistive technology. */
export function ChoiceGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-2.5 text-sm font-semibold text-muted">{legend}</legend>
      <div className="flex flex-wrap gap-2">{children}</div>
    </fieldset>
  );
}
