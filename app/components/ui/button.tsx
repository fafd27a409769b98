import type { ComponentProps } from 'react';
import { Link } from 'react-router';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'inverse';
export type ButtonSize = 'md' | 'lg' | 'sm';

const base =
  'inline-flex items-center justify-center gap-2 rounded-full font-semibold transition-colors duration-150 focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50';
const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 active:bg-brand-900 focus-visible:outline-brand-500',
  secondary: 'border border-brand-700 text-brand-800 hover:bg-brand-50 active:bg-brand-100 focus-visible:outline-brand-500',
  ghost: 'text-brand-800 hover:bg-brand-50 active:bg-brand-100 focus-visible:outline-brand-500',
  inverse: 'bg-white text-brand-900 hover:bg-brand-50 active:bg-brand-100 focus-visible:outline-white',
};
const sizes: Record<ButtonSize, string> = {
  sm: 'min-h-9 px-4 text-sm',
  md: 'min-h-11 px-5 text-[0.95rem]',
  lg: 'min-h-13 px-7 text-base',
};

export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra = ''): string {
  return `${base} ${variants[variant]} ${sizes[size]} ${extra}`.trim();
}

type Styling = { variant?: ButtonVariant; size?: ButtonSize };

export function Button({ variant, size, className = '', type = 'button', ...props }: ComponentProps<'button'> & Styling) {
  return <button type={type} className={buttonClass(variant, size, className)} {...props} />;
}

/** A link that looks like a button: navigation stays a link (works without JavaScript, opens in a new tab). */
export function ButtonLink({ variant, size, className = '', ...props }: ComponentProps<typeof Link> & Styling) {
  return <Link className={buttonClass(variant, size, className)} {...props} />;
}
