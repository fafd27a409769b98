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
        <span className={`absolute top-4 left-4 rounded-full px-3 py-1 text-xs font-bold shadow-sm ${STATUS_PILL[project.status]}`}>
          {t(`catalogue.projectStatus.${project.status}`)}
        </span>
      </div>
      <div className="flex flex-1 flex-col p-6">
        <Heading className="text-2xl font-bold tracking-tight">
          <Link to={lp(project.url)} className="card-link">
            {project.name}
          </Link>
        </Heading>
        <p className="mt-2 text-muted">{project.tagline}</p>
        <p className="mt-4 flex items-start gap-2 text-sm">
          <Icon name="map-pin" className="mt-0.5 size-4 shrink-0 text-brand-700" />
          <span>
            {project.district} · {project.address}
          </span>
        </p>
        <p className="mt-1.5 mb-6 flex items-center gap-2 text-sm">
          <Icon name="key" className="size-4 shrink-0 text-brand-700" />
          {project.completionLabel}
        </p>
        <dl className="mt-auto grid grid-cols-2 gap-4 border-t border-line pt-5">
          <div>
            <dt className="text-sm text-muted">{t('catalogue.project.priceFrom')}</dt>
            <dd className="text-lg font-bold tabular-nums">{project.minPrice !== null ? format.from(project.minPrice) : '—'}</dd>
          </div>
          <div>
            <dt className="text-sm text-muted">{t('catalogue.project.onSale')}</dt>
            <dd className="text-lg font-bold tabular-nums">{format.availability(project.lotsLeft, project.status === 'presale', 'catalogue.plural.lots')}</dd>
          </div>
        </dl>
        {byType.length ? (
          <ul className="mt-4 flex flex-wrap gap-2" aria-label={t('catalogue.project.byType')}>
            {byType.map((type) => (
              <li key={type} className="rounded-full bg-paper px-3 py-1 text-sm">
                {t(`catalogue.lotTypePlural.${type}`)} <span className="font-semibold tabular-nums">{format.number(project.lotsLeftByType[type] ?? 0)}</span>
              </li>
            ))}
          </ul>
        ) : null}
        {project.lotsBooked > 0 ? (
          <p className="mt-2 text-sm">
            <span className="text-muted">{t('catalogue.status.booked')}:</span>{' '}
            <span className="font-semibold tabular-nums">{format.number(project.lotsBooked)}</span>
          </p>
        ) : null}
        {project.lotsForRent > 0 ? (
          <p className="mt-2 text-sm">
            <span className="text-muted">{t('catalogue.project.forRent')}:</span> {t('catalogue.lotTypePlural.commercial')}{' '}
            <span className="font-semibold tabular-nums">{format.number(project.lotsForRent)}</span>
          </p>
        ) : null}
      </div>
    </article>
  );
}
