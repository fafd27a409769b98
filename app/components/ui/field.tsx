import { useId, type ComponentProps, type ReactNode } from 'react';

/** A labelled text input with its hint and error wired for assistive technology. */
export function TextField({
  label,
  error,
  hint,
  className = '',
  ...input
}: ComponentProps<'input'> & { label: string; error?: string | undefined; hint?: string | undefined }) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold">
        {label}
        {input.required ? (
          <span aria-hidden="true" className="text-danger">
            {' '}
            *
          </span>
        ) : null}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        className="block min-h-12 w-full rounded-xl border border-line bg-white px-4 text-base text-ink transition-colors placeholder:text-muted/70 hover:border-brand-300 focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none disabled:cursor-not-allowed disabled:bg-paper disabled:text-muted aria-invalid:border-danger aria-invalid:focus:ring-red-100"
        {...input}
      />
      {hint && !error ? (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function Checkbox({ label, error, className = '', ...input }: Omit<ComponentProps<'input'>, 'type'> & { label: ReactNode; error?: string | undefined }) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="flex cursor-pointer items-start gap-3 has-disabled:cursor-not-allowed has-disabled:opacity-60">
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-0.5 size-5 shrink-0 cursor-pointer rounded accent-brand-700 disabled:cursor-not-allowed aria-invalid:outline-2 aria-invalid:outline-danger"
          {...input}
        />
        <span className="text-[0.95rem] leading-snug">{label}</span>
      </label>
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 pl-8 text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
