import { Link } from 'react-router';
import type { Route } from './+types/search';
import { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH, SEARCH_PARAM } from '#core/search/limits.ts';
import { readSearchQuery, type SearchHit } from '#core/search/query.ts';
import { PageHeader } from '#app/components/catalogue/page-header.tsx';
import { SearchForm } from '#app/components/search/search-form.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import { PHRASE_PARAM } from '#core/catalogue/phrase/limits.ts';
import { phraseOf } from '#app/loaders/phrase.server.ts';
import { requestLocale } from '#app/loaders/route-params.ts';
import { appContext } from '#app/lib/context.server.ts';
import { translate, useLocalePath, useT } from '#app/lib/i18n.tsx';
import { metaMessages, pageMeta } from '#app/lib/meta.ts';

export function meta(args: Route.MetaArgs) {
  const messages = metaMessages(args.matches);
  const text = args.loaderData?.query.text;
  return pageMeta(args, {
    title: messages ? (text ? translate(messages, 'search.titleQuery', { query: text }) : translate(messages, 'search.title')) : undefined,
    // Results pages are endless and say nothing the pages they lead to do not: not for search engines.
    noindex: true,
  });
}

/**
 * `/search?q=…`: the footer's search (spec §9 "footer search limit 200"), a GET form answered by the server, so it
 * works without JavaScript. Projects by name, lots by the number their page shows, pages and news by title, at most
 * `SEARCH_LIMIT` together. The query is nobody's personal data: the page is kept and cached like any other (the
 * server's request logs carry paths without their query).
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const query = readSearchQuery(url.searchParams.get(SEARCH_PARAM));
  const locale = requestLocale(url);
  const [results, phrase] = await Promise.all([
    services.search.find(query, locale),
    query.state === 'ready' ? phraseOf(query.text, context, locale) : Promise.resolve(null),
  ]);
  // Words that read as lot criteria («двушка до 15 млн») are offered to the filter too (issue #41): the site search
  // still finds projects, lot numbers and pages by them, so it is a link, not a redirect.
  const lots = phrase?.understood.length ? { query: phrase.text, criteria: phrase.understood.map((part) => part.text) } : null;
  return { query: { state: query.state, text: query.state === 'short' || query.state === 'ready' ? query.text : '' }, results, lots };
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { query, results, lots } = loaderData;
  const lp = useLocalePath();
  const t = useT();
  const shown = results.projects.length + results.lots.length + results.pages.length;
  const groups = [
    { id: 'projects', title: t('search.groups.projects'), hits: results.projects },
    { id: 'lots', title: t('search.groups.lots'), hits: results.lots },
    { id: 'pages', title: t('search.groups.pages'), hits: results.pages },
  ].filter((group) => group.hits.length > 0);

  const message =
    query.state === 'empty'
      ? t('search.hint')
      : query.state === 'short'
        ? t('search.short', { count: SEARCH_MIN_LENGTH })
        : query.state === 'long'
          ? t('search.long', { count: SEARCH_MAX_LENGTH })
          : results.count === 0
            ? t('search.none', { query: query.text })
            : t('search.found', { query: query.text, count: results.count });

  return (
    <div className="pb-16">
      <PageHeader crumbs={[{ label: t('search.title') }]} title={t('search.title')} />
      <div className="container-page mt-6 max-w-3xl space-y-8">
        <SearchForm key={query.text} tone="light" query={query.text} />
        <div role="status" className="space-y-2">
          <p className={query.state === 'ready' && results.count > 0 ? 'text-lg font-semibold' : 'text-muted'}>{message}</p>
          {results.count > shown ? <p className="text-muted">{t('search.limited', { shown: String(shown), count: results.count })}</p> : null}
        </div>
        {lots ? (
          <Link
            to={`${lp('/filter')}?${new URLSearchParams({ [PHRASE_PARAM]: lots.query }).toString()}`}
            className="flex items-center justify-between gap-4 rounded-2xl bg-brand-50 p-5 font-semibold text-brand-900 ring-1 ring-brand-200 hover:bg-brand-100"
          >
            <span>{t('search.phrase.lotsLink', { criteria: lots.criteria.join(', ') })}</span>
            <Icon name="arrow-right" className="size-5 shrink-0" />
          </Link>
        ) : null}
        {groups.map((group) => (
          <section key={group.id} aria-labelledby={`search-${group.id}`}>
            <h2 id={`search-${group.id}`} className="text-xl font-bold">
              {group.title}
            </h2>
            <ul className="mt-3 divide-y divide-line rounded-2xl border border-line bg-white">
              {group.hits.map((hit) => (
                <Hit key={hit.url} hit={hit} />
              ))}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}

function Hit({ hit }: { hit: SearchHit }) {
  const lp = useLocalePath();
  return (
    <li>
      <Link to={lp(hit.url)} prefetch="none" className="block px-4 py-3 hover:bg-brand-50">
        <span className="block font-semibold text-brand-800">{hit.title}</span>
        {hit.detail ? <span className="block text-sm text-muted">{hit.detail}</span> : null}
      </Link>
    </li>
  );
}
