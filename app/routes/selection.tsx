import { useEffect } from 'react';
import { data, Link, redirect, useNavigate, useRevalidator } from 'react-router';
import type { Route } from './+types/selection';
import { CSRF_FORM_FIELD } from '#core/http/csrf.ts';
import { safeLocation } from '#core/http/safe-location.ts';
import { CompareTable } from '#app/components/catalogue/compare-table.tsx';
import { useCatalogueFormat } from '#app/components/catalogue/format.ts';
import { PageHeader } from '#app/components/catalogue/page-header.tsx';
import { requestLocale, requestSelection } from '#app/loaders/route-params.ts';
import { catalogueService } from '#app/loaders/catalogue.server.ts';
import { pictureSigner } from '#app/lib/images.server.ts';
import { Button, buttonClass } from '#app/components/ui/button.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import { SelectionEmpty } from '#app/components/selection/selection-empty.tsx';
import { SelectionForm } from '#app/components/selection/selection-form.tsx';
import { ShareBox } from '#app/components/selection/share-box.tsx';
import { appContext } from '#app/lib/context.server.ts';
import { requirePageFormOrigin } from '#app/lib/csrf.server.ts';
import { translate, useLocalePath, useT } from '#app/lib/i18n.tsx';
import { metaMessages, pageMeta } from '#app/lib/meta.ts';
import { applySelectionChange, parseSelectionIds, selectionCookie, SELECTION_LIMIT, serializeSelectionIds, type SelectionChange } from '#app/lib/selection.ts';
import { useSelection } from '#app/lib/selection-store.ts';

export function meta(args: Route.MetaArgs) {
  const messages = metaMessages(args.matches);
  return pageMeta(args, {
    title: messages ? translate(messages, 'catalogue.selection.title') : undefined,
    description: messages ? translate(messages, 'catalogue.selection.description') : undefined,
    // A selection is personal (or a private link): nothing for search engines.
    noindex: true,
  });
}

/**
 * The visitor's own selection, from their cookie: no shared cache (a CDN, the server's page cache) may keep it or
 * hand it to another visitor. The only page rendered from a visitor's cookie (ADR 022). A request without a selection
 * gets the empty page, the same for everyone: `public` (the server adds a shared cache's lifetime, ADR 035), varying
 * on `Cookie` so that a shared cache hands it only to requests without cookies.
 */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders.has('cache-control')
    ? { 'cache-control': loaderHeaders.get('cache-control')!, vary: 'Cookie' }
    : { 'cache-control': 'private, no-store' };
}

/** `/selection`: the visitor's own selection from the cookie, or `?ids=` from a shared link. */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const shared = url.searchParams.has('ids');
  const ids = shared ? parseSelectionIds(url.searchParams.get('ids')) : requestSelection(request);
  const lots = ids.length ? await catalogueService(context).lotsByIds(ids, requestLocale(url)) : [];
  const sign = pictureSigner(context, request);
  const selectionIds = requestSelection(request);
  const empty = !shared && selectionIds.length === 0;
  return data(
    {
      shared,
      ids,
      lots: lots.map((lot) => ({ ...lot, plan: sign(lot.plan, 'compareTable', 'lotCard') })),
      onlyDiff: url.searchParams.get('diff') === '1',
      selectionIds,
    },
    empty ? { headers: { 'cache-control': 'public' } } : undefined,
  );
}

const INTENTS: readonly SelectionChange['intent'][] = ['add', 'remove', 'toggle', 'clear', 'merge'];

/** The no-JavaScript path of every heart and "remove" button: change the cookie, then go back. */
export async function action({ request, url, context }: Route.ActionArgs) {
  const form = await request.formData();
  requirePageFormOrigin(request, context.get(appContext), form.get(CSRF_FORM_FIELD));
  const intent = String(form.get('intent') ?? '') as SelectionChange['intent'];
  if (!INTENTS.includes(intent)) throw new Response('Unknown intent', { status: 400 });
  const ids = form.getAll('id').flatMap((value) => parseSelectionIds(String(value)));
  const next = applySelectionChange(requestSelection(request), { intent, ids });
  const target = String(form.get('redirectTo') ?? '');
  // Only a path on this site: never an open redirect (also when sent as data to the client router, which
  // no Location check sees).
  const to = (target && safeLocation(target, url.origin)) || url.pathname;
  return redirect(to, { headers: { 'set-cookie': selectionCookie(next, url.protocol === 'https:') } });
}

export default function SelectionPage({ loaderData }: Route.ComponentProps) {
  const { shared, lots, onlyDiff } = loaderData;
  const t = useT();
  const lp = useLocalePath();
  const format = useCatalogueFormat();
  const { ids: own, change } = useSelection();
  const revalidator = useRevalidator();
  const navigate = useNavigate();

  // Own selection: follow the store (a heart in another tab, a removal here) without asking the server
  // again, except for lots this page has not loaded yet.
  const shown = shared ? lots : own.map((id) => lots.find((lot) => lot.id === id)).filter((lot) => lot !== undefined);
  const missing = !shared && own.some((id) => !loaderData.ids.includes(id));
  useEffect(() => {
    if (missing && revalidator.state === 'idle') void revalidator.revalidate();
  }, [missing, revalidator]);

  const ids = shared ? loaderData.ids : own;
  const unavailable = shared ? loaderData.ids.length - lots.length : loaderData.ids.filter((id) => !lots.some((lot) => lot.id === id)).length;
  const diffHref = (on: boolean) => lp('/selection') + (shared ? `?ids=${serializeSelectionIds(ids)}${on ? '&diff=1' : ''}` : on ? '?diff=1' : '');

  const saveShared = () => {
    change({ intent: 'merge', ids: loaderData.ids });
    void navigate(lp('/selection'));
  };

  return (
    <>
      <PageHeader
        crumbs={[{ label: t('catalogue.selection.title') }]}
        title={shared ? t('catalogue.selection.sharedTitle') : t('catalogue.selection.title')}
        lead={shared ? t('catalogue.selection.sharedLead', { count: lots.length }) : t('catalogue.selection.lead')}
        aside={
          shared && lots.length ? (
            <SelectionForm intent="merge" ids={loaderData.ids} redirectTo={lp('/selection')} onSubmit={saveShared}>
              <Button type="submit" size="lg">
                <Icon name="heart" />
                {t('catalogue.selection.saveShared')}
              </Button>
            </SelectionForm>
          ) : null
        }
      />
      <div className="container-page pt-8 pb-16 sm:pb-24">
        {unavailable > 0 ? <p className="mb-6 rounded-2xl bg-accent-50 p-4 text-sm text-accent-800">{t('catalogue.selection.unavailable')}</p> : null}
        {own.length >= SELECTION_LIMIT && !shared ? (
          <p className="mb-6 rounded-2xl bg-accent-50 p-4 text-sm text-accent-800">{t('catalogue.selection.full', { count: SELECTION_LIMIT })}</p>
        ) : null}
        {shown.length ? (
          <>
            <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
              {!shared ? <ShareBox ids={ids} /> : <span />}
              <div className="flex flex-wrap items-center gap-3">
                {shown.length > 1 ? (
                  <div role="group" aria-label={t('catalogue.selection.compare')} className="inline-flex rounded-full bg-white p-1 ring-1 ring-line">
                    {[false, true].map((on) => (
                      <Link
                        key={String(on)}
                        to={diffHref(on)}
                        replace
                        preventScrollReset
                        aria-current={on === onlyDiff ? 'true' : undefined}
                        className="inline-flex min-h-9 items-center rounded-full px-3.5 text-sm font-semibold text-muted hover:text-ink aria-[current=true]:bg-brand-700 aria-[current=true]:text-white"
                      >
                        {t(on ? 'catalogue.selection.onlyDiff' : 'catalogue.selection.showAll')}
                      </Link>
                    ))}
                  </div>
                ) : null}
                {!shared ? (
                  <SelectionForm intent="clear" ids={[]} redirectTo={lp('/selection')} onSubmit={() => change({ intent: 'clear', ids: [] })}>
                    <button type="submit" className={buttonClass('ghost', 'md', 'text-muted')}>
                      {t('catalogue.selection.clear')}
                    </button>
                  </SelectionForm>
                ) : null}
              </div>
            </div>
            <h2 className="mt-8 mb-4 text-2xl font-extrabold tracking-tight">{t('catalogue.selection.compare')}</h2>
            <CompareTable
              lots={shown}
              onlyDiff={onlyDiff}
              actions={
                shared
                  ? undefined
                  : (lot) => (
                      <SelectionForm intent="remove" ids={[lot.id]} redirectTo={lp('/selection')} onSubmit={() => change({ intent: 'remove', ids: [lot.id] })}>
                        <button
                          type="submit"
                          aria-label={t('catalogue.selection.removeLotLabel', { name: format.lotTitle(lot) })}
                          className="inline-flex min-h-9 items-center gap-1.5 rounded-full px-3 text-sm font-semibold text-muted ring-1 ring-line hover:bg-paper hover:text-ink"
                        >
                          <Icon name="close" className="size-4" />
                          {t('catalogue.selection.removeLot')}
                        </button>
                      </SelectionForm>
                    )
              }
            />
          </>
        ) : (
          <SelectionEmpty />
        )}
      </div>
    </>
  );
}
