import type { Route } from './+types/filter';
import { FilterScreen } from '#app/components/catalogue/filter-screen.tsx';
import { loadFilterScreen } from '#app/loaders/filter.server.ts';
import { PageHeader } from '#app/components/catalogue/page-header.tsx';
import type { ScrollHandle } from '#app/components/layout/scroll-behaviour.tsx';
import { translate, useT } from '#app/lib/i18n.tsx';
import { metaMessages, pageMeta } from '#app/lib/meta.ts';

/** The results follow the form in place: changing a filter must not throw the visitor back to the top. */
export const handle: ScrollHandle = { noScroll: true };

export function meta(args: Route.MetaArgs) {
  const messages = metaMessages(args.matches);
  return pageMeta(args, {
    title: messages ? translate(messages, 'catalogue.filter.title') : undefined,
    description: messages ? translate(messages, 'catalogue.filter.description') : undefined,
  });
}

export async function loader({ request, url, context }: Route.LoaderArgs) {
  return loadFilterScreen(request, url, context);
}

export default function FilterPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <FilterScreen
      data={loaderData}
      pagePath="/filter"
      formPath="/filter"
      header={<PageHeader crumbs={[{ label: t('routes.filter') }]} title={t('catalogue.filter.title')} />}
    />
  );
}
