import type { Route } from './+types/slug-page';
import { splitLocalePath } from '#core/i18n/routing.ts';
import { Blocks } from '#app/components/content/blocks.tsx';
import { Breadcrumbs } from '#app/components/layout/breadcrumbs.tsx';
import { appContext } from '#app/lib/context.server.ts';
import { useFormatters, useT } from '#app/lib/i18n.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { pageNotFound } from '#app/lib/route-validate.ts';

const SLUG = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*$/;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: args.loaderData?.page.title, description: args.loaderData?.page.description });
}

/** The catch-all `/{slug(.*)*}`: a page from the database, or 404 'Page not found'. */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const slug = (params['*'] ?? `${params.slugHead}/${params.slugTail}`).replace(/\/+$/, '');
  if (!SLUG.test(slug)) pageNotFound();
  const page = await services.pages.bySlug(slug, splitLocalePath(url.pathname).locale);
  if (!page) pageNotFound();
  return { page };
}

export default function SlugPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const t = useT();
  const format = useFormatters();
  return (
    <article className="container-page py-8 sm:py-12">
      <Breadcrumbs items={[{ label: page.title }]} />
      <div className="mt-6 max-w-3xl">
        <h1 className="text-3xl font-extrabold tracking-tight text-balance sm:text-5xl">{page.title}</h1>
        <p className="mt-4 text-lg text-muted">{page.description}</p>
        <p className="mt-2 text-sm text-muted">
          <time dateTime={page.updatedAt}>{t('page.updated', { date: format.date(page.updatedAt) })}</time>
        </p>
        <div className={`mt-8 ${page.template === 'disclosure' ? 'rounded-3xl border border-line bg-white p-6 sm:p-10' : ''}`}>
          <Blocks blocks={page.body} />
        </div>
      </div>
    </article>
  );
}
