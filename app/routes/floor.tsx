import { Link } from 'react-router';
import type { Route } from './+types/floor';
import { isEmptyLotFilter } from '#core/catalogue/filter.ts';
import type { FloorDetail } from '#core/catalogue/types.ts';
import { FloorPlan } from '#app/components/catalogue/floor-plan.tsx';
import { lotMatchesFilter } from '#app/components/catalogue/lot-match.ts';
import { PageHeader } from '#app/components/catalogue/page-header.tsx';
import { QuickFilter } from '#app/components/catalogue/quick-filter.tsx';
import { RequestButton } from '#app/components/catalogue/request-button.tsx';
import { carriedFilter, filterQuery, keepProjectAddress, projectRoute, readLotFilter, requestLocale } from '#app/loaders/route-params.ts';
import { SelectionLink } from '#app/components/catalogue/selection-button.tsx';
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
  return pageMeta(args, {
    title: translate(messages, 'catalogue.floor.metaTitle', {
      floor: data.floor.number,
      section: data.section.number,
      building: data.building.name,
      project: data.project.name,
    }),
    description: translate(messages, 'catalogue.floor.metaDescription', { floor: data.floor.number }),
    image: data.shareImage,
  });
}

export async function loader({ request, url, params, context }: Route.LoaderArgs) {
  const { projectId, buildingId, sectionId, floorId, scope } = projectRoute(url, params);
  const catalogue = catalogueService(context);
  const locale = requestLocale(url);
  const [project, building, floor] = await Promise.all([
    catalogue.project(projectId, locale, scope),
    catalogue.building(projectId, buildingId, locale, scope),
    catalogue.floor(projectId, buildingId, sectionId, floorId, locale, scope),
  ]);
  const section = building?.sections.find((candidate) => candidate.id === floor?.sectionId);
  if (!project || !building || !floor || !section) pageNotFound();
  keepProjectAddress(url, project);
  const { filter } = readLotFilter(url.searchParams);
  return {
    // The project's render: what the page is shared with (`og:image`).
    shareImage: shareImage(context, project.image),
    project: { id: project.id, name: project.name, url: project.url },
    building: { id: building.id, name: building.name, url: building.url },
    section: { number: section.number, url: section.url },
    floor: { ...floor, plan: pictureSigner(context, request)(floor.plan, 'floorPlan') },
    filter: carriedFilter(filter),
  };
}

export default function FloorPage({ loaderData }: Route.ComponentProps) {
  const { project, building, section, floor, filter } = loaderData;
  const t = useT();
  const filterActive = !isEmptyLotFilter(filter);
  const carry = filterQuery(filter);
  const matching = floor.lots.filter((lot) => lotMatchesFilter(lot, filter)).length;

  return (
    <>
      <PageHeader
        crumbs={[
          { label: t('catalogue.projects.title'), to: '/projects' },
          { label: project.name, to: project.url },
          { label: building.name, to: building.url + carry },
          { label: t('catalogue.section.title', { number: section.number }), to: section.url + carry },
          { label: t('catalogue.floor.title', { floor: floor.number }) },
        ]}
        title={t('catalogue.floor.title', { floor: floor.number })}
        lead={`${t('catalogue.section.title', { number: section.number })} · ${building.name} · ${project.name}`}
        aside={
          <>
            <SelectionLink />
            <RequestButton size="md" projectId={project.id}>
              {t('catalogue.project.request')}
            </RequestButton>
          </>
        }
      />
      <div className="container-page pt-8 pb-16 sm:pb-24">
        <FloorSwitcher floor={floor} carry={carry} />
        <div className="mt-4 rounded-3xl bg-white p-4 ring-1 ring-line sm:p-5">
          <QuickFilter path={floor.url} filter={filter} fullFilter={{ ...filter, project: [project.id], building: [building.id] }} matching={matching} />
        </div>
        <div className="mt-6">
          <FloorPlan floor={floor} filter={filter} filterActive={filterActive} />
        </div>
      </div>
    </>
  );
}

/** Up and down one floor, or straight to any floor of the section (top first). */
function FloorSwitcher({ floor, carry }: { floor: FloorDetail; carry: string }) {
  const t = useT();
  const lp = useLocalePath();
  const floors = [...floor.floors].sort((a, b) => b.number - a.number);
  const step = 'inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-white ring-1 ring-line hover:bg-brand-50 hover:ring-brand-300';
  return (
    <nav aria-label={t('catalogue.floor.switcher')} className="flex items-center gap-2">
      {floor.neighbours.below ? (
        <Link to={lp(floor.neighbours.below.url) + carry} aria-label={`${t('catalogue.floor.below')}: ${floor.neighbours.below.number}`} className={step}>
          <Icon name="chevron-down" />
        </Link>
      ) : (
        <span aria-hidden="true" className={`${step} text-muted/40`}>
          <Icon name="chevron-down" />
        </span>
      )}
      {/* Relative, like every scroll box here: the current floor's hidden label (absolutely placed) stays inside it. */}
      <ul className="relative flex min-w-0 flex-1 gap-1.5 overflow-x-auto px-0.5 py-1 [scrollbar-width:thin]">
        {floors.map((item) => (
          <li key={item.number} className="shrink-0">
            {item.number === floor.number ? (
              <span aria-current="page" className="inline-flex size-11 items-center justify-center rounded-full bg-brand-700 font-bold text-white tabular-nums">
                <span className="sr-only">{t('catalogue.floor.current', { floor: item.number })}</span>
                <span aria-hidden="true">{item.number}</span>
              </span>
            ) : (
              <Link
                to={lp(item.url) + carry}
                className="inline-flex size-11 items-center justify-center rounded-full font-semibold tabular-nums hover:bg-brand-50"
              >
                {item.number}
              </Link>
            )}
          </li>
        ))}
      </ul>
      {floor.neighbours.above ? (
        <Link to={lp(floor.neighbours.above.url) + carry} aria-label={`${t('catalogue.floor.above')}: ${floor.neighbours.above.number}`} className={step}>
          <Icon name="chevron-down" className="size-5 rotate-180" />
        </Link>
      ) : (
        <span aria-hidden="true" className={`${step} text-muted/40`}>
          <Icon name="chevron-down" className="size-5 rotate-180" />
        </span>
      )}
    </nav>
  );
}
