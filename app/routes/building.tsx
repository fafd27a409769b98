import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Route } from './+types/building';
import type { LotFilter } from '#core/catalogue/service.ts';
import { roomChoice } from '#core/catalogue/filter-items.ts';
import type { BuildingDetail } from '#core/catalogue/types.ts';
import { FacadePicker } from '#app/components/catalogue/facade.tsx';
import { useCatalogueFormat } from '#app/components/catalogue/format.ts';
import { PageHeader } from '#app/components/catalogue/page-header.tsx';
import { RequestButton } from '#app/components/catalogue/request-button.tsx';
import { CompletionText } from '#app/components/project/progress.tsx';
import { carriedFilter, filterQuery, keepProjectAddress, projectRoute, readLotFilter, requestLocale } from '#app/loaders/route-params.ts';
import { catalogueService } from '#app/loaders/catalogue.server.ts';
import { pictureSigner, shareImage } from '#app/lib/images.server.ts';
import { Icon } from '#app/components/ui/icon.tsx';
import { translate, useLocalePath, useT } from '#app/lib/i18n.tsx';
import { metaMessages, pageMeta } from '#app/lib/meta.ts';
import { pageNotFound } from '#app/lib/route-validate.ts';

export function meta(args: Route.MetaArgs) {
  const data = args.loaderData;
  const messages = metaMessages(args.matches);
  if (!data || !messages) return pageMeta(args, {});
  const { building, project } = data;
  return pageMeta(args, {
    title: translate(messages, 'catalogue.building.title', { project: project.name, building: building.name }),
    description: translate(messages, 'catalogue.building.metaDescription', {
      building: building.name,
      project: project.name,
      floors: String(building.floorsCount),
      completion: building.completionLabel,
    }),
    image: data.shareImage,
  });
}

export async function loader({ request, url, params, context }: Route.LoaderArgs) {
  const { projectId, buildingId, scope } = projectRoute(url, params);
  const catalogue = catalogueService(context);
  const locale = requestLocale(url);
  const [project, building] = await Promise.all([catalogue.project(projectId, locale, scope), catalogue.building(projectId, buildingId, locale, scope)]);
  if (!project || !building) pageNotFound();
  keepProjectAddress(url, project);
  const { filter } = readLotFilter(url.searchParams);
  return {
    // The project's render: what the page is shared with (`og:image`).
    shareImage: shareImage(context, project.image),
    project: { id: project.id, name: project.name, url: project.url, presale: project.status === 'presale' },
    building: { ...building, facade: { ...building.facade, image: pictureSigner(context, request)(building.facade.image, 'facade') } },
    filter: carriedFilter(filter),
  };
}

export default function BuildingPage({ loaderData }: Route.ComponentProps) {
  const { project, building, filter } = loaderData;
  const t = useT();
  const lp = useLocalePath();
  const format = useCatalogueFormat();
  const carry = filterQuery(filter);
  const lotsLeft = building.sections.reduce((sum, section) => sum + section.lotsLeft, 0);
  const floorHref = (floor: BuildingDetail['facade']['floors'][number]) =>
    floor.url
      ? floor.url + carry
      : // The band counts lots on sale (free) on that floor of every section: the filter lists exactly those.
        '/filter' +
        filterQuery({
          ...filter,
          project: [project.id],
          building: [building.id],
          floor_min: floor.number,
          floor_max: floor.number,
          status: filter.status ?? ['free'],
        });

  return (
    <>
      <PageHeader
        crumbs={[{ label: t('catalogue.projects.title'), to: '/projects' }, { label: project.name, to: project.url }, { label: building.name }]}
        title={t('catalogue.building.title', { project: project.name, building: building.name })}
        aside={
          <RequestButton size="md" projectId={project.id}>
            {t('catalogue.project.request')}
          </RequestButton>
        }
      />
      <div className="container-page mt-6">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Fact label={t('catalogue.building.status')} value={t(`catalogue.projectStatus.${building.status}`)} />
          <Fact label={t('catalogue.building.completion')} value={<CompletionText completion={building} />} />
          <Fact label={t('catalogue.building.floorsCount')} value={format.plural('catalogue.plural.floors', building.floorsCount)} />
          <Fact label={t('catalogue.project.onSale')} value={format.availability(lotsLeft, project.presale, 'catalogue.plural.lots')} />
        </dl>
      </div>

      <div className="container-page pt-10 pb-16 sm:pt-14 sm:pb-24">
        <FacadePicker facade={building.facade} floorHref={floorHref} presale={project.presale}>
          {building.sections.length ? (
            <section aria-labelledby="sections-title">
              <h2 id="sections-title" className="text-2xl font-extrabold tracking-tight sm:text-3xl">
                {t('catalogue.building.sections')}
              </h2>
              <ul className="mt-4 grid gap-3 sm:grid-cols-2">
                {building.sections.map((section) => (
                  <li key={section.id}>
                    <Link
                      to={lp(section.url) + carry}
                      className="group flex h-full items-center justify-between gap-4 rounded-3xl bg-white p-5 ring-1 ring-line transition-colors hover:bg-brand-50 hover:ring-brand-300"
                    >
                      <span>
                        <span className="block text-lg font-bold">{t('catalogue.building.sectionName', { number: section.number })}</span>
                        <span className="block text-sm text-muted">
                          {format.plural('catalogue.plural.floors', section.floorsCount)} ·{' '}
                          <span className={section.lotsLeft > 0 ? 'font-semibold text-brand-700' : ''}>
                            {format.availability(section.lotsLeft, project.presale)}
                          </span>
                        </span>
                        <span className="mt-2 inline-flex items-center gap-1 text-sm font-semibold text-brand-800">
                          {t('catalogue.building.openSection')}
                          <Icon name="arrow-right" className="size-4 transition-transform group-hover:translate-x-1" />
                        </span>
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {building.lotsSummary.length ? (
            <section>
              {/* Not a named region itself: the table's scroller below is the region this heading names (one landmark, one name). */}
              <h2 id="summary-title" className="text-2xl font-extrabold tracking-tight sm:text-3xl">
                {t('catalogue.building.summary')}
              </h2>
              <div className="mt-4">
                <LotsSummary building={building} projectId={project.id} filter={filter} />
              </div>
            </section>
          ) : null}
        </FacadePicker>
      </div>
    </>
  );
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="rounded-2xl bg-white p-4 ring-1 ring-line sm:p-5">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="mt-1 text-lg font-bold tabular-nums">{value}</dd>
    </div>
  );
}

function LotsSummary({ building, projectId, filter }: { building: BuildingDetail; projectId: string; filter: LotFilter }) {
  const t = useT();
  const lp = useLocalePath();
  const format = useCatalogueFormat();
  return (
    // On a narrow phone a long price may not fit: the table scrolls in its own labelled, focusable box, never the page.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable from the keyboard
    <div role="group" aria-labelledby="summary-title" tabIndex={0} className="relative overflow-x-auto rounded-3xl bg-white ring-1 ring-line">
      <table className="w-full text-left">
        <thead className="border-b border-line text-sm text-muted">
          <tr>
            <th scope="col" className="py-3 pr-2 pl-5 font-semibold">
              {t('catalogue.building.summaryType')}
            </th>
            <th scope="col" className="px-2 py-3 text-right font-semibold">
              {t('catalogue.building.summaryCount')}
            </th>
            <th scope="col" className="hidden px-2 py-3 text-right font-semibold sm:table-cell">
              {t('catalogue.building.summaryArea')}
            </th>
            <th scope="col" className="py-3 pr-5 pl-2 text-right font-semibold">
              {t('catalogue.building.summaryPrice')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {building.lotsSummary.map((row) => {
            const kind = format.roomsTitle({ type: row.type, rooms: row.rooms, euro: false });
            const href =
              lp('/filter') +
              filterQuery({
                ...filter,
                project: [projectId],
                building: [building.id],
                type: [row.type],
                ...(row.type === 'flat' && row.rooms !== null ? { rooms: [roomChoice(row.rooms)] } : {}),
              });
            return (
              <tr key={`${row.type}-${row.rooms ?? ''}`} className="relative hover:bg-brand-50/60">
                <th scope="row" className="py-4 pr-2 pl-5 font-semibold">
                  {row.count > 0 ? (
                    <Link to={href} className="text-brand-800 after:absolute after:inset-0 hover:underline">
                      {kind}
                    </Link>
                  ) : (
                    kind
                  )}
                </th>
                <td className="px-2 py-4 text-right tabular-nums">{format.number(row.count)}</td>
                <td className="hidden px-2 py-4 text-right tabular-nums sm:table-cell">
                  {row.minArea !== null ? t('catalogue.common.from', { value: format.area(row.minArea) }) : '—'}
                </td>
                <td className="py-4 pr-5 pl-2 text-right font-semibold whitespace-nowrap tabular-nums">
                  {row.minPrice !== null ? format.from(row.minPrice) : '—'}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
