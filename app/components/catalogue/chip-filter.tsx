import type { FormEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '#app/components/ui/button.tsx';
import { useLocalePath, useT } from '#app/lib/i18n.tsx';
import { formQuery, queryString } from './form-query.ts';

/**
 * A list's filter of chip groups (projects, promotions, news): a GET form to `path` that works without
 * JavaScript (its button submits it) and, with JavaScript, applies each choice at once, replacing the URL.
 * Below the groups: how many were found and, when anything is chosen, a reset link.
 */
export function ChipFilterForm({
  path,
  active,
  found,
  label,
  columns,
  children,
}: {
  path: string;
  active: boolean;
  found: string;
  label?: string;
  /** The groups' grid columns from `lg` up, e.g. `lg:grid-cols-[auto_1fr_auto]`. */
  columns: string;
  children: ReactNode;
}) {
  const t = useT();
  const lp = useLocalePath();
  return (
    <form {...useInstantGetForm(path)} aria-label={label} className="rounded-3xl bg-white p-5 ring-1 ring-line sm:p-6">
      <div className={`grid grid-cols-1 gap-5 lg:gap-8 ${columns}`}>{children}</div>
      <div className="mt-5 flex flex-wrap items-center gap-3 border-t border-line pt-5">
        {/* Only for a page without scripts; hidden by CSS from the first paint otherwise, so nothing moves on hydration. */}
        <Button type="submit" size="md" className="[@media(scripting:enabled)]:hidden">
          {t('catalogue.filter.apply')}
        </Button>
        <p className="text-muted" aria-live="polite">
          {found}
        </p>
        {active ? (
          <ButtonLink to={lp(path)} variant="ghost" size="sm" replace preventScrollReset className="ml-auto">
            {t('catalogue.filter.reset')}
          </ButtonLink>
        ) : null}
      </div>
    </form>
  );
}

/**
 * Props of a GET form to `path` that also works without JavaScript: with it, a submit or any change
 * navigates to the form's tidy query in place (replacing the history entry, keeping the scroll).
 */
export function useInstantGetForm(path: string) {
  const lp = useLocalePath();
  const navigate = useNavigate();
  const apply = (form: HTMLFormElement) => navigate(lp(path) + queryString(formQuery(form)), { replace: true, preventScrollReset: true });
  return {
    method: 'get' as const,
    action: lp(path),
    onSubmit: (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      apply(event.currentTarget);
    },
    onChange: (event: FormEvent<HTMLFormElement>) => apply(event.currentTarget),
  };
}

/** Cards in a responsive grid, or what to say (and a reset link) when the filter left none. */
export function CardGrid<T extends { id: string }>({
  items,
  render,
  empty,
  resetPath,
}: {
  items: T[];
  render: (item: T, index: number) => ReactNode;
  empty?: string;
  resetPath?: string;
}) {
  const t = useT();
  const lp = useLocalePath();
  if (!items.length && empty) {
    return (
      <div className="mt-8 rounded-3xl bg-white p-10 text-center ring-1 ring-line">
        <p className="text-xl font-bold">{empty}</p>
        {resetPath ? (
          <ButtonLink to={lp(resetPath)} variant="secondary" className="mt-5">
            {t('catalogue.filter.reset')}
          </ButtonLink>
        ) : null}
      </div>
    );
  }
  return (
    <ul className="mt-8 grid gap-6 md:grid-cols-2 xl:grid-cols-3">
      {items.map((item, index) => (
        <li key={item.id}>{render(item, index)}</li>
      ))}
    </ul>
  );
}
