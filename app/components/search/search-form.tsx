import { useId } from 'react';
import { Form } from 'react-router';
import { SEARCH_MAX_LENGTH, SEARCH_PARAM } from '#core/search/limits.ts';
import { Icon } from '#app/components/ui/icon.tsx';
import { useLocalePath, useT } from '#app/lib/i18n.tsx';

/**
 * The footer's form is in every page's HTML: its classes are few, and the label's are the footer's headings' own
 * (the page's bytes, tests/integration/http/budgets.test.ts).
 */
const TONES = {
  dark: {
    label: 'footer-heading',
    input: 'bg-white/10 text-white',
    button: 'bg-white text-brand-900',
  },
  light: {
    label: 'text-sm font-semibold',
    input: 'border border-line bg-white',
    button: 'bg-brand-700 text-white',
  },
} as const;

/**
 * The site search's form (spec §9): a GET form to `/search?q=…` in the page's language, so it works the same
 * without JavaScript (the browser sends it) and with it (the router loads the results page). The footer's is the
 * page's search landmark; the results page repeats the field above its results with the query in it.
 */
export function SearchForm({ tone, query = '', landmark = false }: { tone: keyof typeof TONES; query?: string; landmark?: boolean }) {
  const t = useT();
  const lp = useLocalePath();
  const id = useId();
  const style = TONES[tone];
  return (
    <Form method="get" action={lp('/search')} role={landmark ? 'search' : undefined}>
      <label htmlFor={id} className={`block ${style.label}`}>
        {t('search.label')}
      </label>
      <div className="mt-3 flex gap-2">
        <input
          id={id}
          type="search"
          name={SEARCH_PARAM}
          defaultValue={query}
          maxLength={SEARCH_MAX_LENGTH}
          placeholder={t('search.placeholder')}
          enterKeyHint="search"
          className={`search-input ${style.input}`}
        />
        <button type="submit" className={`search-button ${style.button}`}>
          <Icon name="search" />
          <span className="sr-only">{t('search.submit')}</span>
        </button>
      </div>
    </Form>
  );
}
