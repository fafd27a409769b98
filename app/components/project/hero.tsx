import type { ReactNode } from 'react';
import type { ProjectShown } from '#core/catalogue/types.ts';
import { completionText } from '#app/components/catalogue/completion.ts';
import { useCatalogueFormat } from '#app/components/catalogue/format.ts';
import { RequestButton } from '#app/components/catalogue/request-button.tsx';
import { ButtonLink, buttonClass } from '#app/components/ui/button.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import { Image } from '#app/components/ui/image.tsx';
import { useT } from '#app/lib/i18n.tsx';

/** The hero's request form, which the page's other request buttons (lots, closing call) open too. */
export const PROJECT_REQUEST_DIALOG_ID = 'project-request';

/**
 * The top of a project page: its picture, name, tagline, four figures (district, completion, price from, what is
 * on sale) and the one next step. A project whose sales have not started offers the waiting list, not a filter.
 */
export function ProjectHero({ project, filterHref, actions }: { project: ProjectShown; filterHref: string; actions?: ReactNode }) {
  const t = useT();
  const format = useCatalogueFormat();
  const presale = project.status === 'presale';
  return (
    <section aria-labelledby="project-title" className="container-page pt-5">
      <div className="relative overflow-hidden rounded-3xl bg-brand-900 text-white">
        <Image picture={project.image} usage="projectHero" alt={project.image.alt} priority className="aspect-[16/10] sm:aspect-[16/9] lg:aspect-[17/8]" />
        {/* On phones the text sits under the picture: over a pale sky it would not read. */}
        <div aria-hidden="true" className="absolute inset-0 hidden bg-gradient-to-t from-brand-900 via-brand-900/55 to-brand-900/0 sm:block" />
        <div className="p-6 sm:absolute sm:inset-x-0 sm:bottom-0 sm:p-10 lg:p-14">
          <p className="flex flex-wrap gap-2 text-sm font-semibold">
            <span className="rounded-full bg-white px-3 py-1 text-brand-900">{t(`catalogue.projectStatus.${project.status}`)}</span>
            {project.shared ? <span className="rounded-full bg-accent-100 px-3 py-1 text-accent-800">{t('catalogue.shared.badge')}</span> : null}
          </p>
          <h1 id="project-title" className="mt-4 max-w-4xl text-4xl leading-[1.05] font-extrabold tracking-tight text-balance sm:text-6xl">
            {project.name}
          </h1>
          <p className="mt-3 max-w-2xl text-lg text-pretty text-brand-100 sm:text-xl">{project.tagline}</p>
          <dl className="mt-6 grid max-w-3xl grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-4 sm:text-base">
            <HeroFigure label={t('catalogue.project.address')} value={project.district} />
            {/* The short form under its label: the project's own completion phrase repeats the label ("Completion: Q4 2027"). */}
            <HeroFigure label={t('catalogue.project.completion')} value={completionText(project.completion, t)} />
            <HeroFigure label={t('catalogue.project.priceFrom')} value={project.minPrice !== null ? format.from(project.minPrice) : '—'} />
            <HeroFigure label={t('catalogue.project.onSale')} value={format.availability(project.lotsLeft, presale, 'catalogue.plural.lots')} />
            {/* Booked lots beside the lots for sale, never counted with them. */}
            {project.lotsBooked > 0 ? <HeroFigure label={t('catalogue.status.booked')} value={format.number(project.lotsBooked)} /> : null}
          </dl>
          <div className="mt-8 flex flex-wrap gap-3">
            {presale ? (
              <ButtonLink to="#presale-title" variant="inverse" size="lg">
                {t('forms.titles.presale')}
                <Icon name="arrow-right" />
              </ButtonLink>
            ) : project.lotsLeft > 0 ? (
              <ButtonLink to={project.genplan.buildings.length ? '#genplan' : filterHref} variant="inverse" size="lg">
                {t('catalogue.project.chooseLot')}
                <Icon name="arrow-right" />
              </ButtonLink>
            ) : null}
            {project.presentationUrl ? (
              <a href={project.presentationUrl} download className={buttonClass('ghost', 'lg', 'btn-on-photo')}>
                <Icon name="download" />
                {t('catalogue.project.presentation')}
                <span className="text-sm font-normal text-white/70">{t('catalogue.project.presentationHint')}</span>
              </a>
            ) : null}
            <RequestButton variant="ghost" projectId={project.id} dialogId={PROJECT_REQUEST_DIALOG_ID} className="btn-on-photo">
              {t('catalogue.project.request')}
            </RequestButton>
            {actions}
          </div>
        </div>
      </div>
      {/* The hero's text is anchored to the picture's bottom: painted half-arrived (a slow network streams the
          page in pieces) it would grow upwards and move. The browser holds the first paint until this mark is
          parsed (render-blocking `expect` link), so the hero is painted whole. */}
      <span id="hero-end" hidden />
      <link rel="expect" href="#hero-end" blocking="render" />
    </section>
  );
}

function HeroFigure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-brand-100/90">{label}</dt>
      <dd className="font-bold tabular-nums">{value}</dd>
    </div>
  );
}
