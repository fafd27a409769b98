import { Link } from 'react-router';
import type { CompletionMove, ProgressBuilding, ProgressEntry } from '#core/catalogue/types.ts';
import { Section } from '#app/components/catalogue/page-header.tsx';
import { buttonClass } from '#app/components/ui/button.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import { Image } from '#app/components/ui/image.tsx';
import { useCatalogueFormat } from '#app/components/catalogue/format.ts';
import { useLocalePath, useT } from '#app/lib/i18n.tsx';

/**
 * A building's completion quarter; when its deadline moved, the move itself, in words: «был IV квартал 2026,
 * теперь II квартал 2027». A moved deadline is said, never hidden behind the new date.
 */
export function CompletionText({ completion }: { completion: Pick<CompletionMove, 'completionLabel' | 'originalCompletionLabel'> }) {
  const t = useT();
  if (!completion.originalCompletionLabel) return <>{completion.completionLabel}</>;
  return (
    <span className="inline">
      {completion.completionLabel}
      <span className="mt-1 block text-sm font-semibold text-amber-800">
        {t('catalogue.progress.movedNote')}: {t('catalogue.progress.moved', { was: completion.originalCompletionLabel, now: completion.completionLabel })}
      </span>
    </span>
  );
}

/** Each building of a report: floors built, share of works done and its completion quarter (moved or not). */
export function ProgressBuildings({ buildings }: { buildings: ProgressBuilding[] }) {
  const t = useT();
  const format = useCatalogueFormat();
  const lp = useLocalePath();
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {buildings.map((b) => (
        <li key={b.id} className="rounded-3xl bg-white p-5 ring-1 ring-line">
          <div className="flex items-baseline justify-between gap-3">
            <Link to={lp(b.url)} className="text-lg font-bold underline-offset-4 hover:text-brand-800 hover:underline">
              {b.name}
            </Link>
            <span className="text-lg font-extrabold text-brand-800 tabular-nums">
              {t('catalogue.progress.percent', { percent: format.percent(b.percent) })}
            </span>
          </div>
          {/* A native <progress> (the CSP allows no inline style to size a bar); styled through its pseudo-elements. */}
          <progress
            value={b.percent}
            max={100}
            aria-label={t('catalogue.progress.progressOf', { name: b.name })}
            className="mt-3 block h-2 w-full appearance-none overflow-hidden rounded-full bg-brand-50 [&::-moz-progress-bar]:rounded-full [&::-moz-progress-bar]:bg-brand-600 [&::-webkit-progress-bar]:bg-brand-50 [&::-webkit-progress-value]:rounded-full [&::-webkit-progress-value]:bg-brand-600"
          />
          <p className="mt-3 text-sm text-muted">{t('catalogue.progress.floorsBuilt', { built: b.floorsBuilt, count: b.floorsCount })}</p>
          <p className="mt-1 text-sm">
            <span className="text-muted">{t('catalogue.progress.completion')}: </span>
            <span className="font-semibold">
              <CompletionText completion={b} />
            </span>
          </p>
        </li>
      ))}
    </ul>
  );
}

/**
 * «Ход строительства» on the project page: how far each building has got and the latest report with its
 * photographs, leading to the report's page and to all the reports.
 */
export function ProjectProgress({ reports, progressUrl }: { reports: ProgressEntry[]; progressUrl: string }) {
  const t = useT();
  const lp = useLocalePath();
  const latest = reports[0];
  if (!latest) return null;
  return (
    <Section
      id="progress"
      title={t('catalogue.project.progress')}
      action={
        <Link to={lp(progressUrl)} className={buttonClass('secondary', 'md')}>
          {t('catalogue.progress.allReports')} ({reports.length})
          <Icon name="arrow-right" className="size-4" />
        </Link>
      }
    >
      <ProgressBuildings buildings={latest.buildings} />
      <article className="mt-6 rounded-3xl bg-white p-6 ring-1 ring-line sm:p-8">
        <p className="text-sm font-semibold text-brand-700">{t('catalogue.progress.latest')}</p>
        <h3 className="mt-1 text-xl font-bold first-letter:uppercase">
          <Link to={lp(latest.url)} className="underline-offset-4 hover:text-brand-800 hover:underline">
            {latest.title}
          </Link>
        </h3>
        <p className="mt-3 max-w-3xl text-muted">{latest.text}</p>
        {latest.photos.length ? (
          <ul className="mt-5 grid grid-cols-2 gap-3 lg:grid-cols-4">
            {latest.photos.slice(0, 4).map((photo) => (
              <li key={photo.src}>
                <Image picture={photo} usage="progressPhoto" alt={photo.alt} className="aspect-[32/22] rounded-2xl" />
              </li>
            ))}
          </ul>
        ) : null}
        <Link to={lp(latest.url)} className={buttonClass('primary', 'md', 'mt-6')}>
          {t('catalogue.progress.open')}
          <Icon name="arrow-right" className="size-4" />
        </Link>
      </article>
    </Section>
  );
}
