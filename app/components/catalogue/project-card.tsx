import { Link } from 'react-router';
import { LOT_TYPES, type ProjectCard as ProjectCardData } from '#core/catalogue/types.ts';
import { Icon } from '#app/components/ui/icon.tsx';
import { Image } from '#app/components/ui/image.tsx';
import { useLocalePath, useT } from '#app/lib/i18n.tsx';
import { useCatalogueFormat } from './format.ts';

const STATUS_PILL = {
  completed: 'bg-white text-brand-800',
  construction: 'bg-brand-800 text-white',
  presale: 'bg-accent-100 text-accent-800',
} as const;

/** A project in a list: render, status, place, completion and the figures a buyer compares first. */
export function ProjectCard({ project, priority = false, headingLevel = 2 }: { project: ProjectCardData; priority?: boolean; headingLevel?: 2 | 3 }) {
  const t = useT();
  const lp = useLocalePath();
  const format = useCatalogueFormat();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const byType = LOT_TYPES.filter((type) => (project.lotsLeftByType[type] ?? 0) > 0);
  return (
    <article className="group card overflow-hidden">
      <div className="relative">
        <Image picture={project.image} usage="card" alt={project.image.alt} priority={priority} className="card-img" />
        <span className={`card-badge text-xs ${STATUS_PILL[project.status]}`}>{t(`catalogue.projectStatus.${project.status}`)}</span>
      </div>
      <div className="card-body">
        <Heading className="project-card-title">
          <Link to={lp(project.url)} className="card-link">
            {project.name}
          </Link>
        </Heading>
        <p className="mt-2 text-muted">{project.tagline}</p>
        <p className="project-card-where">
          <Icon name="map-pin" className="mt-0.5 size-4 shrink-0 text-brand-700" />
          <span>{`${project.district} · ${project.address}`}</span>
        </p>
        <p className="project-card-when">
          <Icon name="key" className="size-4 shrink-0 text-brand-700" />
          {project.completionLabel}
        </p>
        <dl className="project-card-figures">
          <div>
            <dt>{t('catalogue.project.priceFrom')}</dt>
            <dd>{project.minPrice !== null ? format.from(project.minPrice) : '—'}</dd>
          </div>
          <div>
            <dt>{t('catalogue.project.onSale')}</dt>
            <dd>{format.availability(project.lotsLeft, project.status === 'presale', 'catalogue.plural.lots')}</dd>
          </div>
        </dl>
        {byType.length ? (
          <ul className="mt-4 flex flex-wrap gap-2" aria-label={t('catalogue.project.byType')}>
            {byType.map((type) => (
              <li key={type} className="project-card-type">
                {t(`catalogue.lotTypePlural.${type}`)} <span>{format.number(project.lotsLeftByType[type] ?? 0)}</span>
              </li>
            ))}
          </ul>
        ) : null}
        {project.lotsBooked > 0 ? (
          <p className="mt-2 text-sm">
            <span className="text-muted">{`${t('catalogue.status.booked')}:`}</span>{' '}
            <span className="font-semibold tabular-nums">{format.number(project.lotsBooked)}</span>
          </p>
        ) : null}
        {project.lotsForRent > 0 ? (
          <p className="mt-2 text-sm">
            <span className="text-muted">{`${t('catalogue.project.forRent')}:`}</span> {t('catalogue.lotTypePlural.commercial')}{' '}
            <span className="font-semibold tabular-nums">{format.number(project.lotsForRent)}</span>
          </p>
        ) : null}
      </div>
    </article>
  );
}
