import type { ComponentProps } from 'react';
import { CardGrid } from '#app/components/catalogue/chip-filter.tsx';
import { ProjectCard } from '#app/components/catalogue/project-card.tsx';
import { PublicationCard } from '#app/components/content/publication-card.tsx';
import { SectionHeading } from '#app/components/layout/section-heading.tsx';
import { useT } from '#app/lib/i18n.tsx';
import { HomeAdvantages } from './advantages.tsx';
import { HomeCollections } from './collections.tsx';
import { HomeIndicators } from './indicators.tsx';
import { HomeNews } from './news.tsx';
import { HomePartners } from './partners.tsx';

/**
 * The home page's sections that do nothing in the browser (app/lib/static-part.tsx, ADR 043): the server renders them,
 * a browser keeps their HTML, and this code loads only when the browser renders the page itself (a move to it).
 */

function Indicators({ data }: { data: ComponentProps<typeof HomeIndicators>['items'] }) {
  return <HomeIndicators items={data} />;
}

function Projects({ data }: { data: ComponentProps<typeof ProjectCard>['project'][] }) {
  const t = useT();
  return (
    <section aria-labelledby="projects-title" className="bg-white py-14 sm:py-20">
      <div className="container-page">
        <SectionHeading id="projects-title" title={t('home.projectsTitle')} link={{ to: '/projects', label: t('home.allProjects') }} />
        <ul className="mt-8 grid gap-6 md:grid-cols-2 xl:grid-cols-4">
          {data.map((project) => (
            <li key={project.id}>
              <ProjectCard project={project} headingLevel={3} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function Collections({ data }: { data: ComponentProps<typeof HomeCollections>['items'] }) {
  return <HomeCollections items={data} />;
}

function Promos({ data }: { data: ComponentProps<typeof PublicationCard>['item'][] }) {
  const t = useT();
  if (!data.length) return null;
  return (
    <section aria-labelledby="promo-title" className="home-section">
      <SectionHeading id="promo-title" title={t('promo.current')} link={{ to: '/promo', label: t('promo.all') }} />
      <CardGrid items={data} render={(item) => <PublicationCard item={item} headingLevel={3} />} />
    </section>
  );
}

function Advantages({ data }: { data: ComponentProps<typeof HomeAdvantages>['items'] }) {
  return <HomeAdvantages items={data} />;
}

function News({ data }: { data: ComponentProps<typeof HomeNews> }) {
  return <HomeNews news={data.news} commercial={data.commercial} />;
}

function Partners({ data }: { data: ComponentProps<typeof HomePartners>['partners'] }) {
  return <HomePartners partners={data} />;
}

/** The sections by the names the loader gives their data (`staticParts`). */
export const sections = {
  indicators: Indicators,
  projects: Projects,
  collections: Collections,
  promos: Promos,
  advantages: Advantages,
  news: News,
  partners: Partners,
};
