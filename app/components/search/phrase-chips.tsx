import { Link } from 'react-router';
import type { LotFilter } from '#core/catalogue/service.ts';
import type { PhraseResult } from '#core/catalogue/phrase/types.ts';
import { PHRASE_PARAM } from '#core/catalogue/phrase/limits.ts';
import { SEARCH_PARAM } from '#core/search/limits.ts';
import { Icon } from '#app/components/ui/icon.tsx';
import { useLocalePath, useT } from '#app/lib/i18n.tsx';
import { filterQuery } from '#app/loaders/route-params.ts';

/** The search box's words as the filter page shows them back: the text, what was read and what was not. */
export type PhraseShown = Pick<PhraseResult, 'understood' | 'ignored'> & {
  text: string;
  /** The filter's own parameters beside the words (a chip's removal keeps them). */
  rest: LotFilter;
};

/** The words without one part: what removing its chip asks for. */
export function phraseWithout(text: string, part: string): string {
  const at = text.indexOf(part);
  if (at < 0) return text;
  return `${text.slice(0, at)} ${text.slice(at + part.length)}`
    .replace(/\s+([,.;，。])/g, '$1')
    .replace(/^[\s,.;，。]+|[\s,.;，。]+$/g, '')
    .replace(/\s{2,}/g, ' ');
}

/**
 * The chips of a search (issue #41): each understood part in the buyer's own words, a link that removes it (the page
 * again with the words without it), and the words not understood, said as such with why, never dropped. Links, so
 * they work without JavaScript (the page's own parameters beside the filter, `keep`: the results' layout, ride along); the filter's form beside them shows what the words chose, to change like any choice.
 */
export function PhraseChips({ phrase, keep = {} }: { phrase: PhraseShown; keep?: Record<string, string | undefined> }) {
  const t = useT();
  const lp = useLocalePath();
  const without = (part: string) => {
    const rest = phraseWithout(phrase.text, part);
    return lp('/filter') + filterQuery(phrase.rest, { [PHRASE_PARAM]: rest || undefined, ...keep });
  };
  return (
    <div className="space-y-3">
      {phrase.understood.length ? (
        <div>
          <h3 className="text-sm font-semibold text-muted">{t('search.phrase.understood')}</h3>
          <ul className="mt-2 flex flex-wrap gap-2">
            {phrase.understood.map((part, index) => (
              <li key={`${index}-${part.text}`}>
                <Link
                  to={without(part.text)}
                  className="chip gap-2 bg-brand-50 ring-brand-200"
                  aria-label={t('search.phrase.remove', { text: part.text })}
                  title={part.param}
                >
                  <span>{part.text}</span>
                  <Icon name="close" className="size-4" />
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {phrase.ignored.length ? (
        <div>
          <h3 className="text-sm font-semibold text-muted">{t('search.phrase.ignored')}</h3>
          <ul className="mt-2 flex flex-wrap gap-2">
            {phrase.ignored.map((part, index) => (
              <li
                key={`${index}-${part.text}`}
                className="inline-flex min-h-11 items-center gap-2 rounded-full border border-dashed border-line px-4 text-[0.95rem]"
              >
                <span>
                  <span className="font-semibold">{part.text}</span> <span className="text-sm text-muted">— {t(`search.phrase.reason.${part.reason}`)}</span>
                </span>
                <Link
                  to={without(part.text)}
                  aria-label={t('search.phrase.remove', { text: part.text })}
                  className="inline-flex size-8 items-center justify-center rounded-full hover:bg-brand-50"
                >
                  <Icon name="close" className="size-4" />
                </Link>
              </li>
            ))}
          </ul>
          {phrase.ignored.some((part) => part.reason === 'unknown') ? (
            <Link
              to={`${lp('/search')}?${new URLSearchParams({ [SEARCH_PARAM]: phrase.text }).toString()}`}
              className="mt-2 inline-block text-sm font-semibold text-brand-800 underline"
            >
              {t('search.phrase.siteSearch', { text: phrase.text })}
            </Link>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
