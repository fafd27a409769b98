import { redirect } from 'react-router';
import type { Route } from './+types/filter-seo';
import { serializeLotFilter } from '#core/catalogue/filter.ts';
import { LOT_TYPES } from '#core/catalogue/types.ts';
import { FilterScreen } from '#app/components/catalogue/filter-screen.tsx';
import { loadFilterScreen } from '#app/loaders/filter.server.ts';
import { PageHeader } from '#app/components/catalogue/page-header.tsx';
import { requestLocale, seoFilterRoute } from '#app/loaders/route-params.ts';
import { catalogueService } from '#app/loaders/catalogue.server.ts';
import type { ScrollHandle } from '#app/components/layout/scroll-behaviour.tsx';
import type { BottomBarHandle } from '#app/lib/bottom-bar.ts';
import { useT } from '#app/lib/i18n.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { pageNotFound } from '#app/lib/route-validate.ts';

export const handle: ScrollHandle & BottomBarHandle = { noScroll: true, bottomBar: true };

/** Its own title, description and canonical (the page's own address, without paging or sorting). */
export function meta(args: Route.MetaArgs) {
  const seo = args.loaderData?.seo;
  return pageMeta(args, { title: seo?.title, description: seo?.description });
}

/** `/filter/{slug}`: a landing for a popular search ("two-room flats in X"), its filter fixed by the SEO table. */
export async function loader({ request, url, params, context }: Route.LoaderArgs) {
  const slug = seoFilterRoute(url, params);
  const seo = await catalogueService(context).seoFilter(slug, requestLocale(url));
  if (!seo) {
    // The menus link lot types as /filter/{type} (parking, pantry…): without a landing of that name, the
    // filter on that type is the page they mean. Temporary, so a landing added later takes the address back.
    if ((LOT_TYPES as readonly string[]).includes(slug)) throw redirect(url.pathname.replace(/\/[^/]+\/?$/, '') + `?type=${slug}`);
    pageNotFound();
  }
  const screen = await loadFilterScreen(request, url, context, seo.filter);
  return { ...screen, seoLinks: screen.seoLinks.filter((link) => link.url !== seo.url), seo };
}

export default function SeoFilterPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { seo } = loaderData;
  return (
    <FilterScreen
      data={loaderData}
      pagePath={seo.url}
      formPath="/filter"
      seoFilterQuery={(slug) => (seo.url === `/filter/${slug}` ? serializeLotFilter(seo.filter).toString() : null)}
      header={<PageHeader crumbs={[{ label: t('routes.filter'), to: '/filter' }, { label: seo.h1 }]} title={seo.h1} lead={seo.description} />}
      intro={
        seo.text.length ? (
          <div className="mt-12 max-w-3xl space-y-4 text-lg leading-relaxed text-pretty text-ink/85">
            {seo.text.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        ) : null
      }
    />
  );
}
