import { Link } from 'react-router';
import type { Route } from './+types/section';
import { isEmptyLotFilter } from '#core/catalogue/filter.ts';
import { Chessboard } from '#app/components/catalogue/chessboard.tsx';
import { Legend } from '#app/components/catalogue/legend.tsx';
import { useCatalogueFormat } from '#app/components/catalogue/format.ts';
import { lotMatchesFilter } from '#app/components/catalogue/lot-match.ts';
import { PageHeader } from '#app/components/catalogue/page-header.tsx';
import { QuickFilter } from '#app/components/catalogue/quick-filter.tsx';
import { RequestButton } from '#app/components/catalogue/request-button.tsx';
import { readSunLayer, sunLayerQuery } from '#app/components/catalogue/sun-layer.tsx';
import { carriedFilter, filterQuery, keepProjectAddress, projectRoute, readLotFilter, requestLocale } from '#app/loaders/route-params.ts';
import { SelectionLink } from '#app/components/catalogue/selection-button.tsx';
import { catalogueService } from '#app/loaders/catalogue.server.ts';
import { isForSale } from '#core/catalogue/types.ts';
import { shareImage } from '#app/lib/images.server.ts';
import { translate, useLocalePath, useT } from '#app/lib/i18n.tsx';
import { metaMessages, pageMeta } from '#app/lib/meta.ts';
import { pageNotFound } from '#app/lib/route-validate.ts';

export function meta(args: Route.MetaArgs) {
  const data = args.loaderData;
  const messages = metaMessages(args.matches);
  if (!data || !messages) return pageMeta(args, {});
  const number = data.section.number;
  return pageMeta(args, {
    title: translate(messages, 'catalogue.section.metaTitle', { number, building: data.building.name, project: data.project.name }),
    description: translate(messages, 'catalogue.section.metaDescription', { number }),
    image: data.shareImage,
  });
}

export async function loader({ url, params, context }: Route.LoaderArgs) {
  const { projectId, buildingId, sectionId, scope } = projectRoute(url, params);
  const catalogue = catalogueService(context);
  const locale = requestLocale(url);
  // The chessboard's sun layer (`?layer=sun`): only then do the cells carry their lots' sun.
  const sun = readSunLayer(url.searchParams);
  const [project, building, section] = await Promise.all([
    catalogue.project(projectId, locale, scope),
    catalogue.building(projectId, buildingId, locale, scope),
    catalogue.section(projectId, buildingId, sectionId, scope, { sun }),
  ]);
  if (!project || !building || !section) pageNotFound();
  keepProjectAddress(url, project);
  const { filter } = readLotFilter(url.searchParams);
  return {
    // The project's render: what the page is shared with (`og:image`).
    shareImage: shareImage(context, project.image),
    project: { id: project.id, name: project.name, url: project.url },
    building: { id: building.id, name: building.name, url: building.url, sections: building.sections },
    section,
    filter: carriedFilter(filter),
    sun,
  };
}

export default function SectionPage({ loaderData }: Route.ComponentProps) {
  const { project, building, section, filter, sun } = loaderData;
  const t = useT();
  const lp = useLocalePath();
  const format = useCatalogueFormat();
  const filterActive = !isEmptyLotFilter(filter);
  const numbers = section.floors.map((floor) => floor.number);
  const bounds = { lowest: Math.min(...numbers), highest: Math.max(...numbers) };
  const matching = section.floors.flatMap((floor) => floor.cells).filter((lot) => lot !== null && lotMatchesFilter(lot, filter, bounds)).length;
  const carry = filterQuery(filter);
  const others = building.sections.filter((other) => other.id !== section.id);
  const lots = section.floors.flatMap((floor) => floor.cells).filter((lot) => lot !== null);
  // Premises let for rent are counted apart from lots for sale.
  const forRent = lots.filter((lot) => lot.status === 'free' && lot.offer === 'rent').length;
  const inAuction = lots.filter((lot) => lot.status === 'auction').length;
  // Reserved online, a hold included (the public sees a hold as reserved).
  const reserved = lots.filter((lot) => lot.status === 'reserved' || lot.status === 'held').length;
  const counts: [string, string][] = [
    [t('catalogue.status.free'), format.number(lots.filter(isForSale).length)],
    ...(forRent ? [[t('catalogue.rentStatus.free'), format.number(forRent)] as [string, string]] : []),
    [t('catalogue.status.booked'), format.number(lots.filter((lot) => lot.status === 'booked').length)],
    ...(inAuction ? [[t('catalogue.status.auction'), format.number(inAuction)] as [string, string]] : []),
    ...(reserved ? [[t('catalogue.status.reserved'), format.number(reserved)] as [string, string]] : []),
    [t('catalogue.building.floorsCount'), format.number(section.floors.filter((floor) => floor.number > 0).length)],
  ];

  return (
    <>
      <PageHeader
        crumbs={[
          { label: t('catalogue.projects.title'), to: '/projects' },
          { label: project.name, to: project.url },
          { label: building.name, to: building.url + carry },
          { label: t('catalogue.section.title', { number: section.number }) },
        ]}
        title={t('catalogue.section.title', { number: section.number })}
        lead={`${building.name} · ${project.name}`}
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
        <div className="rounded-3xl bg-white p-4 ring-1 ring-line sm:p-5">
          <QuickFilter
            path={section.url}
            filter={filter}
            fullFilter={{ ...filter, project: [project.id], building: [building.id] }}
            matching={matching}
            keep={sunLayerQuery(sun)}
          />
        </div>
        <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
          <div className="rounded-3xl bg-white px-4 py-6 ring-1 ring-line sm:p-8">
            <Chessboard
              section={section}
              filter={filter}
              filterActive={filterActive}
              caption={t('catalogue.section.caption', { number: section.number })}
              carry={carry}
              legend={false}
              sunLayer={{ on: sun, href: lp(section.url) + filterQuery(filter, sunLayerQuery(!sun)) }}
            />
          </div>
          <aside className="flex flex-col gap-4 lg:sticky lg:top-24">
            <div className="rounded-3xl bg-white p-6 ring-1 ring-line">
              <h2 className="text-lg font-bold">{t('catalogue.section.summary')}</h2>
              <dl className="mt-3 space-y-2">
                {counts.map(([label, value]) => (
                  <div key={label} className="flex justify-between gap-4">
                    <dt className="text-muted">{label}</dt>
                    <dd className="font-semibold tabular-nums">{value}</dd>
                  </div>
                ))}
              </dl>
              <Legend
                filterActive={filterActive}
                rent={forRent > 0}
                auction={inAuction > 0}
                reserved={reserved > 0}
                className="mt-5 border-t border-line pt-4"
              />
            </div>
            {others.length ? (
              <nav aria-label={t('catalogue.section.otherSections')} className="rounded-3xl bg-white p-6 ring-1 ring-line">
                <h2 className="text-lg font-bold">{t('catalogue.section.otherSections')}</h2>
                <ul className="mt-3 flex flex-wrap gap-2">
                  {others.map((other) => (
                    <li key={other.id}>
                      <Link
                        to={lp(other.url) + carry}
                        className="inline-flex min-h-11 items-center gap-2 rounded-full bg-white px-4 font-semibold ring-1 ring-line hover:bg-brand-50 hover:ring-brand-300"
                      >
                        {t('catalogue.building.sectionName', { number: other.number })}
                        <span className="text-sm font-normal text-muted tabular-nums">{format.plural('catalogue.plural.lotsLeft', other.lotsLeft)}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </nav>
            ) : null}
          </aside>
        </div>
      </div>
    </>
  );
}
