import { useId, type ComponentProps, type ReactNode } from 'react';

/** The look of every text-like control (input, textarea, select); `aria-invalid` turns it red. */
const CONTROL = 'control';

/** What a control needs from its field: its id and the ids of its hint and error. */
type ControlProps = { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined };

/** A field's message, referenced by the control's `aria-describedby`. */
export function FieldMessage({ id, tone, className = '', children }: { id: string; tone: 'hint' | 'error'; className?: string; children: ReactNode }) {
  return (
    <p id={id} className={`mt-1.5 text-sm ${tone === 'error' ? 'font-medium text-danger' : 'text-muted'} ${className}`}>
      {children}
    </p>
  );
}

/**
 * One labelled field: the label (with an asterisk hidden from assistive technology when required), the
 * control, then its hint or its error, wired together for screen readers.
 */
function Field({
  label,
  required,
  error,
  hint,
  className = '',
  control,
}: {
  label: string;
  required?: boolean | undefined;
  error?: string | undefined;
  hint?: string | undefined;
  className?: string | undefined;
  control: (props: ControlProps) => ReactNode;
}) {
  const id = useId();
  const showHint = Boolean(hint) && !error;
  const described = [showHint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className || undefined}>
      <label htmlFor={id} className="field-label">
        {label}
        {required ? (
          <span aria-hidden="true" className="text-danger">
            {' *'}
          </span>
        ) : null}
      </label>
      {control({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described })}
      {showHint ? (
        <FieldMessage id={`${id}-hint`} tone="hint">
          {hint}
        </FieldMessage>
      ) : null}
      {error ? (
        <FieldMessage id={`${id}-error`} tone="error">
          {error}
        </FieldMessage>
      ) : null}
    </div>
  );
}

type FieldProps = { label: string; error?: string | undefined; hint?: string | undefined };

/** A labelled text input with its hint and error wired for assistive technology. */
export function TextField({ label, error, hint, className, ...input }: ComponentProps<'input'> & FieldProps) {
  return (
    <Field
      label={label}
      required={input.required}
      error={error}
      hint={hint}
      className={className}
      control={(wired) => <input {...wired} className={CONTROL} {...input} />}
    />
  );
}

/** A labelled multi-line text input. */
export function TextAreaField({ label, error, hint, className, ...props }: ComponentProps<'textarea'> & FieldProps) {
  return (
    <Field
      label={label}
      required={props.required}
      error={error}
      hint={hint}
      className={className}
      control={(wired) => <textarea {...wired} rows={3} className={`${CONTROL} py-3 leading-relaxed`} {...props} />}
    />
  );
}

/** A labelled native select; `placeholder` adds an empty first choice. */
export function SelectField({
  label,
  error,
  hint,
  options,
  placeholder,
  className,
  ...props
}: ComponentProps<'select'> & FieldProps & { options: { value: string; label: string }[]; placeholder?: string }) {
  return (
    <Field
      label={label}
      required={props.required}
      error={error}
      hint={hint}
      className={className}
      control={(wired) => (
        <select {...wired} className={`${CONTROL} pr-10`} {...props}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}

export function Checkbox({ label, error, className = '', ...input }: Omit<ComponentProps<'input'>, 'type'> & { label: ReactNode; error?: string | undefined }) {
  const id = useId();
  return (
    <div className={className || undefined}>
      <label htmlFor={id} className="check-label">
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="check"
          {...input}
        />
        <span className="text-[0.95rem] leading-snug">{label}</span>
      </label>
      {error ? (
        <FieldMessage id={`${id}-error`} tone="error" className="pl-8">
          {error}
        </FieldMessage>
      ) : null}
    </div>
  );
}
