import { Link } from 'react-router';
import type { Route } from './+types/progress-report';
import { PageHeader } from '#app/components/catalogue/page-header.tsx';
import { SubscriptionBlock } from '#app/components/forms/subscription-block.tsx';
import { ProgressBuildings } from '#app/components/project/progress.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import { Image } from '#app/components/ui/image.tsx';
import { catalogueService } from '#app/loaders/catalogue.server.ts';
import { keepProjectAddress, projectRoute, requestLocale } from '#app/loaders/route-params.ts';
import { pictureSigner, shareImage } from '#app/lib/images.server.ts';
import { useLocalePath, useT } from '#app/lib/i18n.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { pageNotFound, validateRoute } from '#app/lib/route-validate.ts';
import { isId } from '#core/schemas/id.ts';

export function meta(args: Route.MetaArgs) {
  const data = args.loaderData;
  if (!data) return pageMeta(args, {});
  return pageMeta(args, { title: `${data.report.title} — ${data.project.name}`, description: data.report.text, image: data.shareImage });
}

/** `/projects/{id}/progress/{reportId}`: one monthly report (a report of another project is not found here). */
export async function loader({ request, url, params, context }: Route.LoaderArgs) {
  const { projectId, scope } = projectRoute(url, params);
  validateRoute(url, isId(params.reportId));
  const catalogue = catalogueService(context);
  const locale = requestLocale(url);
  const [project, report] = await Promise.all([catalogue.project(projectId, locale, scope), catalogue.progressReport(params.reportId, locale)]);
  if (!project || !report || report.projectId !== project.id) pageNotFound();
  keepProjectAddress(url, project);
  const sign = pictureSigner(context, request);
  return {
    // The project's render: what the page is shared with (`og:image`).
    shareImage: shareImage(context, project.image),
    project: { id: project.id, name: project.name, url: project.url },
    report: { ...report, photos: report.photos.map((photo) => sign(photo, 'progressReport')) },
  };
}

export default function ProgressReportPage({ loaderData }: Route.ComponentProps) {
  const { project, report } = loaderData;
  const t = useT();
  const lp = useLocalePath();
  const neighbour = 'group flex min-h-11 items-center gap-2 rounded-2xl px-4 py-3 font-semibold text-brand-800 ring-1 ring-line hover:bg-brand-50';

  return (
    <>
      <PageHeader
        crumbs={[
          { label: t('catalogue.projects.title'), to: '/projects' },
          { label: project.name, to: project.url },
          { label: t('catalogue.project.progress'), to: `${project.url}/progress` },
          { label: report.title },
        ]}
        title={<span className="first-letter:uppercase">{report.title}</span>}
        lead={project.name}
      />

      <div className="container-page pt-6 sm:pt-8">
        <p className="max-w-3xl text-lg text-pretty">{report.text}</p>
      </div>

      <section aria-labelledby="report-buildings" className="container-page pt-8 sm:pt-10">
        <h2 id="report-buildings" className="text-xl font-bold sm:text-2xl">
          {t('catalogue.progress.buildings')}
        </h2>
        <div className="mt-4">
          <ProgressBuildings buildings={report.buildings} />
        </div>
      </section>

      {report.photos.length ? (
        <section aria-labelledby="report-photos" className="container-page pt-10 sm:pt-14">
          <h2 id="report-photos" className="text-xl font-bold sm:text-2xl">
            {t('catalogue.progress.photos')}
          </h2>
          <ul className="mt-4 grid gap-6 md:grid-cols-2">
            {report.photos.map((photo, index) => (
              <li key={photo.src}>
                <figure>
                  <Image picture={photo} usage="progressReport" alt={photo.alt} priority={index === 0} className="aspect-[16/10] rounded-3xl" />
                  <figcaption className="mt-2 text-sm text-muted">
                    {photo.caption ? `${photo.caption} · ` : ''}
                    {t('catalogue.progress.photo', { index: index + 1, count: report.photos.length })}
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <nav aria-label={t('catalogue.project.progress')} className="container-page grid gap-3 py-10 sm:grid-cols-3 sm:py-14">
        {report.previous ? (
          <Link to={lp(report.previous.url)} rel="prev" className={neighbour}>
            <Icon name="arrow-right" className="size-4 shrink-0 rotate-180 transition-transform group-hover:-translate-x-1" />
            <span>
              <span className="block text-sm font-normal text-muted">{t('catalogue.progress.previous')}</span>
              <span className="first-letter:uppercase">{report.previous.title}</span>
            </span>
          </Link>
        ) : (
          <span />
        )}
        <Link to={lp(`${project.url}/progress`)} className={`${neighbour} justify-center`}>
          {t('catalogue.progress.allReports')}
        </Link>
        {report.next ? (
          <Link to={lp(report.next.url)} rel="next" className={`${neighbour} justify-end text-right`}>
            <span>
              <span className="block text-sm font-normal text-muted">{t('catalogue.progress.next')}</span>
              <span className="first-letter:uppercase">{report.next.title}</span>
            </span>
            <Icon name="arrow-right" className="size-4 shrink-0 transition-transform group-hover:translate-x-1" />
          </Link>
        ) : (
          <span />
        )}
      </nav>
      <SubscriptionBlock />
    </>
  );
}
