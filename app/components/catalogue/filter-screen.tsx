import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { ChosenRate } from '#core/currency/rates.ts';
import { Link, useNavigate, useNavigation } from 'react-router';
import { DEFAULT_LIMIT, isEmptyLotFilter, lotFilterCriteria, serializeLotFilter } from '#core/catalogue/filter.ts';
import type { LotFilter } from '#core/catalogue/service.ts';
import type { Facets, LotCardView, Page, SpecItem } from '#core/catalogue/types.ts';
import { SubscriptionBlock } from '#app/components/forms/subscription-block.tsx';
import { PhraseChips, type PhraseShown } from '#app/components/search/phrase-chips.tsx';
import { PhraseForm } from '#app/components/search/phrase-form.tsx';
import type { ReserveMark } from '#app/components/reservations/card-reserve.tsx';
import type { SeoFilterQuery } from '#core/validation/lead-forms.ts';
import { DialogCloseButton, dialogOpener, useCloseWhenWide } from '#app/components/ui/dialog.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import { deferredPart } from '#app/lib/deferred.tsx';
import { afterLoadIdle } from '#app/lib/idle.ts';
import { useSelection } from '#app/lib/selection-store.ts';
import { useLocalePath, useT } from '#app/lib/i18n.tsx';
import { useCatalogueFormat } from './format.ts';
import { FILTER_FORM_ID, LotFilterForm } from './lot-filter-form.tsx';
import { Pagination } from './pagination.tsx';
import { filterQuery } from '#app/loaders/route-params.ts';
import { SelectionLink } from './selection-button.tsx';
import { SortSelect, type Ordering } from './sort-select.tsx';
import { LayoutToggle, layoutQuery, type LotLayout } from './layout-toggle.tsx';

/** Spec §9 asks for debounced filter blocks: one request per pause in typing or dragging, not per step. */
export const FILTER_DEBOUNCE_MS = 350;
const FILTER_PANEL_ID = 'filter-panel';

/**
 * The results, most of the page's elements, keep the server's HTML until the visitor reaches into them or the filter
 * changes (app/lib/deferred.tsx, ADR 027); their links and forms work as HTML meanwhile. The server's HTML is
 * everyone's, so when a returning visitor's selected lots are among the results the code comes once the page is idle.
 */
const results = deferredPart(() => import('./lot-results.tsx').then((m) => m.LotResults));
const Results = results.Part;

export type FilterScreenData = {
  filter: LotFilter;
  specs: SpecItem[];
  facets: Facets;
  page: Page<LotCardView & ReserveMark>;
  /** The results' layout (`?layout=list`); not the filter's `view` item. */
  layout: LotLayout;
  dropped: boolean;
  seoLinks: { title: string; url: string }[];
  /** The search box's words (`?q=`), read into the filter and shown back as chips (issue #41); null without words. */
  phrase?: PhraseShown | null;
  /** The currency the price range is in (the filter's `currency`, else the visitor's), with its rate; null: roubles (ADR 037). */
  priceRate: ChosenRate | null;
};

type Props = {
  data: FilterScreenData;
  /** Where pagination, sorting and the layout stay (the SEO page keeps its own address for them). */
  pagePath: string;
  /** Where a changed filter goes: `/filter`. */
  formPath: string;
  header: ReactNode;
  intro?: ReactNode;
  /** A saved filter page's own query, by its slug: the subscription block's topic follows what the page lists. */
  seoFilterQuery?: SeoFilterQuery;
  /** The notify-me form (ADR 021), under the results. */
  notify?: ReactNode;
};

/**
 * The filter screen: the form beside (desktop) or above (phone) the results. The URL is the state: with
 * JavaScript each change updates the address after a pause and the loader answers with results and facet
 * counts together, without a page reload; without JavaScript the same form submits as a GET request.
 */
export function FilterScreen({ data, pagePath, formPath, header, intro, seoFilterQuery, notify }: Props) {
  const t = useT();
  const lp = useLocalePath();
  const format = useCatalogueFormat();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const { filter, specs, facets, page, layout } = data;
  const { ids: selected } = useSelection();
  const showsSelected = page.results.some((lot) => selected.includes(String(lot.id)));
  useEffect(() => {
    if (!showsSelected) return undefined;
    return afterLoadIdle(() => void results.load().catch(() => {}));
  }, [showsSelected]);

  const loaded = filterQuery(filter);
  const [draft, setDraft] = useState(filter);
  const [seen, setSeen] = useState(loaded);
  const [sent, setSent] = useState<string | null>(null);
  // A navigation this screen did not start (pagination, back button, a link) resets the form to the URL.
  if (seen !== loaded) {
    setSeen(loaded);
    if (loaded !== sent) setDraft(filter);
  }

  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // The sheet belongs to phones: a sheet left open while the window widens to the sidebar layout closes.
  const panel = useRef<HTMLDialogElement>(null);
  useCloseWhenWide(panel, '(width >= 64rem)');

  const go = (next: LotFilter, delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const query = filterQuery(next);
      setSent(query);
      // Criteria changes belong to the filter page; paging and sorting alone stay where they are.
      const sameCriteria = filterQuery(lotFilterCriteria(next)) === filterQuery(lotFilterCriteria(filter));
      const path = sameCriteria ? pagePath : formPath;
      navigate(lp(path) + filterQuery(next, layoutQuery(layout)), { replace: true, preventScrollReset: true });
    }, delay);
  };

  const change = (next: LotFilter) => {
    const { offset: _offset, ...rest } = next;
    setDraft(rest);
    go(rest, FILTER_DEBOUNCE_MS);
  };
  const sort = (ordering: Ordering | undefined) => {
    const { offset: _offset, ...rest } = { ...draft, ordering };
    setDraft(rest);
    go(rest, 0);
  };
  const reset = () => {
    setDraft({});
    go({}, 0);
  };

  const activeCount = serializeLotFilter(lotFilterCriteria(filter)).size;
  const pending = navigation.state === 'loading' && navigation.location.pathname.startsWith(lp(formPath));
  const limit = filter.limit ?? DEFAULT_LIMIT;
  const offset = filter.offset ?? 0;
  const withLayout = (query: LotFilter, next: LotLayout = layout) => lp(pagePath) + filterQuery(query, layoutQuery(next));

  return (
    <>
      {header}
      <div className="container-page grid grid-cols-1 gap-8 pt-6 pb-16 sm:pb-24 lg:grid-cols-[22rem_minmax(0,1fr)] lg:items-start xl:grid-cols-[24rem_minmax(0,1fr)]">
        {/*
          On phones the form is a modal sheet over the results: a <dialog> its button opens (without JavaScript too,
          by an invoker command); focus moves in, the page behind is inert and still, Esc or a tap outside closes it
          and focus returns to the button. From lg — and on a phone without scripts — it is the sidebar, always shown.
        */}
        <dialog
          ref={panel}
          id={FILTER_PANEL_ID}
          aria-labelledby="filter-panel-title"
          {...{ closedby: 'any' }}
          className="m-0 h-dvh max-h-none w-full max-w-none overflow-y-auto overscroll-contain bg-white p-0 text-ink noscript:static noscript:block noscript:h-auto noscript:rounded-3xl noscript:ring-1 noscript:ring-line lg:sticky lg:top-24 lg:block lg:h-auto lg:max-h-[calc(100dvh-7rem)] lg:rounded-3xl lg:ring-1 lg:ring-line"
        >
          <div className="sticky top-0 z-10 flex items-center justify-between border-b border-line bg-white px-5 py-3 noscript:static noscript:border-0 lg:static lg:border-0 lg:px-6 lg:pt-6 lg:pb-0">
            <h2 id="filter-panel-title" className="text-lg font-bold">
              {t('catalogue.filter.params')}
            </h2>
            <DialogCloseButton dialogId={FILTER_PANEL_ID} label={t('catalogue.common.close')} className="noscript:hidden lg:hidden" />
          </div>
          <div className="px-5 pt-4 sm:px-6 lg:pt-5">
            <LotFilterForm
              specs={specs}
              facets={facets}
              draft={draft}
              onChange={change}
              action={lp(formPath)}
              hidden={layoutQuery(layout)}
              pending={pending}
              onReset={reset}
              resetHref={lp(formPath)}
              priceRate={data.priceRate}
              onShow={() => {
                if (panel.current?.open) panel.current.close();
                document.getElementById('results')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
              }}
            />
          </div>
        </dialog>

        <section id="results" aria-labelledby="results-title" aria-busy={pending} className="min-w-0 scroll-mt-24">
          <h2 id="results-title" className="sr-only">
            {t('catalogue.filter.results')}
          </h2>
          <PhraseForm key={data.phrase?.text ?? ''} tone="light" query={data.phrase?.text} label="search.phrase.filterLabel" className="mb-4 max-w-2xl" />
          {data.phrase ? (
            <div className="mb-5">
              <PhraseChips phrase={data.phrase} keep={layoutQuery(layout)} />
            </div>
          ) : null}
          {data.dropped ? <p className="mb-4 rounded-2xl bg-accent-50 p-4 text-sm text-accent-800">{t('catalogue.filter.dropped')}</p> : null}
          <div className="flex flex-wrap items-center gap-3">
            <p id="filter-count" className="mr-auto w-full text-lg font-bold sm:w-auto" aria-live="polite">
              {t('catalogue.filter.found', { count: format.plural('catalogue.plural.lots', page.count) })}
            </p>
            {/* On a phone the button floats at the bottom of the screen, in reach wherever the results are scrolled;
                above the cookie notice while it is shown (--bottom-inset, components/layout/analytics.tsx). */}
            <button
              {...dialogOpener(FILTER_PANEL_ID)}
              data-bottom-bar=""
              className="fixed bottom-[calc(1rem+env(safe-area-inset-bottom))] left-1/2 z-30 inline-flex min-h-12 -translate-x-1/2 translate-y-[calc(-1*var(--bottom-inset,0px))] items-center gap-2 rounded-full bg-brand-700 px-5 font-semibold whitespace-nowrap text-white shadow-lg ring-2 ring-white hover:bg-brand-800 noscript:hidden lg:hidden"
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
                <path d="M4 7h10M18 7h2M4 17h4M12 17h8M16 5v4M10 15v4" />
              </svg>
              {t('catalogue.filter.open')}
              {activeCount ? <span className="min-w-6 rounded-full bg-white px-1.5 text-center text-sm text-brand-800 tabular-nums">{activeCount}</span> : null}
            </button>
            <SortSelect value={draft.ordering} form={FILTER_FORM_ID} onChange={sort} />
            <LayoutToggle layout={layout} href={(next) => withLayout(filter, next)} />
            <SelectionLink className="max-xl:hidden" />
          </div>

          <div className={`mt-5 transition-opacity ${pending ? 'opacity-60' : ''}`}>
            {page.results.length ? (
              <Results lots={page.results} layout={layout} />
            ) : (
              <div className="rounded-3xl bg-white p-10 text-center ring-1 ring-line">
                <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
                  <Icon name="search" className="size-7" />
                </span>
                <p className="mt-4 text-xl font-bold">{t('catalogue.filter.empty')}</p>
                <p className="mt-2 text-muted">{t('catalogue.filter.emptyText')}</p>
                {!isEmptyLotFilter(filter) ? (
                  <Link
                    to={lp(formPath)}
                    className="mt-5 inline-flex min-h-11 items-center rounded-full px-5 font-semibold text-brand-800 ring-1 ring-brand-700 hover:bg-brand-50"
                  >
                    {t('catalogue.filter.reset')}
                  </Link>
                ) : null}
              </div>
            )}
          </div>

          {page.count > 0 ? (
            <div className="mt-8 flex flex-col items-center gap-3">
              <Pagination count={page.count} limit={limit} offset={offset} href={(next) => `${withLayout({ ...filter, offset: next || undefined })}#results`} />
              <p className="text-sm text-muted tabular-nums">
                {t('catalogue.filter.shown', {
                  from: format.number(offset + 1),
                  to: format.number(Math.min(offset + limit, page.count)),
                  count: format.number(page.count),
                })}
              </p>
            </div>
          ) : null}

          {notify}

          {intro}

          {data.seoLinks.length ? (
            <nav aria-labelledby="seo-links-title" className="mt-12">
              <h2 id="seo-links-title" className="text-xl font-bold">
                {t('catalogue.filter.seoLinks')}
              </h2>
              <ul className="mt-4 flex flex-wrap gap-2">
                {data.seoLinks.map((link) => (
                  <li key={link.url}>
                    <Link to={lp(link.url)} className="pill-link">
                      {link.title}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
        </section>
      </div>
      <SubscriptionBlock seoFilterQuery={seoFilterQuery} />
    </>
  );
}
