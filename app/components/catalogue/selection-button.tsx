import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { Icon } from '#app/components/ui/icon.tsx';
import { useLocalePath, useT } from '#app/lib/i18n.tsx';
import { useSelection } from '#app/lib/selection-store.ts';
import { CsrfField } from '#app/lib/csrf.tsx';
import { useHere } from '#app/lib/here.ts';

/**
 * The heart on every lot card and lot page. Without JavaScript it is a small form posting to /selection,
 * which updates the cookie and comes back; with JavaScript the store changes in place (cookie + storage).
 */
export function SelectionButton({
  lotId,
  lotName,
  variant = 'icon',
  className = '',
}: {
  lotId: string;
  lotName: string;
  variant?: 'icon' | 'full';
  className?: string;
}) {
  const t = useT();
  const lp = useLocalePath();
  const here = useHere();
  const { has, change } = useSelection();
  const selected = has(lotId);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    change({ intent: 'toggle', ids: [lotId] });
  };

  const look =
    variant === 'icon'
      ? `heart heart-${selected ? 'on' : 'off'}`
      : `inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-5 font-semibold ring-1 transition-colors ${selected ? 'bg-accent-50 text-accent-800 ring-accent-300 hover:bg-accent-100' : 'bg-white text-brand-800 ring-brand-700 hover:bg-brand-50'}`;

  return (
    <form method="post" action={lp('/selection')} onSubmit={onSubmit} className={className || undefined}>
      <input type="hidden" name="intent" value="toggle" />
      <input type="hidden" name="id" value={lotId} />
      <input type="hidden" name="redirectTo" value={here} />
      <CsrfField />
      <button
        type="submit"
        aria-pressed={selected}
        aria-label={variant === 'icon' ? t('catalogue.selection.toggle', { name: lotName }) : undefined}
        title={variant === 'icon' ? t(selected ? 'catalogue.selection.remove' : 'catalogue.selection.add') : undefined}
        className={look}
      >
        <Icon name="heart" className={selected ? 'size-5 shrink-0 fill-current' : 'size-5 shrink-0'} />
        {variant === 'full' ? <span>{t(selected ? 'catalogue.selection.inSelection' : 'catalogue.selection.add')}</span> : null}
      </button>
    </form>
  );
}

/** A link to /selection with the live count, for catalogue toolbars. */
export function SelectionLink({ className = '' }: { className?: string }) {
  const t = useT();
  const lp = useLocalePath();
  const { ids } = useSelection();
  return (
    <Link
      to={lp('/selection')}
      className={`inline-flex min-h-11 items-center gap-2 rounded-full bg-white px-4 font-semibold text-brand-800 ring-1 ring-line hover:bg-brand-50 ${className}`}
    >
      <Icon name="heart" />
      {t('catalogue.selection.link')}
      {/* Wide enough for two digits: filling in after hydration (the server renders 0) moves nothing. */}
      <span className="min-w-7 rounded-full bg-brand-700 px-1.5 text-center text-sm text-white tabular-nums">{ids.length}</span>
    </Link>
  );
}
