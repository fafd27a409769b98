import type { ComponentProps } from 'react';
import { Indicators } from '#app/components/catalogue/indicators.tsx';
import { Section } from '#app/components/catalogue/page-header.tsx';
import { apartmentComplex, JsonLd, useAbsoluteUrl } from '#app/components/seo/json-ld.tsx';
import { useT } from '#app/lib/i18n.tsx';
import { ProjectAbout } from './about.tsx';
import { ProjectBenefits } from './benefits.tsx';
import { ProjectPlaces } from './places.tsx';
import { ProjectPriceByMonthTable } from './price-by-month.tsx';
import { ProjectProgress } from './progress.tsx';

/**
 * The project page's sections that do nothing in the browser (app/lib/static-part.tsx, ADR 043): the server renders
 * them, a browser keeps their HTML, and this code loads only when the browser renders the page itself (a move to it).
 */

function ProjectIndicators({ data }: { data: ComponentProps<typeof Indicators>['items'] }) {
  const t = useT();
  if (!data.length) return null;
  return (
    <Section id="indicators" title={t('catalogue.project.indicators')}>
      <Indicators items={data} />
    </Section>
  );
}

function About({ data }: { data: ComponentProps<typeof ProjectAbout>['project'] }) {
  return <ProjectAbout project={data} />;
}

function Benefits({ data }: { data: ComponentProps<typeof ProjectBenefits>['items'] }) {
  return <ProjectBenefits items={data} />;
}

function PriceByMonth({ data }: { data: ComponentProps<typeof ProjectPriceByMonthTable>['prices'] }) {
  return <ProjectPriceByMonthTable prices={data} />;
}

function Places({ data }: { data: ComponentProps<typeof ProjectPlaces> }) {
  return <ProjectPlaces places={data.places} projectId={data.projectId} />;
}

function Progress({ data }: { data: ComponentProps<typeof ProjectProgress> }) {
  return <ProjectProgress reports={data.reports} progressUrl={data.progressUrl} />;
}

/** The project as a schema.org ApartmentComplex, for search engines: nothing in it is the browser's to use. */
function StructuredData({ data }: { data: { project: Parameters<typeof apartmentComplex>[0]; path: string } }) {
  const absolute = useAbsoluteUrl();
  return <JsonLd data={apartmentComplex(data.project, absolute(data.path))} />;
}

/** The sections by the names the loader gives their data (`staticParts`). */
export const sections = {
  structuredData: StructuredData,
  indicators: ProjectIndicators,
  about: About,
  benefits: Benefits,
  priceByMonth: PriceByMonth,
  places: Places,
  progress: Progress,
};
