import { useId } from 'react';
import { Form } from 'react-router';
import { PHRASE_MAX_LENGTH, PHRASE_PARAM } from '#core/catalogue/phrase/limits.ts';
import { Icon } from '#app/components/ui/icon.tsx';
import { useLocalePath, useT } from '#app/lib/i18n.tsx';

const TONES = {
  /** The header's dark top bar. */
  dark: { input: 'bg-white/10 text-white placeholder:text-brand-200', button: 'text-brand-100 hover:bg-white/10' },
  /** The filter page and the menu on phones. */
  light: { input: 'bg-white ring-1 ring-line', button: 'bg-brand-700 text-white hover:bg-brand-800' },
} as const;

/**
 * Search as you'd say it (issue #41): a GET form to `/filter?q=…` in the page's language. Without JavaScript the
 * browser sends it and the server answers the filter page with the words read into the filter and shown back as chips;
 * with it, the router loads the same page. No code of its own: the header stays as light as it was.
 */
export function PhraseForm({
  tone,
  query = '',
  className = '',
  label = 'search.phrase.label',
}: {
  tone: keyof typeof TONES;
  query?: string;
  className?: string;
  /** The search landmark's name: the filter page's own box is named apart from the header's (landmarks are unique). */
  label?: 'search.phrase.label' | 'search.phrase.filterLabel';
}) {
  const t = useT();
  const lp = useLocalePath();
  const id = useId();
  const style = TONES[tone];
  return (
    <Form method="get" action={lp('/filter')} role="search" aria-label={t(label)} className={`flex gap-2 ${className}`.trimEnd()}>
      <label htmlFor={id} className="sr-only">
        {t(label)}
      </label>
      <input
        id={id}
        type="search"
        name={PHRASE_PARAM}
        defaultValue={query}
        maxLength={PHRASE_MAX_LENGTH}
        placeholder={t('search.phrase.placeholder')}
        enterKeyHint="search"
        className={`phrase-input ${style.input}`}
      />
      <button type="submit" className={`phrase-button ${style.button}`}>
        <Icon name="search" className="size-5" />
        <span className="sr-only">{t('search.submit')}</span>
      </button>
    </Form>
  );
}
