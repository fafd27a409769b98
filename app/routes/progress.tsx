import { Form, Link } from 'react-router';
import type { Route } from './+types/progress';
import { useCatalogueFormat } from '#app/components/catalogue/format.ts';
import { PageHeader } from '#app/components/catalogue/page-header.tsx';
import { SubscriptionBlock } from '#app/components/forms/subscription-block.tsx';
import { ProgressBuildings } from '#app/components/project/progress.tsx';
import { Button, buttonClass } from '#app/components/ui/button.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import { Image } from '#app/components/ui/image.tsx';
import { catalogueService } from '#app/loaders/catalogue.server.ts';
import { keepProjectAddress, projectRoute, requestLocale } from '#app/loaders/route-params.ts';
import { pictureSigner, shareImage } from '#app/lib/images.server.ts';
import { translate, useLocalePath, useT } from '#app/lib/i18n.tsx';
import { metaMessages, pageMeta } from '#app/lib/meta.ts';
import { pageNotFound } from '#app/lib/route-validate.ts';

export function meta(args: Route.MetaArgs) {
  const project = args.loaderData?.project;
  const messages = metaMessages(args.matches);
  if (!project || !messages) return pageMeta(args, {});
  return pageMeta(args, {
    title: translate(messages, 'catalogue.progress.pageTitle', { project: project.name }),
    description: translate(messages, 'catalogue.progress.metaDescription', { project: project.name }),
    image: args.loaderData?.shareImage,
  });
}

/**
 * `/projects/{id}/progress`: a project's monthly construction reports, newest first, filtered by building and
 * year with a GET form (`?building=&year=`; a choice the project does not have is ignored, not an error page).
 */
export async function loader({ request, url, params, context }: Route.LoaderArgs) {
  const { projectId, scope } = projectRoute(url, params);
  const catalogue = catalogueService(context);
  const locale = requestLocale(url);
  const project = await catalogue.project(projectId, locale, scope);
  if (!project || project.progress.length === 0) pageNotFound();
  keepProjectAddress(url, project);
  const specs = await catalogue.progressSpecs({ project: [project.id] }, locale);
  const choicesOf = (name: string) => {
    const item = specs.find((s) => s.name === name);
    return item?.kind === 'choices' ? item.choices : [];
  };
  const chosen = (name: 'building' | 'year') => {
    const value = url.searchParams.get(name) ?? '';
    return choicesOf(name).some((c) => c.value === value) ? value : '';
  };
  const building = chosen('building');
  const year = chosen('year');
  const query = { project: [project.id], building: building ? [building] : [], year: year ? [year] : [] };
  const [reports, facets] = await Promise.all([catalogue.progressList(query, locale), catalogue.progressFacets(query)]);
  const sign = pictureSigner(context, request);
  const counted = (name: 'building' | 'year') => choicesOf(name).map((c) => ({ ...c, count: facets.items[name]?.choices?.[c.value] ?? 0 }));
  return {
    // The project's render: what the page is shared with (`og:image`).
    shareImage: shareImage(context, project.image),
    project: { id: project.id, name: project.name, url: project.url },
    latest: project.progress[0]!,
    chosen: { building, year },
    buildings: counted('building'),
    years: counted('year'),
    reports: reports.map((r) => ({ ...r, photos: r.photos.slice(0, 1).map((photo) => sign(photo, 'progressReport')) })),
  };
}

const SELECT = 'select-pill';

export default function ProgressPage({ loaderData }: Route.ComponentProps) {
  const { project, latest, chosen, buildings, years, reports } = loaderData;
  const t = useT();
  const lp = useLocalePath();
  const format = useCatalogueFormat();
  const option = (c: { label: string; count: number }) => `${c.label} (${format.number(c.count)})`;
  const filtered = chosen.building !== '' || chosen.year !== '';

  return (
    <>
      <PageHeader
        crumbs={[
          { label: t('catalogue.projects.title'), to: '/projects' },
          { label: project.name, to: project.url },
          { label: t('catalogue.project.progress') },
        ]}
        title={t('catalogue.progress.pageTitle', { project: project.name })}
        lead={t('catalogue.progress.lead')}
      />

      <section aria-labelledby="progress-buildings" className="container-page pt-8 sm:pt-10">
        <h2 id="progress-buildings" className="text-xl font-bold sm:text-2xl">
          {t('catalogue.progress.buildingsAsOf', { month: format.month(latest.month) })}
        </h2>
        <div className="mt-4">
          <ProgressBuildings buildings={latest.buildings} />
        </div>
      </section>

      <section aria-labelledby="progress-reports" className="container-page py-10 sm:py-14">
        <h2 id="progress-reports" className="sr-only">
          {t('catalogue.progress.allReports')}
        </h2>
        <Form
          method="get"
          preventScrollReset
          aria-label={t('catalogue.progress.filterLabel')}
          className="grid gap-4 rounded-3xl bg-white p-5 ring-1 ring-line sm:grid-cols-[1fr_1fr_auto] sm:items-end sm:p-6"
        >
          <label className="flex min-w-0 flex-col gap-2">
            <span className="text-sm font-semibold text-muted">{t('catalogue.progress.building')}</span>
            <select name="building" defaultValue={chosen.building} className={SELECT} key={`b${chosen.building}`}>
              <option value="">{t('catalogue.progress.allBuildings')}</option>
              {buildings.map((c) => (
                <option key={c.value} value={c.value}>
                  {option(c)}
                </option>
              ))}
            </select>
          </label>
          <label className="flex min-w-0 flex-col gap-2">
            <span className="text-sm font-semibold text-muted">{t('catalogue.progress.year')}</span>
            <select name="year" defaultValue={chosen.year} className={SELECT} key={`y${chosen.year}`}>
              <option value="">{t('catalogue.progress.allYears')}</option>
              {years.map((c) => (
                <option key={c.value} value={c.value}>
                  {option(c)}
                </option>
              ))}
            </select>
          </label>
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" size="lg">
              {t('catalogue.progress.apply')}
            </Button>
            {filtered ? (
              <Link to={lp(`${project.url}/progress`)} className={buttonClass('ghost', 'lg')} preventScrollReset>
                {t('catalogue.progress.reset')}
              </Link>
            ) : null}
          </div>
        </Form>

        {reports.length ? (
          <ul className="mt-8 grid gap-6 md:grid-cols-2">
            {reports.map((report) => (
              <li key={report.id}>
                <article className="group relative flex h-full flex-col overflow-hidden rounded-3xl bg-white ring-1 ring-line">
                  {report.photos[0] ? <Image picture={report.photos[0]} usage="progressReport" alt={report.photos[0].alt} className="aspect-[16/10]" /> : null}
                  <div className="card-body">
                    <h3 className="text-xl font-bold first-letter:uppercase">
                      <Link to={lp(report.url)} className="after:absolute after:inset-0 group-hover:text-brand-800 focus-visible:outline-none">
                        {report.title}
                      </Link>
                    </h3>
                    <p className="mt-3 line-clamp-4 text-muted">{report.text}</p>
                    <ul className="mt-4 flex flex-wrap gap-2" aria-label={t('catalogue.progress.buildings')}>
                      {report.buildings.map((b) => (
                        <li key={b.id} className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800">
                          {b.name}: {t('catalogue.progress.percent', { percent: format.percent(b.percent) })}
                        </li>
                      ))}
                    </ul>
                    <span className="mt-auto inline-flex items-center gap-1 pt-5 text-sm font-semibold text-brand-800" aria-hidden="true">
                      {t('catalogue.progress.open')}
                      <Icon name="arrow-right" className="size-4 transition-transform group-hover:translate-x-1" />
                    </span>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-8 rounded-3xl bg-white p-6 text-lg ring-1 ring-line">{t('catalogue.progress.empty')}</p>
        )}
      </section>
      <SubscriptionBlock />
    </>
  );
}
