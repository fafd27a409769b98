import type { ComponentProps } from 'react';
import { Link } from 'react-router';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'inverse';
export type ButtonSize = 'md' | 'lg' | 'sm';

/** The looks are component classes (app/app.css, issue #40): a button names three short classes, not forty utilities. */
const variants: Record<ButtonVariant, string> = {
  primary: 'btn-primary',
  secondary: 'btn-secondary',
  ghost: 'btn-ghost',
  inverse: 'btn-inverse',
};

export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra = ''): string {
  return `btn ${variants[variant]} btn-${size} ${extra}`.trim();
}

type Styling = { variant?: ButtonVariant; size?: ButtonSize };

export function Button({ variant, size, className = '', type = 'button', ...props }: ComponentProps<'button'> & Styling) {
  return <button type={type} className={buttonClass(variant, size, className)} {...props} />;
}

/** A link that looks like a button: navigation stays a link (works without JavaScript, opens in a new tab). */
export function ButtonLink({ variant, size, className = '', ...props }: ComponentProps<typeof Link> & Styling) {
  return <Link className={buttonClass(variant, size, className)} {...props} />;
}
