import type { Route } from './+types/filter';
import { FilterScreen } from '#app/components/catalogue/filter-screen.tsx';
import { loadFilterScreen } from '#app/loaders/filter.server.ts';
import { PageHeader } from '#app/components/catalogue/page-header.tsx';
import type { ScrollHandle } from '#app/components/layout/scroll-behaviour.tsx';
import type { BottomBarHandle } from '#app/lib/bottom-bar.ts';
import { AlertForm } from '#app/components/alerts/alert-form.tsx';
import { alertAction } from '#app/loaders/alerts.server.ts';
import { appContext } from '#app/lib/context.server.ts';
import { translate, useLocalePath, useT } from '#app/lib/i18n.tsx';
import { filterQuery, requestLocale } from '#app/loaders/route-params.ts';
import { lotFilterCriteria } from '#core/catalogue/filter.ts';
import { metaMessages, pageMeta } from '#app/lib/meta.ts';

/** The results follow the form in place: changing a filter must not throw the visitor back to the top. */
export const handle: ScrollHandle & BottomBarHandle = { noScroll: true, bottomBar: true };

export function meta(args: Route.MetaArgs) {
  const messages = metaMessages(args.matches);
  return pageMeta(args, {
    title: messages ? translate(messages, 'catalogue.filter.title') : undefined,
    description: messages ? translate(messages, 'catalogue.filter.description') : undefined,
    // A search box's words (`?q=`) are endless variations of the filter pages: not for search engines.
    noindex: Boolean(args.loaderData?.phrase),
  });
}

export async function loader({ request, url, context }: Route.LoaderArgs) {
  return loadFilterScreen(request, url, context);
}

/** "Notify me" posted without JavaScript (ADR 021): the saved search is the form's `query`, the page's filter. */
export async function action({ request, url, context }: Route.ActionArgs) {
  return alertAction(request, requestLocale(url), context.get(appContext), { kind: 'search' });
}

export default function FilterPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lp = useLocalePath();
  const query = filterQuery(lotFilterCriteria(loaderData.filter));
  return (
    <FilterScreen
      data={loaderData}
      notify={<AlertForm key={query} kind="search" query={query} action={`${lp('/filter')}${query}`} result={actionData?.alert} />}
      pagePath="/filter"
      formPath="/filter"
      header={<PageHeader crumbs={[{ label: t('routes.filter') }]} title={t('catalogue.filter.title')} />}
    />
  );
}
